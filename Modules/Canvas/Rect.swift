/// A rectangle of cells: column `x`, row `y`, `width` columns, `height` rows.
public struct Rect: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  /// A rectangle; negative sizes count as empty.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// Whether it has no cells.
  public var isEmpty: Bool { width == 0 || height == 0 }
  /// One past the last column.
  public var maxX: Int { x + width }
  /// One past the last row.
  public var maxY: Int { y + height }

  /// Shrunk by `amount` on every side.
  public func inset(by amount: Int) -> Rect {
    Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  /// The top `rows` rows, and the rest.
  public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
    let taken = min(max(0, rows), height)
    return (
      Rect(x: x, y: y, width: width, height: taken),
      Rect(x: x, y: y + taken, width: width, height: height - taken)
    )
  }

  /// The bottom `rows` rows, and the rest.
  public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
    let taken = min(max(0, rows), height)
    return (
      Rect(x: x, y: y, width: width, height: height - taken),
      Rect(x: x, y: y + height - taken, width: width, height: taken)
    )
  }

  /// The left `columns` columns, and the rest.
  public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
    let taken = min(max(0, columns), width)
    return (
      Rect(x: x, y: y, width: taken, height: height),
      Rect(x: x + taken, y: y, width: width - taken, height: height)
    )
  }

  /// A rectangle of `width` x `height` centred in this one (clipped to it).
  public func centered(width: Int, height: Int) -> Rect {
    let w = min(width, self.width)
    let h = min(height, self.height)
    return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
  }

  /// The row `index` rows down, one row high.
  public func row(_ index: Int) -> Rect { Rect(x: x, y: y + index, width: width, height: 1) }
}
