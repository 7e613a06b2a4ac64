import CNcurses
import Canvas

/// Maps styles to ncurses attributes and colour pairs, creating pairs as styles first need them.
///
/// Pair 0 is the terminal's own colours and is never redefined. Other pairs are numbered from 1
/// in the order styles ask for them; when the terminal has no pairs left a style falls back to
/// pair 0 and keeps its attributes, so text stays readable.
struct Palette: Sendable {
  /// Whether styles keep their colours (false: attributes only).
  let usesColor: Bool
  /// Whether -1 means the terminal's own colour (`use_default_colors` succeeded).
  let usesDefaultColors: Bool
  /// How many pairs besides pair 0 can be created.
  let capacity: Int
  private var numbers: [ColorKey: Int16] = [:]

  /// A style's appearance, and the pair to create before drawing with it (nil: it exists).
  typealias Lookup = (appearance: Appearance, newPair: ColorPairDefinition?)

  /// A palette that draws colours.
  static func color(usesDefaultColors: Bool, pairs: Int) -> Palette {
    // 9 x 9 combinations of the eight colours and the default, less (default, default) = pair 0.
    Palette(
      usesColor: true, usesDefaultColors: usesDefaultColors, capacity: min(max(0, pairs - 1), 80))
  }

  /// A palette that draws attributes only.
  static let monochrome = Palette(usesColor: false, usesDefaultColors: false, capacity: 0)

  private init(usesColor: Bool, usesDefaultColors: Bool, capacity: Int) {
    self.usesColor = usesColor
    self.usesDefaultColors = usesDefaultColors
    self.capacity = capacity
  }

  /// How `style` is drawn, and the pair to create first if this is its first use.
  mutating func appearance(of style: Style) -> Lookup {
    let attributes = Self.attributes(of: style.attributes)
    guard usesColor, style.foreground != .default || style.background != .default else {
      return (Appearance(attributes: attributes, pair: 0), nil)
    }
    let key = ColorKey(foreground: style.foreground, background: style.background)
    if let number = numbers[key] { return (Appearance(attributes: attributes, pair: number), nil) }
    guard numbers.count < capacity else {
      return (Appearance(attributes: attributes, pair: 0), nil)
    }
    let number = Int16(numbers.count + 1)
    numbers[key] = number
    let definition = ColorPairDefinition(
      number: number, foreground: code(of: style.foreground, isBackground: false),
      background: code(of: style.background, isBackground: true))
    return (Appearance(attributes: attributes, pair: number), definition)
  }

  /// The ncurses attribute bits of `attributes`.
  static func attributes(of attributes: Style.Attributes) -> attr_t {
    var bits = cnc_a_normal()
    if attributes.contains(.bold) { bits |= cnc_a_bold() }
    if attributes.contains(.dim) { bits |= cnc_a_dim() }
    if attributes.contains(.underline) { bits |= cnc_a_underline() }
    if attributes.contains(.reverse) { bits |= cnc_a_reverse() }
    return bits
  }

  /// The curses colour number of `color`: the ANSI numbers `COLOR_BLACK` (0) to `COLOR_WHITE`
  /// (7), and for the default -1, or white text on black where -1 is not available.
  func code(of color: Color, isBackground: Bool) -> Int16 {
    switch color {
    case .default: usesDefaultColors ? -1 : (isBackground ? 0 : 7)
    case .black: 0
    case .red: 1
    case .green: 2
    case .yellow: 3
    case .blue: 4
    case .magenta: 5
    case .cyan: 6
    case .white: 7
    }
  }
}

/// A foreground and background colour: what a colour pair is.
private struct ColorKey: Hashable, Sendable {
  var foreground: Color
  var background: Color
}
