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
}
