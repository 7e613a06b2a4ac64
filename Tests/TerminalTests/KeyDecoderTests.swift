import Presentation
import Testing

@testable import Terminal

/// Codes as curses.h defines them, written out so the tests do not trust the shim's table.
private enum Curses {
  static let ok: Int32 = 0
  static let error: Int32 = -1
  static let keyCode: Int32 = 0o400
}

@Suite("Key decoding")
struct KeyDecoderTests {
  private let size = TerminalSize(columns: 80, rows: 24)

  private func character(_ value: UInt32) -> Key? {
    KeyDecoder.key(status: Curses.ok, value: value, size: size)
  }

  private func keyCode(_ value: UInt32) -> Key? {
    KeyDecoder.key(status: Curses.keyCode, value: value, size: size)
  }

  @Test("printable characters, ASCII or not, are characters")
  func printable() {
    #expect(character(0x61) == .character("a"))
    #expect(character(0x20) == .character(" "))
    #expect(character(0xE9) == .character("é"))
    #expect(character(0x6F22) == .character("漢"))
    #expect(character(0x1F600) == .character("😀"))
  }

  @Test("carriage return, line feed and KEY_ENTER are Enter")
  func enter() {
    #expect(character(13) == .enter)
    #expect(character(10) == .enter)
    #expect(keyCode(0o527) == .enter)
  }

  @Test("a lone escape is Escape, tab and back-tab are Tab and Shift-Tab")
  func escapeAndTabs() {
    #expect(character(27) == .escape)
    #expect(character(9) == .tab)
    #expect(keyCode(0o541) == .backTab)
  }

  @Test("DEL, Ctrl-H and KEY_BACKSPACE are Backspace; KEY_DC is Delete")
  func erasing() {
    #expect(character(127) == .backspace)
    #expect(character(8) == .backspace)
    #expect(keyCode(0o407) == .backspace)
    #expect(keyCode(0o512) == .delete)
  }

  @Test("arrows and the navigation keys decode")
  func navigation() {
    #expect(keyCode(0o403) == .up)
    #expect(keyCode(0o402) == .down)
    #expect(keyCode(0o404) == .left)
    #expect(keyCode(0o405) == .right)
    #expect(keyCode(0o406) == .home)
    #expect(keyCode(0o550) == .end)
    #expect(keyCode(0o523) == .pageUp)
    #expect(keyCode(0o522) == .pageDown)
  }

  @Test("control codes other than Tab, Enter and Backspace are Ctrl-letters")
  func control() {
    #expect(character(1) == .control("a"))
    #expect(character(3) == .control("c"))
    #expect(character(26) == .control("z"))
    #expect(character(0) == nil)
    #expect(character(28) == nil)
    #expect(character(0x85) == nil)
  }

  @Test("F1 to F12 are function keys and F13 is not")
  func functionKeys() {
    #expect(keyCode(0o411) == .function(1))
    #expect(keyCode(0o424) == .function(12))
    #expect(keyCode(0o425) == nil)
  }

  @Test("KEY_RESIZE carries the size after the read")
  func resize() {
    #expect(
      KeyDecoder.key(
        status: Curses.keyCode, value: 0o632, size: TerminalSize(columns: 120, rows: 40))
        == .resize(width: 120, height: 40))
  }

  @Test("ERR and unknown key codes are no key")
  func nothing() {
    #expect(KeyDecoder.key(status: Curses.error, value: 0x61, size: size) == nil)
    #expect(keyCode(0o777) == nil)
  }

  @Test("a combining mark joins the character before it")
  func combining() {
    let reads = [0x65, 0x301, 0x61, 0x62].map { KeyRead(status: Curses.ok, value: $0) }
    #expect(
      KeyDecoder.keys(reads, size: size) == [.character("é"), .character("a"), .character("b")])
  }

  @Test("a combining mark after a non-character key stays on its own")
  func combiningAfterKey() {
    let reads = [
      KeyRead(status: Curses.keyCode, value: 0o403), KeyRead(status: Curses.ok, value: 0x301),
    ]
    #expect(KeyDecoder.keys(reads, size: size) == [.up, .character("\u{301}")])
  }
}
