/// One cell to send to the terminal: where it is and what it now holds.
public struct CellChange: Hashable, Sendable {
  /// Column.
  public var x: Int
  /// Row.
  public var y: Int
  /// The cell to draw there; never a continuation cell.
  public var cell: Cell

  /// A change.
  public init(x: Int, y: Int, cell: Cell) {
    self.x = x
    self.y = y
    self.cell = cell
  }
}
