import Canvas
import Testing
import Widgets

@testable import Terminal

/// Attribute bits as curses.h defines them (NCURSES_BITS(1, n) = 1 << (n + 8)).
private enum Bits {
  static let underline: UInt32 = 1 << 17
  static let reverse: UInt32 = 1 << 18
  static let dim: UInt32 = 1 << 20
  static let bold: UInt32 = 1 << 21
}

@Suite("Style to ncurses attributes and colour pairs")
struct PaletteTests {
  @Test("each attribute maps to its ncurses bit")
  func attributes() {
    #expect(Palette.attributes(of: []) == 0)
    #expect(Palette.attributes(of: .bold) == Bits.bold)
    #expect(Palette.attributes(of: .dim) == Bits.dim)
    #expect(Palette.attributes(of: [.underline, .reverse]) == Bits.underline | Bits.reverse)
  }

  @Test("the terminal's own colours are pair 0 and create no pair")
  func defaultPair() {
    var palette = Palette.color(usesDefaultColors: true, pairs: 64)
    let result = palette.appearance(of: Style(attributes: .bold))
    #expect(result.appearance == Appearance(attributes: Bits.bold, pair: 0))
    #expect(result.newPair == nil)
  }

  @Test("a colour style creates its pair on first use and reuses it after")
  func lazyPairs() {
    var palette = Palette.color(usesDefaultColors: true, pairs: 64)
    let title = Style(foreground: .cyan, attributes: .bold)
    let first = palette.appearance(of: title)
    #expect(first.appearance == Appearance(attributes: Bits.bold, pair: 1))
    #expect(first.newPair == ColorPairDefinition(number: 1, foreground: 6, background: -1))
    let again = palette.appearance(of: Style(foreground: .cyan))
    #expect(again.appearance == Appearance(attributes: 0, pair: 1))
    #expect(again.newPair == nil)
    let header = palette.appearance(of: Style(foreground: .black, background: .cyan))
    #expect(header.newPair == ColorPairDefinition(number: 2, foreground: 0, background: 6))
  }

  @Test("the whole colour theme fits in the pairs of an 8-colour terminal")
  func themeFits() {
    var palette = Palette.color(usesDefaultColors: true, pairs: 64)
    let theme = Theme.color
    let styles = [
      theme.text, theme.dim, theme.title, theme.border, theme.focusedBorder, theme.selection,
      theme.error, theme.warning, theme.critical, theme.success, theme.accent, theme.header,
      theme.footer, theme.keyHint, theme.seatFree, theme.seatPremium, theme.seatTaken,
      theme.seatSelected, theme.seatCursor,
    ]
    let pairs = styles.map { palette.appearance(of: $0).appearance.pair }
    let combinations = Set(styles.map { [$0.foreground, $0.background] })
      .subtracting([[.default, .default]])
    #expect(Set(pairs.filter { $0 != 0 }).count == combinations.count)
    #expect(pairs.allSatisfy { $0 >= 0 && $0 < 64 })
  }

  @Test("without default colours the default is white text on black")
  func noDefaultColors() {
    var palette = Palette.color(usesDefaultColors: false, pairs: 64)
    let result = palette.appearance(of: Style(foreground: .red))
    #expect(result.newPair == ColorPairDefinition(number: 1, foreground: 1, background: 0))
    let text = palette.appearance(of: Style(background: .blue))
    #expect(text.newPair == ColorPairDefinition(number: 2, foreground: 7, background: 4))
  }

  @Test("monochrome keeps the attributes and drops the colours")
  func monochrome() {
    var palette = Palette.monochrome
    let result = palette.appearance(
      of: Style(foreground: .white, background: .red, attributes: [.bold, .reverse]))
    #expect(result.appearance == Appearance(attributes: Bits.bold | Bits.reverse, pair: 0))
    #expect(result.newPair == nil)
    #expect(!palette.usesColor)
  }

  @Test("when pairs run out a style falls back to pair 0 and keeps its attributes")
  func exhausted() {
    var palette = Palette.color(usesDefaultColors: true, pairs: 3)
    #expect(palette.appearance(of: Style(foreground: .red)).appearance.pair == 1)
    #expect(palette.appearance(of: Style(foreground: .green)).appearance.pair == 2)
    let third = palette.appearance(of: Style(foreground: .blue, attributes: .underline))
    #expect(third.appearance == Appearance(attributes: Bits.underline, pair: 0))
    #expect(third.newPair == nil)
    #expect(palette.appearance(of: Style(foreground: .red)).appearance.pair == 1)
  }
}
