import Canvas
import Terminal

/// Where the program's frames go: the terminal live, a list of frames in tests (as ratatui's
/// `TestBackend`), or nowhere.
@MainActor
public protocol Screen: AnyObject {
  /// The size to draw at, in cells.
  var columns: Int { get }
  var rows: Int { get }
  /// Whether colours can be shown (else the monochrome theme is used).
  var usesColor: Bool { get }
  /// Shows `canvas`; `rows`, when given, are the only rows that may have changed.
  func draw(_ canvas: Canvas, rows: Range<Int>?)
  /// Gives the terminal back.
  func stop()
}

extension TerminalScreen: Screen {
  public var columns: Int { size.columns }
  public var rows: Int { size.rows }
}

/// A screen for tests, at a size the test sets, that shows what a terminal would: each frame is
/// sent as `TerminalScreen` sends it (the cells `FrameDiffer` gives, in the rows the program says
/// may have changed) and drawn on a canvas of its own as a terminal draws them. A row the
/// program left out of a draw keeps what it showed before, as on a terminal.
@MainActor
public final class TestScreen: Screen {
  public var columns: Int
  public var rows: Int
  public var usesColor: Bool
  /// What the screen showed after each frame, oldest first.
  public private(set) var frames: [Canvas] = []
  /// The cells sent, over every frame.
  public private(set) var cellsSent = 0
  /// Whether `stop` was called.
  public private(set) var stopped = false
  private var differ = FrameDiffer()

  /// A screen of `columns` by `rows` cells.
  public init(columns: Int = 100, rows: Int = 30, usesColor: Bool = true) {
    self.columns = columns
    self.rows = rows
    self.usesColor = usesColor
  }

  public func draw(_ canvas: Canvas, rows: Range<Int>?) {
    let (clears, changes) = differ.next(canvas, rows: rows)
    var shown =
      clears
      ? Canvas(width: canvas.width, height: canvas.height)
      : frames.last ?? Canvas(width: canvas.width, height: canvas.height)
    for change in changes { shown.apply(change) }
    cellsSent += changes.count
    frames.append(shown)
  }

  public func stop() { stopped = true }

  /// The last frame's text, a line per row, or "" before the first.
  public var text: String { frames.last?.description ?? "" }
}

/// A screen that shows nothing (a program run for its state alone: a benchmark, a journal).
@MainActor
public final class NoScreen: Screen {
  public let columns: Int
  public let rows: Int
  public let usesColor = true

  public init(columns: Int = 100, rows: Int = 30) {
    self.columns = columns
    self.rows = rows
  }

  public func draw(_ canvas: Canvas, rows: Range<Int>?) {}
  public func stop() {}
}
