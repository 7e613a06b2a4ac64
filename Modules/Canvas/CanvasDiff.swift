/// The cells to send to a terminal that shows one canvas so that it shows the next one.
///
/// Rules, in the order the code applies them:
/// - With no previous canvas, or one of another size, every cell is a change (a full repaint).
/// - Otherwise a cell is a change when it differs from the cell in the same place before.
/// - A continuation cell (the right half of a wide character) is never a change of its own: a
///   terminal cannot draw half a character. When one differs, the wide character it belongs to
///   is sent instead, once. A wide character that replaces two narrow ones is therefore one
///   change, and two narrow ones that replace a wide one are two.
/// - Changes come row by row, left to right: drawing a wide character can only disturb the
///   column to its right, which a later change then repaints.
public enum CanvasDiff {
  /// The changes that turn `previous` (nil: a blank, unknown screen) into `canvas`.
  public static func changes(
    from previous: Canvas?, to canvas: Canvas, rows: Range<Int>? = nil
  ) -> [CellChange] {
    let before = previous.flatMap {
      $0.width == canvas.width && $0.height == canvas.height ? $0 : nil
    }
    let all = 0..<canvas.height
    guard let before else { return collect(canvas, rows: all) { _, _ in false } }
    return collect(canvas, rows: (rows ?? all).clamped(to: all)) { index, cell in
      before.cells[index] == cell
    }
  }

  /// The changes that turn a cleared screen into `canvas`: every cell but the blanks in the plain
  /// style, which clearing it (`werase`) already made. A full repaint sends only those, about a
  /// quarter of a form's cells.
  public static func changes(toCleared canvas: Canvas) -> [CellChange] {
    let blank = Cell.blank(.plain)
    return collect(canvas, rows: 0..<canvas.height) { _, cell in cell == blank }
  }

  /// The cells of `rows` that `unchanged` (given a cell's index and the cell) does not rule out,
  /// row by row, with the wide characters' rule above.
  private static func collect(
    _ canvas: Canvas, rows: Range<Int>, unchanged: (Int, Cell) -> Bool
  ) -> [CellChange] {
    var changes: [CellChange] = []
    for y in rows {
      let rowStart = y * canvas.width
      var lastSent = -1
      for x in 0..<canvas.width {
        let cell = canvas.cells[rowStart + x]
        if unchanged(rowStart + x, cell) { continue }
        if !cell.isContinuation {
          changes.append(CellChange(x: x, y: y, cell: cell))
          lastSent = x
          continue
        }
        guard x > 0, lastSent != x - 1 else { continue }
        let lead = canvas.cells[rowStart + x - 1]
        if lead.width == 2 {
          changes.append(CellChange(x: x - 1, y: y, cell: lead))
          lastSent = x - 1
        }
      }
    }
    return changes
  }

  /// Whether going from `previous` to `canvas` repaints everything.
  public static func isFullRepaint(from previous: Canvas?, to canvas: Canvas) -> Bool {
    guard let previous else { return true }
    return previous.width != canvas.width || previous.height != canvas.height
  }
}
