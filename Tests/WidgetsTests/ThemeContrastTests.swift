import Canvas
import Testing
import Widgets

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal's colours as an sRGB value, and WCAG's relative luminance and contrast ratio.
struct RGB: Hashable, CustomStringConvertible {
  var red: Double
  var green: Double
  var blue: Double

  /// `0xRRGGBB`.
  init(_ hex: UInt32) {
    red = Double((hex >> 16) & 0xFF) / 255
    green = Double((hex >> 8) & 0xFF) / 255
    blue = Double(hex & 0xFF) / 255
  }

  var description: String {
    let bytes = [red, green, blue].map { Int(($0 * 255).rounded()) }
    return "#" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
  }

  /// WCAG 2's relative luminance.
  var luminance: Double {
    func linear(_ value: Double) -> Double {
      value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// WCAG 2's contrast ratio between two colours, 1 to 21.
  static func contrast(_ one: RGB, _ other: RGB) -> Double {
    let (a, b) = (one.luminance, other.luminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// xterm's faint: each channel at two thirds.
  var faint: RGB {
    var copy = self
    copy.red *= 2.0 / 3
    copy.green *= 2.0 / 3
    copy.blue *= 2.0 / 3
    return copy
  }

  /// Faint as terminals that fade text into its background draw it (xterm.js, iTerm, and the
  /// terminal the survey measured): each channel moved 7/15 of the way to the background's,
  /// black on white drawn #777777.
  func faded(on background: RGB) -> RGB {
    func toward(_ one: Double, _ other: Double) -> Double { one + (other - one) * 7 / 15 }
    var copy = self
    copy.red = toward(red, background.red)
    copy.green = toward(green, background.green)
    copy.blue = toward(blue, background.blue)
    return copy
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

/// How a terminal draws faint text: not at all, darker, or faded into the background.
enum Faint: CaseIterable { case none, darker, faded }

/// How a terminal shows a style: its 16 colours, its own foreground and background, and
/// whether it draws bold as the bright colour and faint as a darker one.
struct TerminalColors {
  var name: String
  var normal: [RGB]
  var bright: [RGB]
  var foreground: RGB
  var background: RGB
  /// The ways it may draw faint: xterm darker (older releases) or faded (the survey's).
  var faints: [Faint] = [.none, .darker, .faded]

  /// xterm's default 16 colours.
  static let xtermNormal: [RGB] = [
    0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
  ].map(RGB.init)
  static let xtermBright: [RGB] = [
    0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
  ].map(RGB.init)

  /// Stock xterm: black on white.
  static let light = TerminalColors(
    name: "xterm black on white", normal: xtermNormal, bright: xtermBright,
    foreground: RGB(0x000000), background: RGB(0xffffff))
  /// xterm with a dark background, its foreground light grey or white.
  static let dark = [
    TerminalColors(
      name: "xterm grey on black", normal: xtermNormal, bright: xtermBright,
      foreground: RGB(0xe5e5e5), background: RGB(0x000000)),
    TerminalColors(
      name: "xterm white on black", normal: xtermNormal, bright: xtermBright,
      foreground: RGB(0xffffff), background: RGB(0x000000)),
  ]

  /// Alacritty's default colours, on a near-black background; its faint is darker (its dim
  /// colours).
  static let alacritty = TerminalColors(
    name: "alacritty",
    normal: [
      0x181818, 0xac4242, 0x90a959, 0xf4bf75, 0x6a9fb5, 0xaa759f, 0x75b5aa, 0xd8d8d8,
    ].map(RGB.init),
    bright: [
      0x6b6b6b, 0xc55555, 0xaac474, 0xfeca88, 0x82b8c8, 0xc28cb8, 0x93d3c3, 0xf8f8f8,
    ].map(RGB.init), foreground: RGB(0xd8d8d8), background: RGB(0x181818),
    faints: [.none, .darker])

  /// The index 0-7 of a colour, nil for the terminal's own.
  static func index(_ color: Color) -> Int? {
    color == .default ? nil : Int(color.rawValue) - 1
  }

  /// Every (text, background) a terminal of these colours may show for `style`: bold drawn as
  /// the bright colour of the foreground (xterm, urxvt, st) or not (8-colour terminals), faint
  /// drawn darker (xterm), faded into the background, or not at all, reverse swapping the two
  /// after bold.
  func renderings(of style: Style) -> [(text: RGB, background: RGB)] {
    var result: [(RGB, RGB)] = []
    let bold = style.attributes.contains(.bold)
    for brightens in bold ? [false, true] : [false] {
      for faint in style.attributes.contains(.dim) ? faints : [.none] {
        var text = Self.index(style.foreground).map { normal[$0] } ?? foreground
        if brightens, let index = Self.index(style.foreground) { text = bright[index] }
        var back = Self.index(style.background).map { normal[$0] } ?? background
        if style.attributes.contains(.reverse) { swap(&text, &back) }
        switch faint {
        case .none: break
        case .darker: text = text.faint
        case .faded: text = text.faded(on: back)
        }
        result.append((text, back))
      }
    }
    return result
  }
}

@Suite("Theme contrast")
struct ThemeContrastTests {
  /// Roles that are lines and marks, not text: WCAG asks 3:1 of them, as of large text.
  static let graphics: Set<String> = ["border", "focusedBorder"]

  /// The roles of `theme` whose lowest contrast on `terminal` is under WCAG's minimum: 4.5:1
  /// for text, 3:1 for bold text and for borders.
  static func failures(of theme: Theme, on terminal: TerminalColors) -> [String] {
    theme.roles.compactMap { role in
      let needed =
        role.style.attributes.contains(.bold) || graphics.contains(role.name) ? 3.0 : 4.5
      let worst = terminal.renderings(of: role.style).min {
        RGB.contrast($0.text, $0.background) < RGB.contrast($1.text, $1.background)
      }
      guard let worst else { return nil }
      let ratio = RGB.contrast(worst.text, worst.background)
      guard ratio < needed else { return nil }
      let shown = (ratio * 100).rounded() / 100
      return "\(role.name): \(worst.text) on \(worst.background) is \(shown):1, under \(needed):1"
    }
  }

  @Test("the model gives WCAG's figures: black on white 21:1, xterm's yellow on white 1.07:1")
  func model() {
    #expect(abs(RGB.contrast(RGB(0x000000), RGB(0xffffff)) - 21) < 0.01)
    #expect(abs(RGB.contrast(RGB(0xffff00), RGB(0xffffff)) - 1.07) < 0.01)
    let bold = TerminalColors.light.renderings(
      of: Style(foreground: .black, background: .cyan, attributes: .bold))
    #expect(bold.map(\.text) == [RGB(0x000000), RGB(0x7f7f7f)])
    // The survey's 4.48:1: faint black on white, faded, is #777777.
    let faint = TerminalColors.light.renderings(of: Style(attributes: .dim)).map(\.text)
    #expect(faint == [RGB(0x000000), RGB(0x000000), RGB(0x777777)])
    #expect(abs(RGB.contrast(RGB(0x777777), RGB(0xffffff)) - 4.48) < 0.01)
  }

  @Test("every role of the light theme is readable in xterm, black on white")
  func light() {
    #expect(Self.failures(of: .light, on: .light) == [])
  }

  @Test(
    "every role of the dark theme is readable in xterm on black", arguments: TerminalColors.dark)
  func dark(terminal: TerminalColors) {
    #expect(Self.failures(of: .dark, on: terminal) == [], "\(terminal.name)")
  }

  @Test("the dark theme holds on alacritty's default colours: the footer is not white on blue")
  func alacritty() {
    #expect(Self.failures(of: .dark, on: .alacritty) == [])
  }

  @Test("the monochrome theme is readable on either background")
  func monochrome() {
    #expect(Self.failures(of: .monochrome, on: .light) == [])
    for terminal in TerminalColors.dark {
      #expect(Self.failures(of: .monochrome, on: terminal) == [])
    }
  }

  @Test("no role is bold black on a colour, which bold-as-bright terminals turn grey")
  func noBoldBlack() {
    for theme in [Theme.dark, .light, .monochrome] {
      let bold = theme.roles.filter {
        $0.style.attributes.contains(.bold) && $0.style.foreground == .black
      }
      #expect(bold.map(\.name) == [])
    }
  }

  @Test("the roles have distinct names, and the monochrome theme has no colour")
  func roles() {
    let names = Theme.dark.roles.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(Theme.monochrome.roles.allSatisfy { $0.style == $0.style.monochrome })
  }
}
