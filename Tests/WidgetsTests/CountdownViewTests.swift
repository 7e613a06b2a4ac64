import Canvas
import Testing
import Widgets

@Suite("Countdown view")
struct CountdownViewTests {
  let theme = WidgetTest.theme

  private func render(remaining: Int, total: Int = 900, width: Int = 20) -> Canvas {
    var canvas = Canvas(width: width, height: 1)
    CountdownView.draw(
      on: &canvas, in: canvas.bounds, remaining: remaining, total: total, theme: theme,
      label: "Hold", expiredText: "Time is up")
    return canvas
  }

  @Test(
    "the time reads mm:ss, the bar shrinks, and the style darkens as time runs out",
    arguments: [
      (900, "Hold 15:00 █████████", "text"),
      (450, "Hold 07:30 █████░░░░", "text"),
      (120, "Hold 02:00 ██░░░░░░░", "text"),
      (119, "Hold 01:59 ██░░░░░░░", "warning"),
      (30, "Hold 00:30 █░░░░░░░░", "warning"),
      (29, "Hold 00:29 █░░░░░░░░", "critical"),
      (1, "Hold 00:01 █░░░░░░░░", "critical"),
    ])
  func running(remaining: Int, line: String, role: String) {
    let canvas = render(remaining: remaining)
    WidgetTest.expectLines(canvas, [line])
    let style = ["text": theme.text, "warning": theme.warning, "critical": theme.critical][role]
    for x in 5..<10 { #expect(canvas[x, 0]?.style == style) }
    #expect(canvas[19, 0]?.style == style)
    #expect(canvas[0, 0]?.style == theme.text)
  }

  @Test("at zero or below the expired text is shown in the critical style", arguments: [0, -5])
  func expired(remaining: Int) {
    let canvas = render(remaining: remaining)
    WidgetTest.expectLines(canvas, ["Time is up"])
    #expect(canvas[0, 0]?.style == theme.critical)
    #expect(canvas[19, 0]?.style == theme.critical)
    WidgetTest.expectLines(render(remaining: remaining, width: 6), ["Time …"])
  }

  @Test("narrow rects drop the label before the time, and tiny ones do not crash")
  func narrow() {
    WidgetTest.expectLines(render(remaining: 900, width: 11), ["Hold 15:00"])
    WidgetTest.expectLines(render(remaining: 900, width: 9), ["15:00 ███"])
    WidgetTest.expectLines(render(remaining: 900, width: 5), ["15:00"])
    WidgetTest.expectLines(render(remaining: 900, width: 3), ["15:"])
    WidgetTest.expectLines(render(remaining: 900, width: 1), ["1"])
    WidgetTest.expectLines(render(remaining: 900, width: 0), [""])
    WidgetTest.expectLines(render(remaining: 10, total: 0), ["Hold 00:10 █████████"])
    WidgetTest.expectLines(render(remaining: 1_000, total: 900), ["Hold 16:40 █████████"])
    var flat = Canvas(width: 4, height: 1)
    CountdownView.draw(
      on: &flat, in: Rect(x: 0, y: 0, width: 4, height: 0), remaining: 5, total: 9, theme: theme,
      label: "", expiredText: "")
    WidgetTest.expectLines(flat, [""])
  }

  @Test(
    "past an hour the time reads h:mm:ss",
    arguments: [
      (86_386, "Hold 23:59:46 ██████"), (3_600, "Hold 1:00:00 █░░░░░░"),
      (3_599, "Hold 59:59 █░░░░░░░░"), (360_000, "Hold 100:00:00 █████"),
    ])
  func hours(remaining: Int, line: String) {
    WidgetTest.expectLines(render(remaining: remaining, total: 86_400), [line])
  }

  @Test("a price held for thousands of years still draws one row, without a trap")
  func farFuture() {
    let canvas = render(remaining: Int.max, total: 900, width: 40)
    WidgetTest.expectLines(canvas, ["Hold 2562047788015215:30:07 ████████████"])
  }

  @Test("mm:ss pads minutes and seconds, hours come in front past an hour, never negative")
  func clock() {
    #expect(CountdownView.clock(899) == "14:59")
    #expect(CountdownView.clock(900) == "15:00")
    #expect(CountdownView.clock(59) == "00:59")
    #expect(CountdownView.clock(60) == "01:00")
    #expect(CountdownView.clock(0) == "00:00")
    #expect(CountdownView.clock(-1) == "00:00")
    #expect(CountdownView.clock(Int.min) == "00:00")
    #expect(CountdownView.clock(3_599) == "59:59")
    #expect(CountdownView.clock(7_200) == "2:00:00")
    #expect(CountdownView.clock(86_400) == "24:00:00")
  }
}
