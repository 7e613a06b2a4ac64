/// One column of a row: a grapheme cluster, the columns it takes, and its style.
///
/// A wide character sits in its first cell with `width` 2; the cell after it is a continuation
/// with `width` 0 and an empty grapheme, which a backend skips. A cell is plain data (its text is
/// a `Glyph`, not a `String`): drawing, copying and comparing cells never counts references.
public struct Cell: Hashable, Sendable {
  /// The text, held inline.
  var glyph: Glyph
  /// Columns taken: 1, 2 (wide), or 0 (the second half of a wide character).
  public var width: UInt8
  /// Colours and attributes.
  public var style: Style

  /// The text shown, one grapheme cluster ("" in a continuation cell).
  public var grapheme: String {
    get { glyph.string }
    set { glyph = Glyph(newValue) }
  }

  /// Calls `body` with each scalar of `grapheme`, in order, until it returns false, without
  /// making a `String` (what a backend hands the terminal for every changed cell).
  /// The grapheme's scalar when it is exactly one (most cells), read without making a string.
  public var onlyScalar: Unicode.Scalar? { glyph.onlyScalar }

  public func forEachScalar(_ body: (Unicode.Scalar) -> Bool) {
    glyph.forEachScalar(body)
  }

  /// A cell.
  public init(grapheme: String, width: UInt8, style: Style) {
    self.init(glyph: Glyph(grapheme), width: width, style: style)
  }

  init(glyph: Glyph, width: UInt8, style: Style) {
    self.glyph = glyph
    self.width = width
    self.style = style
  }

  /// A space in `style`.
  public static func blank(_ style: Style = .plain) -> Cell {
    Cell(glyph: .space, width: 1, style: style)
  }

  /// Whether this is the second half of a wide character.
  public var isContinuation: Bool { width == 0 }
}
