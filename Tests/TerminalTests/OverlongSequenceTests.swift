import Canvas
import Testing

@testable import Terminal

/// Reads of the bytes of `text`, as `wgetch` returns them.
private func bytes(_ text: String) -> [KeyRead] { text.utf8.map { .byte($0) } }

/// Escape sequences past their bound: dropped whole, in time linear in their length.
@Suite("Overlong escape sequences")
struct OverlongSequenceTests {
  private let size = TerminalSize(columns: 80, rows: 24)

  /// `reads` decoded in drains of at most `drain` reads, each drain ending as the read limit
  /// ends one (not complete) unless `quiet`; the keys, and the reads the decoder looked at.
  private func decode(_ reads: [KeyRead], drain: Int = 4096, quiet: Bool = false)
    -> (keys: [Key], examined: Int)
  {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    var start = 0
    while start < reads.count {
      let end = min(reads.count, start + drain)
      keys += decoder.keys(
        Array(reads[start..<end]), size: size, complete: quiet || end == reads.count)
      start = end
    }
    return (keys, decoder.examined)
  }

  /// An SGR mouse report whose first number is `digits` digits long.
  private func longMouseReport(_ digits: Int) -> [KeyRead] {
    bytes("\u{1B}[<" + String(repeating: "1", count: digits) + ";1;1M")
  }

  @Test(
    "Esc [ < and 20,000 digits then ;1;1M is dropped whole; the next key arrives intact",
    arguments: [(30_000, false), (4096, false), (4096, true), (7, true), (1, false)])
  func longMouseReportDropped(drain: Int, quiet: Bool) {
    let reads = longMouseReport(20_000) + bytes("x") + [.keyCode(0o403)]
    #expect(decode(reads, drain: drain, quiet: quiet).keys == [.character("x"), .up])
  }

  @Test("plain Esc [ and 5,000 digits is dropped whole up to its final byte")
  func longControlSequenceDropped() {
    let reads = bytes("\u{1B}[" + String(repeating: "7", count: 5000) + "Aab")
    #expect(decode(reads).keys == [.character("a"), .character("b")])
  }

  @Test("a byte a long sequence cannot hold ends it, and is read as the key it is")
  func endedByAnotherByte() {
    let digits = String(repeating: "9", count: 300)
    #expect(decode(bytes("\u{1B}[" + digits + "\rz")).keys == [.enter, .character("z")])
    #expect(
      decode(bytes("\u{1B}[<" + digits) + [.keyCode(0o403)] + bytes("q")).keys == [
        .up, .character("q"),
      ])
  }

  @Test("a terminal's answer past its bound is dropped up to its BEL or Esc \\, across drains")
  func longAnswerDropped() {
    let text = String(repeating: "f", count: 10_000)
    #expect(decode(bytes("\u{1B}]11;" + text + "\u{07}k"), drain: 300).keys == [.character("k")])
    #expect(
      decode(bytes("\u{1B}]11;" + text + "\u{1B}\\k"), drain: 4096).keys == [.character("k")])
    // The backslash of Esc \ in the next drain, after a drain cut at the read limit.
    #expect(
      decode(bytes("\u{1B}]11;" + text + "\u{1B}\\k"), drain: 10_005).keys == [.character("k")])
    // Esc last in a quiet drain is a key pressed after the answer broke off.
    #expect(decode(bytes("\u{1B}]" + text + "\u{1B}"), quiet: true).keys == [.escape])
  }

  @Test("what terminals send stays within the bounds: a mouse report at 65535x65535, answers")
  func realSequencesKept() {
    #expect(
      decode(bytes("\u{1B}[<28;65535;65535M")).keys == [
        .mouse(
          MouseEvent(
            .left, x: 65534, y: 65534, shift: true, alt: true, control: true))
      ])
    // xterm's device attributes, 36 bytes of parameters: dropped as an answer, not typed.
    #expect(decode(bytes("\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28cz")).keys == [.character("z")])
    // Up to the bound a run cut by a quiet drain is Alt+[ and text, as a person types it.
    #expect(
      decode(bytes("\u{1B}[12"), quiet: true).keys == [
        .alt(.character("[")), .character("1"), .character("2"),
      ])
  }

  @Test("the work is linear: each read is looked at a bounded number of times, in any drains")
  func linear() {
    for drain in [1, 7, 4096] {
      let small = decode(longMouseReport(2000), drain: drain).examined
      let large = decode(longMouseReport(20_000), drain: drain).examined
      // At most a few looks a read, and ten times the reads cost about ten times the work.
      #expect(large <= 3 * 20_010, "drain \(drain): \(large)")
      #expect(large <= 11 * small, "drain \(drain): \(small) then \(large)")
    }
  }
}
