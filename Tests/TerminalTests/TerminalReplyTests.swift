import Canvas
import Testing

@testable import Terminal

/// The terminal's answers to the background query, read by the query and dropped by the keys.
@Suite("Terminal replies")
struct TerminalReplyTests {
  private let size = TerminalSize(columns: 80, rows: 24)

  private func bytes(_ text: String) -> [KeyRead] { text.utf8.map { .byte($0) } }

  private func keys(_ text: String, complete: Bool = true) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.keys(bytes(text), size: size, complete: complete)
  }

  // MARK: - Keys

  @Test("a late OSC 11 answer ended by ST or BEL never reaches a field as keys")
  func oscDropped() {
    #expect(keys("a\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\b") == [.character("a"), .character("b")])
    #expect(keys("\u{1B}]11;rgb:0000/0000/0000\u{07}x") == [.character("x")])
    #expect(keys("\u{1B}]10;rgb:e5e5/e5e5/e5e5\u{1B}\\") == [])
  }

  @Test("device attributes answers are dropped")
  func deviceAttributesDropped() {
    #expect(keys("\u{1B}[?64;1;2;6;9;15;18;21;22c") == [])
    #expect(keys("\u{1B}[?1;2cz") == [.character("z")])
  }

  @Test("an answer cut by the end of a read is held until the rest comes")
  func oscAcrossReads() {
    var decoder = KeyDecoder()
    let first = decoder.keys(bytes("\u{1B}]11;rgb:ff"), size: size, complete: false)
    let second = decoder.keys(bytes("ff/ffff/ffff\u{1B}\\q"), size: size)
    #expect(first == [])
    #expect(second == [.character("q")])
  }

  @Test("Alt+] alone, or followed by text that is no answer, stays a key")
  func altBracket() {
    #expect(keys("\u{1B}]") == [.alt(.character("]"))])
    #expect(keys("\u{1B}]\tx") == [.alt(.character("]")), .tab, .character("x")])
  }

  // MARK: - The query's answer

  @Test("colour specifications of 1 to 4 hex digits a channel, rgb or rgba")
  func colors() throws {
    let white = try #require(TerminalBackground.color("rgb:ffff/ffff/ffff"))
    #expect(white == (1, 1, 1))
    let short = try #require(TerminalBackground.color("rgb:f/8/0"))
    #expect(short.red == 1 && abs(short.green - 8.0 / 15) < 1e-9 && short.blue == 0)
    let mixed = try #require(TerminalBackground.color("rgba:00/ff/000/ffff"))
    #expect(mixed == (0, 1, 0))
    for bad in ["rgb:ffff/ffff", "rgb:fffff/0/0", "rgb:/0/0", "rgb:gg/0/0", "#ffffff", "white"] {
      #expect(TerminalBackground.color(bad) == nil, "\(bad)")
    }
  }

  @Test("light or dark by relative luminance: white, grey 90, yellow light; black, blue dark")
  func decision() {
    #expect(TerminalBackground.of(red: 1, green: 1, blue: 1) == .light)
    #expect(TerminalBackground.of(red: 0.9, green: 0.9, blue: 0.9) == .light)
    #expect(TerminalBackground.of(red: 0.8, green: 0.8, blue: 0) == .light)
    #expect(TerminalBackground.of(red: 0, green: 0, blue: 0) == .dark)
    #expect(TerminalBackground.of(red: 0, green: 0, blue: 0.93) == .dark)
    #expect(TerminalBackground.of(red: 0.3, green: 0.3, blue: 0.3) == .dark)
    // Solarized's backgrounds: base3 is light, base03 dark.
    #expect(TerminalBackground.of(red: 0xfd / 255, green: 0xf6 / 255, blue: 0xe3 / 255) == .light)
    #expect(TerminalBackground.of(red: 0, green: 0x2b / 255, blue: 0x36 / 255) == .dark)
  }

  @Test("the answers: colour then attributes, attributes alone, keys between, cut short")
  func answers() {
    func answer(_ text: String) -> TerminalBackground.Answer {
      TerminalBackground.answer(in: Array(text.utf8))
    }
    let both = "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?64;1;2c"
    #expect(answer(both) == .init(background: .light, complete: true))
    #expect(
      answer("\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[?1;2c")
        == .init(background: .dark, complete: true))
    #expect(answer("\u{1B}[?1;2c") == .init(background: nil, complete: true))
    #expect(answer("x\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\") == .init(background: .light))
    #expect(answer("\u{1B}]11;rgb:ffff/ff") == .init())
    #expect(answer("\u{1B}]11;?\u{1B}\\\u{1B}[?6c") == .init(background: nil, complete: true))
    // A cursor key typed meanwhile is no answer.
    #expect(answer("\u{1B}[A") == .init())
  }

  @Test("COLORFGBG: the last number is the background, 0-6 and 8 dark, 7 and 9-15 light")
  func colorFGBG() {
    #expect(TerminalBackground.fromColorFGBG("0;15") == .light)
    #expect(TerminalBackground.fromColorFGBG("15;0") == .dark)
    #expect(TerminalBackground.fromColorFGBG("0;default;7") == .light)
    #expect(TerminalBackground.fromColorFGBG("7;8") == .dark)
    #expect(TerminalBackground.fromColorFGBG("15;default") == nil)
    #expect(TerminalBackground.fromColorFGBG("") == nil)
  }

  @Test("the query is OSC 11 with ST, then primary device attributes")
  func query() {
    #expect(TerminalBackground.query == Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8))
  }
}
