import Canvas
import Testing
import Widgets

@Suite("Panel")
struct PanelTests {
  let theme = WidgetTest.theme

  @Test("a panel draws its border with the title in the top edge and returns the inside")
  func normal() {
    var canvas = Canvas(width: 12, height: 4)
    let inside = Panel.draw(
      on: &canvas, in: canvas.bounds, title: "Flights", focused: false, theme: theme)
    WidgetTest.expectLines(
      canvas,
      [
        "┌ Flights ─┐",
        "│          │",
        "│          │",
        "└──────────┘",
      ])
    #expect(inside == Rect(x: 1, y: 1, width: 10, height: 2))
    #expect(canvas[0, 0]?.style == theme.border)
    #expect(canvas[1, 0]?.style == theme.border)
    #expect(canvas[2, 0]?.style == theme.title)
    #expect(canvas[8, 0]?.style == theme.title)
    #expect(canvas[9, 0]?.style == theme.border)
  }

  @Test("a focused panel uses the focused border style")
  func focused() {
    var canvas = Canvas(width: 6, height: 3)
    Panel.draw(on: &canvas, in: canvas.bounds, title: "", focused: true, theme: theme)
    WidgetTest.expectLines(canvas, ["┌────┐", "│    │", "└────┘"])
    #expect(canvas[0, 0]?.style == theme.focusedBorder)
    #expect(canvas[5, 1]?.style == theme.focusedBorder)
    #expect(canvas[3, 2]?.style == theme.focusedBorder)
  }

  @Test("a title too long for the border is cut with an ellipsis")
  func truncatedTitle() {
    var canvas = Canvas(width: 8, height: 2)
    Panel.draw(on: &canvas, in: canvas.bounds, title: "Flights", focused: false, theme: theme)
    WidgetTest.expectLines(canvas, ["┌ Fli… ┐", "└──────┘"])
  }

  @Test("a panel clears its inside and leaves everything outside its rect alone")
  func clearsInside() {
    var canvas = WidgetTest.dotted(width: 9, height: 5)
    let inside = Panel.draw(
      on: &canvas, in: Rect(x: 2, y: 1, width: 6, height: 3), title: "Go", focused: false,
      theme: theme)
    WidgetTest.expectLines(
      canvas,
      [
        ".........",
        "..┌ Go ┐.",
        "..│    │.",
        "..└────┘.",
        ".........",
      ])
    #expect(inside == Rect(x: 3, y: 2, width: 4, height: 1))
  }

  @Test("a rect under 2x2 is only cleared and has no inside")
  func tooSmall() {
    var canvas = WidgetTest.dotted(width: 3, height: 3)
    let one = Panel.draw(
      on: &canvas, in: Rect(x: 1, y: 1, width: 1, height: 1), title: "T", focused: true,
      theme: theme)
    WidgetTest.expectLines(canvas, ["...", ". .", "..."])
    #expect(one.isEmpty)
    let row = Panel.draw(
      on: &canvas, in: Rect(x: 0, y: 0, width: 3, height: 1), title: "T", focused: true,
      theme: theme)
    WidgetTest.expectLines(canvas, ["", ". .", "..."])
    #expect(row.isEmpty)
    let none = Panel.draw(
      on: &canvas, in: Rect(x: 0, y: 0, width: 0, height: 0), title: "T",
      focused: false, theme: theme)
    #expect(none.isEmpty)
  }

  @Test("tiny panels draw corners only, and a panel off the canvas is clipped")
  func tinyPanels() {
    var canvas = Canvas(width: 3, height: 2)
    let inside = Panel.draw(
      on: &canvas, in: canvas.bounds, title: "Title", focused: false, theme: theme)
    WidgetTest.expectLines(canvas, ["┌─┐", "└─┘"])
    #expect(inside.isEmpty)
    var square = Canvas(width: 2, height: 2)
    Panel.draw(on: &square, in: square.bounds, title: "Title", focused: false, theme: theme)
    WidgetTest.expectLines(square, ["┌┐", "└┘"])
    var clipped = Canvas(width: 4, height: 2)
    Panel.draw(
      on: &clipped, in: Rect(x: -2, y: -1, width: 5, height: 3), title: "Title", focused: false,
      theme: theme)
    WidgetTest.expectLines(clipped, ["  │", "──┘"])
  }

  @Test("wide and combining titles keep the right border in its column")
  func wideTitles() {
    let titles = ["İstanbul", "I\u{307}stanbul", "東京", "🛫 go"]
    var canvas = Canvas(width: 14, height: titles.count * 2)
    for (index, title) in titles.enumerated() {
      Panel.draw(
        on: &canvas, in: Rect(x: 0, y: index * 2, width: 14, height: 2), title: title,
        focused: false, theme: theme)
    }
    WidgetTest.expectLines(
      canvas,
      [
        "┌ İstanbul ──┐",
        "└────────────┘",
        "┌ I\u{307}stanbul ──┐",
        "└────────────┘",
        "┌ 東京 ──────┐",
        "└────────────┘",
        "┌ 🛫 go ─────┐",
        "└────────────┘",
      ])
    for index in titles.indices { #expect(canvas[13, index * 2]?.grapheme == "┐") }
  }

  @Test("a wide title is cut before a character that would not fit whole")
  func wideTruncation() {
    var canvas = Canvas(width: 8, height: 2)
    Panel.draw(on: &canvas, in: canvas.bounds, title: "東京大阪", focused: false, theme: theme)
    WidgetTest.expectLines(canvas, ["┌ 東… ─┐", "└──────┘"])
    #expect(canvas[7, 0]?.grapheme == "┐")
  }
}
