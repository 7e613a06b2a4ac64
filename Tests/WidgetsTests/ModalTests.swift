import Canvas
import Testing
import Widgets

@Suite("Modal")
struct ModalTests {
  let theme = WidgetTest.theme

  @Test("a modal is centred, sized to its wrapped lines and clears what is under it")
  func centred() {
    var canvas = WidgetTest.dotted(width: 30, height: 8)
    let box = Modal.draw(
      on: &canvas, title: "Error", lines: ["The seat was taken by someone else."], theme: theme)
    WidgetTest.expectLines(
      canvas,
      [
        "..............................",
        "..............................",
        "....┌ Error ─────────────┐....",
        "....│ The seat was taken │....",
        "....│ by someone else.   │....",
        "....└────────────────────┘....",
        "..............................",
        "..............................",
      ])
    #expect(box == Rect(x: 4, y: 2, width: 22, height: 4))
    #expect(canvas[4, 2]?.style == theme.focusedBorder)
    #expect(canvas[6, 3]?.style == theme.text)
  }

  @Test("a modal draws its lines in the given style and grows to fit its title")
  func styledAndTitled() {
    var canvas = Canvas(width: 20, height: 5)
    let box = Modal.draw(
      on: &canvas, title: "Paid", lines: ["OK", "", "Bye"], theme: theme, style: theme.success)
    WidgetTest.expectLines(
      canvas,
      [
        "      ┌ Paid ┐",
        "      │ OK   │",
        "      │      ▾",
        "      └──────┘",
        "",
      ])
    #expect(box == Rect(x: 6, y: 0, width: 8, height: 4))
    #expect(canvas[8, 1]?.style == theme.success)
  }

  @Test("tiny canvases do not crash and the box stays inside them")
  func tiny() {
    for (width, height) in [(0, 0), (1, 1), (3, 2), (5, 3), (4, 10)] {
      var canvas = Canvas(width: width, height: height)
      let box = Modal.draw(
        on: &canvas, title: "A long title", lines: ["Some words to wrap here"], theme: theme)
      #expect(box.x >= 0 && box.y >= 0)
      #expect(box.maxX <= width && box.maxY <= height)
    }
  }

  @Test("wrapping breaks at spaces by display width")
  func wrapWords() {
    #expect(Modal.wrap("one two three", width: 7) == ["one two", "three"])
    #expect(Modal.wrap("one two three", width: 13) == ["one two three"])
    #expect(Modal.wrap("a   b", width: 10) == ["a   b"], "a line that fits keeps its spacing")
    #expect(Modal.wrap("a   b c", width: 4) == ["a b", "c"])
    #expect(Modal.wrap("東京 大阪 名古屋", width: 9) == ["東京 大阪", "名古屋"])
    // An indented line goes on under itself with its indent and two columns more.
    #expect(
      Modal.wrap("  selectedExtras = seats 14A 14B   (last written by extras screen)", width: 30)
        == [
          "  selectedExtras = seats 14A", "    14B (last written by", "    extras screen)",
        ])
    #expect(
      Modal.wrap("pay 4242\u{A0}4242 now", width: 10) == ["pay", "4242\u{A0}4242", "now"],
      "no-break spaces hold a card number together")
    #expect(Modal.wrap("a\nb c", width: 5) == ["a", "b c"])
    #expect(Modal.wrap("a\r\n\nb", width: 5) == ["a", "", "b"])
  }

  @Test("a word longer than a line is broken between whole characters")
  func wrapLongWords() {
    #expect(Modal.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(Modal.wrap("hi abcdefgh", width: 4) == ["hi", "abcd", "efgh"])
    #expect(Modal.wrap("東京大阪", width: 3) == ["東", "京", "大", "阪"])
    #expect(Modal.wrap("e\u{301}e\u{301}e\u{301}", width: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    #expect(Modal.wrap("👍🏽👍🏽", width: 3) == ["👍🏽", "👍🏽"])
    #expect(Modal.wrap("東", width: 1) == ["東"])
  }

  @Test("wrapping an empty text gives one empty line, and a zero width none")
  func wrapEdges() {
    #expect(Modal.wrap("", width: 5) == [""])
    #expect(Modal.wrap("   ", width: 5) == [""])
    #expect(Modal.wrap("abc", width: 0).isEmpty)
    #expect(Modal.wrap("abc", width: -3).isEmpty)
  }
}
