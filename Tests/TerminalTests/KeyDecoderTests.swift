import Canvas
import Testing

@testable import Terminal

/// Key codes as curses.h defines them, written out so the tests do not trust the shim's table.
private enum Curses {
  static let up: Int32 = 0o403
  static let resize: Int32 = 0o632
}

/// Reads of the bytes of `text`, as `wgetch` returns them.
private func bytes(_ text: String) -> [KeyRead] { text.utf8.map { .byte($0) } }

@Suite("Key decoding")
struct KeyDecoderTests {
  private let size = TerminalSize(columns: 80, rows: 24)

  private func keys(_ reads: [KeyRead], complete: Bool = true) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.keys(reads, size: size, complete: complete)
  }

  private func keyCode(_ code: Int32) -> Key? { KeyDecoder.key(code: code, size: size) }

  @Test("printable characters, ASCII or not, are characters, from their UTF-8 bytes")
  func printable() {
    #expect(keys(bytes("a é漢😀")) == ["a", " ", "é", "漢", "😀"].map { Key.character($0) })
  }

  @Test("carriage return, line feed and KEY_ENTER are Enter")
  func enter() {
    #expect(keys(bytes("\r\n")) == [.enter, .enter])
    #expect(keyCode(0o527) == .enter)
  }

  @Test("a lone escape is Escape, tab and back-tab are Tab and Shift-Tab")
  func escapeAndTabs() {
    #expect(keys(bytes("\u{1B}")) == [.escape])
    #expect(keys(bytes("\t")) == [.tab])
    #expect(keyCode(0o541) == .backTab)
  }

  @Test("DEL, Ctrl-H and KEY_BACKSPACE are Backspace; KEY_DC is Delete")
  func erasing() {
    #expect(keys(bytes("\u{7F}\u{8}")) == [.backspace, .backspace])
    #expect(keyCode(0o407) == .backspace)
    #expect(keyCode(0o512) == .delete)
  }

  @Test("arrows and the navigation keys decode")
  func navigation() {
    #expect(keyCode(Curses.up) == .up)
    #expect(keyCode(0o402) == .down)
    #expect(keyCode(0o404) == .left)
    #expect(keyCode(0o405) == .right)
    #expect(keyCode(0o406) == .home)
    #expect(keyCode(0o550) == .end)
    #expect(keyCode(0o523) == .pageUp)
    #expect(keyCode(0o522) == .pageDown)
  }

  @Test("control codes other than Tab, Enter and Backspace are Ctrl-letters; others are nothing")
  func control() {
    #expect(keys(bytes("\u{1}\u{3}\u{1A}")) == [.control("a"), .control("c"), .control("z")])
    #expect(keys([.byte(0), .byte(28)]).isEmpty)
    #expect(keys(bytes("\u{85}")).isEmpty)
  }

  @Test("F1 to F12 are function keys and F13 is not")
  func functionKeys() {
    #expect(keyCode(0o411) == .function(1))
    #expect(keyCode(0o424) == .function(12))
    #expect(keyCode(0o425) == nil)
  }

  @Test("KEY_RESIZE carries the size after the read")
  func resize() {
    var decoder = KeyDecoder()
    #expect(
      decoder.keys([.keyCode(Curses.resize)], size: TerminalSize(columns: 120, rows: 40))
        == [.resize(width: 120, height: 40)])
  }

  @Test("unknown key codes are no key")
  func nothing() {
    #expect(keyCode(0o777) == nil)
    #expect(keys([.keyCode(0o777)]).isEmpty)
  }

  @Test("a combining mark joins the character before it")
  func combining() {
    #expect(keys(bytes("e\u{301}ab")) == [.character("é"), .character("a"), .character("b")])
  }

  @Test("a combining mark after a non-character key stays on its own")
  func combiningAfterKey() {
    #expect(keys([.keyCode(Curses.up)] + bytes("\u{301}")) == [.up, .character("\u{301}")])
  }

  @Test("Esc followed by a key in the same drain is that key with Alt, never Esc")
  func alt() {
    #expect(keys(bytes("\u{1B}\u{7F}")) == [.alt(.backspace)])
    #expect(keys(bytes("\u{1B}b\u{1B}é")) == [.alt(.character("b")), .alt(.character("é"))])
    #expect(keys([.byte(27), .keyCode(Curses.up)]) == [.alt(.up)])
    #expect(keys(bytes("\u{1B}\u{1B}")) == [.alt(.escape)])
    #expect(keys(bytes("\u{1B}\r")) == [.alt(.enter)])
    #expect(keys(bytes("\u{1B}[")) == [.alt(.character("["))])
    // Esc pressed, then the window resized: both, in order.
    #expect(
      keys([.byte(27), .keyCode(Curses.resize)]) == [.escape, .resize(width: 80, height: 24)])
  }

  @Test("an Esc cut off by the read limit waits for the next drain instead of going back")
  func escapeAtTheLimit() {
    var decoder = KeyDecoder()
    #expect(
      decoder.keys(bytes("ab\u{1B}"), size: size, complete: false) == ["a", "b"].map(Key.character))
    #expect(decoder.keys(bytes("\u{7F}"), size: size) == [.alt(.backspace)])
    #expect(decoder.keys(bytes("\u{1B}"), size: size) == [.escape])
  }

  @Test("a bracketed paste is one paste key, even across drains and with Esc or Enter inside")
  func paste() {
    #expect(keys(bytes("\u{1B}[200~hello\u{1B}[201~x")) == [.paste("hello"), .character("x")])
    #expect(keys(bytes("\u{1B}[200~a\rb\u{1B}c\u{1B}[201~")) == [.paste("a\rbc")])
    #expect(keys(bytes("\u{1B}[200~\u{1B}[201~")).isEmpty)
    var decoder = KeyDecoder()
    #expect(decoder.keys(bytes("\u{1B}[200~Ada Lo"), size: size).isEmpty)
    #expect(decoder.keys([.keyCode(Curses.up)], size: size).isEmpty)
    #expect(decoder.keys([.byte(0xC3)], size: size).isEmpty)
    #expect(decoder.keys([.byte(0xA9)] + bytes("e\u{1B}[20"), size: size).isEmpty)
    #expect(decoder.keys(bytes("1~\t"), size: size) == [.paste("Ada Loée"), .tab])
  }

  @Test("a paste that never ends ends at Ctrl-C: its text so far is the paste, Ctrl-C and y act")
  func unterminatedPasteEndsAtControlKey() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(bytes("\u{1B}[200~Ada"), size: size).isEmpty)
    #expect(decoder.keys(bytes("\u{3}"), size: size) == [.paste("Ada"), .control("c")])
    #expect(decoder.keys(bytes("y"), size: size) == [.character("y")])
  }

  @Test("a paste that never ends ends once the input has gone quiet its limit of times")
  func unterminatedPasteEndsWhenQuiet() {
    var decoder = KeyDecoder()
    var keys = decoder.keys(bytes("\u{1B}[200~Ada"), size: size)
    for _ in 1..<KeyDecoder.pasteQuietDrains { keys += decoder.keys(bytes("q"), size: size) }
    #expect(
      keys == [.paste("Ada" + String(repeating: "q", count: KeyDecoder.pasteQuietDrains - 1))])
    #expect(decoder.keys(bytes("q"), size: size) == [.character("q")])
    #expect(decoder.keys(bytes("y"), size: size) == [.character("y")])
  }

  @Test("a paste that never ends and never goes quiet ends after its limit of reads")
  func unterminatedPasteEndsAfterReads() {
    var decoder = KeyDecoder()
    var keys = decoder.keys(bytes("\u{1B}[200~"), size: size, complete: false)
    let chunk = bytes(String(repeating: "x", count: 4096))
    for _ in 0..<(KeyDecoder.pasteReadLimit / chunk.count) {
      keys += decoder.keys(chunk, size: size, complete: false)
    }
    keys += decoder.keys(bytes("ab"), size: size, complete: false)
    #expect(
      keys == [
        .paste(String(repeating: "x", count: KeyDecoder.pasteLimit)), .character("a"),
        .character("b"),
      ])
  }

  @Test("a paste keeps at most its limit of characters, and still ends")
  func longPaste() {
    let long = String(repeating: "x", count: KeyDecoder.pasteLimit + 100)
    #expect(keys(bytes("\u{1B}[200~\(long)\u{1B}[201~")) == [.paste(String(long.prefix(4096)))])
  }

  @Test("a paste far longer than the limit, read in drains at the read limit, is one key")
  func hugePaste() {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    let reads = bytes("\u{1B}[200~" + String(repeating: "é", count: 100_000) + "\u{1B}[201~")
    var start = 0
    while start < reads.count {
      let end = min(start + 4096, reads.count)
      keys += decoder.keys(Array(reads[start..<end]), size: size, complete: end == reads.count)
      start = end
    }
    #expect(keys == [.paste(String(repeating: "é", count: KeyDecoder.pasteLimit))])
  }

  @Test("Esc [ and a run of digits a quiet drain ends is Alt+[ and the digits, not held back")
  func longControlSequence() {
    var decoder = KeyDecoder()
    let digits = String(repeating: "1", count: 40)
    let keys = decoder.keys(bytes("\u{1B}[" + digits), size: size, complete: true)
    #expect(keys == [.alt(.character("["))] + digits.map(Key.character))
  }

  @Test("an escape sequence ncurses did not know is dropped, not typed")
  func unknownSequences() {
    #expect(keys(bytes("\u{1B}[1;5Ax\u{1B}[201~")) == [.character("x")])
  }

  @Test("an invalid UTF-8 byte is dropped alone: what follows it is kept")
  func invalidBytes() {
    let reads: [KeyRead] = [0x61, 0xFF, 0x62, 0xC3, 0x28, 0xE0, 0x80, 0x80, 0x63, 0xED, 0xA0, 0x80]
      .map { .byte($0) }
    #expect(keys(reads) == ["a", "b", "(", "c"].map(Key.character))
  }

  @Test("a character cut by the end of a drain is finished by the next")
  func splitCharacter() {
    var decoder = KeyDecoder()
    #expect(decoder.keys([.byte(0xE6), .byte(0xBC)], size: size).isEmpty)
    #expect(decoder.keys([.byte(0xA2)] + bytes("!"), size: size) == ["漢", "!"].map(Key.character))
    #expect(decoder.keys([.byte(0xE6)], size: size).isEmpty)
    #expect(decoder.keys(bytes("a"), size: size) == [.character("a")])
  }
}
