/// One column of a row: a grapheme cluster, the columns it takes, and its style.
///
/// A wide character sits in its first cell with `width` 2; the cell after it is a continuation
/// with `width` 0 and an empty grapheme, which a backend skips.
public struct Cell: Hashable, Sendable {
  /// The text shown, one grapheme cluster ("" in a continuation cell).
  public var grapheme: String
  /// Columns taken: 1, 2 (wide), or 0 (the second half of a wide character).
  public var width: UInt8
  /// Colours and attributes.
  public var style: Style

  /// A cell.
  public init(grapheme: String, width: UInt8, style: Style) {
    self.grapheme = grapheme
    self.width = width
    self.style = style
  }

  /// A space in `style`.
  public static func blank(_ style: Style = .plain) -> Cell {
    Cell(grapheme: " ", width: 1, style: style)
  }

  /// Whether this is the second half of a wide character.
  public var isContinuation: Bool { width == 0 }
}
