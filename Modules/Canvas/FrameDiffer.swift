/// The diff a terminal is sent, frame after frame: it keeps the canvas last drawn and gives, for
/// each new one, the cells that changed (`CanvasDiff`) in the rows that may have, and whether the
/// screen is cleared first (the first frame, or one of a new size). `TerminalScreen` sends the
/// changes to ncurses; the program's test screen applies them to a canvas as a terminal does
/// (`Canvas.apply(_:)`), so a test sees what a terminal would show.
public struct FrameDiffer: Sendable {
  /// The canvas the last frame made the terminal show, as far as the diff knows.
  public private(set) var drawn: Canvas?

  public init() {}

  /// Forgets what was drawn: the next frame clears and repaints the whole screen.
  public mutating func forget() { drawn = nil }

  /// The changes that show `canvas`; `rows`, when given, are the only rows that may have changed
  /// since the last frame, and the only ones compared. `clears` says the screen is cleared first
  /// (the changes then leave out the blanks clearing made).
  public mutating func next(_ canvas: Canvas, rows: Range<Int>? = nil)
    -> (clears: Bool, changes: [CellChange])
  {
    let clears = CanvasDiff.isFullRepaint(from: drawn, to: canvas)
    let compared = clears ? 0..<canvas.height : (rows ?? 0..<canvas.height)
    let changes =
      clears
      ? CanvasDiff.changes(toCleared: canvas)
      : CanvasDiff.changes(from: drawn, to: canvas, rows: compared)
    // Kept as a copy of its own, so neither this nor the app's canvas copies every cell when
    // the other changes (taken out of `drawn` first, so it is not shared while it changes).
    if var kept = drawn.take() {
      kept.copyCells(from: canvas, rows: compared)
      drawn = kept
    } else {
      drawn = canvas
    }
    return (clears, changes)
  }
}
