import Canvas
import Program
import Testing

/// The program's test screen shows what a terminal would: each frame goes through the diff the
/// terminal is sent.
@MainActor
@Suite("The test screen, drawn as a terminal is")
struct TestScreenTests {
  @Test("a row the program leaves out of a draw keeps what it showed, as on a terminal")
  func rowLeftOut() {
    let screen = TestScreen(columns: 3, rows: 2)
    screen.draw(Canvas(lines: ["one", "two"]), rows: nil)
    screen.draw(Canvas(lines: ["one", "TWO"]), rows: 0..<1)
    #expect(screen.frames.last?.lines == ["one", "two"])
    screen.draw(Canvas(lines: ["one", "TWO"]), rows: 1..<2)
    #expect(screen.frames.last?.lines == ["one", "TWO"])
    // The first frame's six cells on a cleared screen, then the three of the row drawn again.
    #expect(screen.cellsSent == 6 + 3)
  }

  @Test("a wide character over two narrow ones, two narrow ones over it, and a new size")
  func wideAndResized() {
    let screen = TestScreen(columns: 2, rows: 1)
    for lines in [["ab"], ["漢"], ["cd"], ["e", "f"]] {
      let canvas = Canvas(lines: lines)
      screen.draw(canvas, rows: nil)
      #expect(screen.frames.last == canvas, "\(lines)")
    }
    // ab, the wide character once, c and d, then the new size's e and f.
    #expect(screen.cellsSent == 2 + 1 + 2 + 2)
  }

  @Test("a wide character drawn again in place in another style shows, as on a terminal")
  func wideRestyled() {
    let screen = TestScreen(columns: 3, rows: 1)
    var plain = Canvas(width: 3, height: 1)
    plain.put("漢x", x: 0, y: 0)
    var bold = Canvas(width: 3, height: 1)
    bold.put("漢", x: 0, y: 0, style: Style(attributes: [.bold]))
    bold.put("x", x: 2, y: 0)
    screen.draw(plain, rows: nil)
    screen.draw(bold, rows: nil)
    #expect(screen.frames.last == bold)
    #expect(screen.frames.last?.lines == ["漢x"])
  }
}
