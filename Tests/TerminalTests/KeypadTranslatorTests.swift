import Testing

@testable import Terminal

/// The translation of the bytes read into what `wgetch` returns, against a table standing for a
/// terminal description: Esc O A is up, Esc [ 1 ; 5 A is Ctrl-up, Esc O P is F1.
@Suite("Keypad sequences in the bytes read")
struct KeypadTranslatorTests {
  static let up: Int32 = 259
  static let controlUp: Int32 = 571
  static let f1: Int32 = 265
  static let table: [String: Int32] = ["\u{1B}OA": up, "\u{1B}[1;5A": controlUp, "\u{1B}OP": f1]

  /// The table's lookup: a key, the start of one or more keys, or nothing.
  static func translator() -> KeypadTranslator {
    KeypadTranslator { sequence in
      let text = String(decoding: sequence, as: UTF8.self)
      if let code = table[text] { return .key(code) }
      return table.keys.contains { $0.hasPrefix(text) } ? .prefix : .none
    }
  }

  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test("bound sequences become their key codes; other bytes stay bytes, Esc among them")
  func boundSequences() {
    var translator = Self.translator()
    let result = translator.translate(
      Self.bytes("a\u{1B}OA\u{1B}[1;5A\u{1B}x\u{1B}[<0;1;1M"), final: false)
    let expected: [KeyRead] =
      [.byte(97), .keyCode(Self.up), .keyCode(Self.controlUp), .byte(27), .byte(120)]
      + Self.bytes("\u{1B}[<0;1;1M").map(KeyRead.byte)
    #expect(result.reads == expected)
    #expect(result.pending.isEmpty)
  }

  @Test("input that ends inside a bound sequence is pending, and bytes alone once final")
  func cutSequence() {
    var translator = Self.translator()
    let cut = translator.translate(Self.bytes("b\u{1B}[1;5"), final: false)
    #expect(cut.reads == [.byte(98)])
    #expect(cut.pending == Self.bytes("\u{1B}[1;5"))
    let completed = translator.translate(cut.pending + Self.bytes("A"), final: false)
    #expect(completed.reads == [.keyCode(Self.controlUp)])
    let alone = translator.translate(Self.bytes("\u{1B}"), final: true)
    #expect(alone.reads == [.byte(27)] && alone.pending.isEmpty)
    let gaveUp = translator.translate(Self.bytes("\u{1B}[1"), final: true)
    #expect(gaveUp.reads == Self.bytes("\u{1B}[1").map(KeyRead.byte))
  }

  @Test("a 20,000-digit sequence costs a few lookups, not one per digit")
  func longSequence() {
    var translator = Self.translator()
    let input = Self.bytes("\u{1B}[<" + String(repeating: "1", count: 20_000) + ";1;1M\u{1B}OP")
    let result = translator.translate(input, final: false)
    #expect(result.reads.last == .keyCode(Self.f1))
    #expect(result.reads.count == input.count - 2)
    // Each Esc is looked up at most one byte past its longest bound sequence.
    #expect(translator.lookups <= 2 * 7)
  }

  @Test("Esc after Esc, and a NUL inside a sequence, end the match")
  func escapesAndNul() {
    var translator = Self.translator()
    let result = translator.translate(Self.bytes("\u{1B}\u{1B}OA\u{1B}[\u{0}"), final: true)
    #expect(result.reads == [.byte(27), .keyCode(Self.up), .byte(27), .byte(91), .byte(0)])
  }
}
