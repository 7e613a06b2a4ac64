import Canvas

/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// Columns.
  public var columns: Int
  /// Rows.
  public var rows: Int

  /// A size.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The size a terminal of this size is drawn at (`LargestScreen.capped`): its own, or past
  /// the largest screen one more than the largest in each direction past it.
  public var capped: TerminalSize {
    let (width, height) = LargestScreen.capped(width: columns, height: rows)
    return TerminalSize(columns: width, rows: height)
  }
}
