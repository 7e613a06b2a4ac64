import Canvas
import Testing

/// Text that does not fit reads as cut: at a word, with an ellipsis.
@Suite("Cutting text")
struct TextCutTests {
  @Test("a line is cut after its last whole word, with …")
  func atWord() {
    let note = "Price locked: pay before the countdown at the top reaches 00:00."
    #expect(DisplayWidth.truncateAtWord(note, to: 36) == "Price locked: pay before the…")
    #expect(DisplayWidth.truncateAtWord(note, to: 200) == note)
    #expect(DisplayWidth.truncateAtWord("Supercalifragilistic", to: 8) == "Superca…")
    #expect(DisplayWidth.truncateAtWord("a, b; c", to: 5) == "a…")
    #expect(DisplayWidth.truncateAtWord("anything", to: 0) == "")
  }
}
