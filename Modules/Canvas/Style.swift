/// One of the eight basic terminal colours, or the terminal's own.
public enum Color: UInt8, Hashable, Sendable, CaseIterable {
  case `default`, black, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell is drawn: colours and attributes.
public struct Style: Hashable, Sendable {
  /// Text attributes that combine.
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let underline = Attributes(rawValue: 1 << 2)
    public static let reverse = Attributes(rawValue: 1 << 3)
  }

  /// The text colour.
  public var foreground: Color
  /// The background colour.
  public var background: Color
  /// Bold, dim, underline, reverse.
  public var attributes: Attributes

  /// A style.
  public init(
    foreground: Color = .default, background: Color = .default, attributes: Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's own colours, no attributes.
  public static let plain = Style()

  /// This style with `attributes` added.
  public func adding(_ attributes: Attributes) -> Style {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }

  /// The same attributes without colours: for terminals without colour and `NO_COLOR`.
  public var monochrome: Style { Style(attributes: attributes) }
}
