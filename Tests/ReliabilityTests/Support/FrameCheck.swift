import Canvas
import Presentation

/// Reads a rendered canvas back the way a terminal would.
enum FrameCheck {
  /// Something wrong with a state or its frame.
  enum Problem {
    case failure(String)
    /// Rows a column short only because cells join: `KnownBugs.markStartsField`.
    case cellsJoin(String)
  }

  /// What is wrong with `canvas`, rendered for `width` x `height`, if anything: its size, or
  /// rows that do not take exactly `width` columns.
  static func problem(in canvas: Canvas, width: Int, height: Int) -> Problem? {
    guard canvas.width == width, canvas.height == height, canvas.cells.count == width * height
    else {
      return .failure(
        "the canvas is \(canvas.width)x\(canvas.height) with \(canvas.cells.count) cells")
    }
    // Row by row, cheaply; the slower look at which rows and why only when one is wrong.
    for row in 0..<height where displayWidth(ofRow: row, in: canvas) != width {
      let crooked = crookedRows(in: canvas)
      let message = "at \(width)x\(height): \(crooked):\n\(canvas)"
      return crooked.allSatisfy(\.cellsJoin) ? .cellsJoin(message) : .failure(message)
    }
    return nil
  }

  /// `DisplayWidth.of(canvas.line(row))`: the columns row `row` takes once its cells are written
  /// out as one string (so neighbours that would join into one grapheme are caught).
  ///
  /// Rows made only of one-scalar graphemes that never join a neighbour and that `DisplayWidth`
  /// counts as one column (printable Latin, dashes, arrows, box drawing) are summed cell by
  /// cell, which gives the same number many times faster in a debug build; any other row is
  /// measured as a whole string.
  static func displayWidth(ofRow row: Int, in canvas: Canvas) -> Int {
    // An index loop over the buffer: a debug build's iterators cost more than the check.
    let simple = canvas.cells.withUnsafeBufferPointer { cells -> Int? in
      var columns = 0
      var index = row * canvas.width
      let end = index + canvas.width
      while index < end {
        let cell = cells[index]
        index += 1
        if cell.width == 0 { continue }
        guard let scalar = cell.onlyScalar, isSimple(scalar.value) else { return nil }
        columns += 1
      }
      return columns
    }
    return simple ?? DisplayWidth.of(canvas.line(row))
  }

  /// A row that does not take exactly the canvas's width.
  struct CrookedRow: CustomStringConvertible {
    let row: Int
    let columns: Int
    /// Whether some cells join into one grapheme when the row is written out (a cell starting
    /// with a combining or spacing mark joins the cell before it): the known text-field bug.
    let cellsJoin: Bool

    var description: String { "row \(row): \(columns) columns\(cellsJoin ? " (cells join)" : "")" }
  }

  /// The rows of `canvas` that do not each take exactly its width.
  static func crookedRows(in canvas: Canvas) -> [CrookedRow] {
    (0..<canvas.height).compactMap { row in
      let columns = displayWidth(ofRow: row, in: canvas)
      guard columns != canvas.width else { return nil }
      let cells = (0..<canvas.width).filter { canvas[$0, row]?.isContinuation == false }.count
      return CrookedRow(row: row, columns: columns, cellsJoin: canvas.line(row).count < cells)
    }
  }

  private static func isSimple(_ value: UInt32) -> Bool {
    if value < 0x7F { return value >= 0x20 }
    return value >= 0xA0 && value < 0x300 || value >= 0x2010 && value <= 0x2027
      || value >= 0x2190 && value <= 0x21FF || value >= 0x2500 && value <= 0x25A0
  }
}
