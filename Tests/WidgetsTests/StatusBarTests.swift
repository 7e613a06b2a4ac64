import Canvas
import Testing
import Widgets

@Suite("Status bar")
struct StatusBarTests {
  let theme = WidgetTest.theme
  let hints = [KeyHint("q", "quit"), KeyHint("↑↓", "move"), KeyHint("Enter", "choose")]

  private func render(width: Int, hints: [KeyHint]) -> Canvas {
    var canvas = Canvas(width: width, height: 1)
    StatusBar.draw(on: &canvas, in: canvas.bounds, hints: hints, theme: theme)
    return canvas
  }

  @Test("hints are drawn as key and label with the key in the key style")
  func allFit() {
    let canvas = render(width: 31, hints: hints)
    WidgetTest.expectLines(canvas, [" q quit  ↑↓ move  Enter choose"])
    #expect(canvas[1, 0]?.style == theme.keyHint)
    #expect(canvas[3, 0]?.style == theme.footer)
    #expect(canvas[9, 0]?.style == theme.keyHint)
    #expect(canvas[10, 0]?.style == theme.keyHint)
    #expect(canvas[12, 0]?.style == theme.footer)
    #expect(canvas[30, 0]?.style == theme.footer)
  }

  @Test("hints are left off whole from the end: never a key without its words")
  func dropped() {
    let canvas = render(width: 30, hints: hints)
    WidgetTest.expectLines(canvas, [" q quit  ↑↓ move"])
    #expect(canvas[29, 0]?.style == theme.footer)
    WidgetTest.expectLines(render(width: 14, hints: hints), [" q quit"])
    WidgetTest.expectLines(render(width: 8, hints: hints), [" q quit"])
    WidgetTest.expectLines(render(width: 6, hints: hints), [""])
    WidgetTest.expectLines(render(width: 2, hints: hints), [""])
    let dropsLater = render(width: 20, hints: [KeyHint("Esc", "back"), KeyHint("x", "")])
    WidgetTest.expectLines(dropsLater, [" Esc back  x"])
  }

  @Test("tiny bars are only filled")
  func tiny() {
    let one = render(width: 1, hints: hints)
    WidgetTest.expectLines(one, [""])
    #expect(one[0, 0]?.style == theme.footer)
    _ = render(width: 0, hints: hints)
    var flat = Canvas(width: 3, height: 2)
    StatusBar.draw(
      on: &flat, in: Rect(x: 0, y: 1, width: 3, height: 0), hints: hints, theme: theme)
    #expect(flat[0, 1]?.style == .plain)
  }
}

@Suite("Status bar shortening")
struct StatusBarShorteningTests {
  let theme = WidgetTest.theme
  /// The extras' hints with the seat map focused.
  let extras = [
    KeyHint("←↑↓→", "move"), KeyHint("Enter", "pick seat"), KeyHint("1-9", "change"),
    KeyHint("Tab", "next field"), KeyHint("c", "continue"), KeyHint("Esc", "back"),
    KeyHint("q", "quit"),
  ]

  private func render(width: Int, hints: [KeyHint]) -> Canvas {
    var canvas = Canvas(width: width, height: 1)
    StatusBar.draw(on: &canvas, in: canvas.bounds, hints: hints, theme: theme)
    return canvas
  }

  @Test(
    "at 80 columns the hints that fit are whole: the last ones are left off, never a label alone")
  func eighty() {
    let canvas = render(width: 80, hints: extras)
    WidgetTest.expectLines(
      canvas, [" ←↑↓→ move  Enter pick seat  1-9 change  Tab next field  c continue  Esc back"])
    for hint in extras.prefix(6) { #expect(canvas.lines[0].contains(" \(hint.key) \(hint.label)")) }
  }

  @Test("at 40 and 30 columns fewer hints, each with its words")
  func forty() {
    WidgetTest.expectLines(
      render(width: 40, hints: extras), [" ←↑↓→ move  Enter pick seat  1-9 change"])
    WidgetTest.expectLines(render(width: 30, hints: extras), [" ←↑↓→ move  Enter pick seat"])
  }
}
