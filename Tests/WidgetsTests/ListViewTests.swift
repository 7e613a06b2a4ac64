import Canvas
import Testing
import Widgets

@Suite("List view")
struct ListViewTests {
  let theme = WidgetTest.theme

  /// Draws a list whose rows read `Item n`, returning the canvas and the calls made.
  private func render(
    count: Int, selected: Int, width: Int = 10, height: Int = 4
  ) -> (canvas: Canvas, calls: [Int], rects: [Rect]) {
    var canvas = Canvas(width: width, height: height)
    var calls: [Int] = []
    var rects: [Rect] = []
    ListView.draw(
      on: &canvas, in: canvas.bounds, count: count, selected: selected, theme: theme
    ) { index, rect, _, canvas in
      calls.append(index)
      rects.append(rect)
      canvas.put("Item \(index)", x: rect.x, y: rect.y, clip: rect)
    }
    return (canvas, calls, rects)
  }

  @Test(
    "with 10,000 rows only the visible rows are drawn and the selection is among them",
    arguments: [0, 5_003, 9_999])
  func virtualized(selected: Int) {
    let (_, calls, _) = render(count: 10_000, selected: selected, width: 20, height: 5)
    let top = selected - selected % 5
    #expect(calls == Array(top..<top + 5))
    #expect(calls.contains(selected))
  }

  @Test("the visible range pages through the rows, keeps the last page full, clamps the selection")
  func visibleRange() {
    #expect(ListView.visibleRange(count: 10_000, selected: 0, height: 5) == 0..<5)
    #expect(ListView.visibleRange(count: 10_000, selected: 4, height: 5) == 0..<5)
    #expect(ListView.visibleRange(count: 10_000, selected: 5, height: 5) == 5..<10)
    #expect(ListView.visibleRange(count: 10_000, selected: 9_999, height: 7) == 9_993..<10_000)
    #expect(ListView.visibleRange(count: 7, selected: 6, height: 5) == 2..<7)
    #expect(ListView.visibleRange(count: 3, selected: 2, height: 5) == 0..<3)
    #expect(ListView.visibleRange(count: 7, selected: -3, height: 5) == 0..<5)
    #expect(ListView.visibleRange(count: 7, selected: 99, height: 5) == 2..<7)
    #expect(ListView.visibleRange(count: 0, selected: 0, height: 5).isEmpty)
    #expect(ListView.visibleRange(count: 7, selected: 0, height: 0).isEmpty)
    #expect(ListView.visibleRange(count: -1, selected: 0, height: 3).isEmpty)
  }

  @Test("a short list has no scroll bar and the selected row is filled with the selection")
  func shortList() {
    let (canvas, calls, rects) = render(count: 3, selected: 1)
    WidgetTest.expectLines(canvas, ["Item 0", "Item 1", "Item 2", ""])
    #expect(calls == [0, 1, 2])
    #expect(rects.allSatisfy { $0.width == 10 })
    #expect(canvas[9, 1]?.style == theme.selection)
    #expect(canvas[9, 0]?.style == theme.text)
    #expect(canvas[9, 2]?.style == theme.text)
  }

  @Test("a long list gets a scroll bar on the right and narrower rows")
  func scrollBar() {
    let first = render(count: 10, selected: 0)
    WidgetTest.expectLines(
      first.canvas,
      [
        "Item 0   █",
        "Item 1   │",
        "Item 2   │",
        "Item 3   │",
      ])
    #expect(first.rects.allSatisfy { $0.width == 9 })
    #expect(first.canvas[8, 0]?.style == theme.selection)
    #expect(first.canvas[9, 0]?.style != theme.selection)
    // The last page is full: no empty rows while rows are left above.
    let last = render(count: 10, selected: 9)
    WidgetTest.expectLines(
      last.canvas,
      [
        "Item 6   │",
        "Item 7   │",
        "Item 8   │",
        "Item 9   █",
      ])
    #expect(last.canvas[8, 3]?.style == theme.selection)
  }

  @Test("30 rows in 21 lines: with the selection on the last page, rows 9 to 29 show, none empty")
  func fullLastPage() {
    #expect(ListView.visibleRange(count: 30, selected: 21, height: 21) == 9..<30)
    #expect(ListView.visibleRange(count: 30, selected: 20, height: 21) == 0..<21)
    let (canvas, calls, _) = render(count: 30, selected: 25, width: 12, height: 21)
    #expect(calls == Array(9..<30))
    #expect(canvas.lines.allSatisfy { $0.hasPrefix("Item ") }, "\(canvas)")
  }

  @Test("rows two lines tall: as many as fit whole, the selected one in view, filled whole")
  func tallRows() {
    var canvas = Canvas(width: 10, height: 7)
    var drawn: [(Int, Rect)] = []
    ListView.draw(
      on: &canvas, in: canvas.bounds, count: 9, selected: 8, theme: theme, rowHeight: 2
    ) { index, rect, _, canvas in
      drawn.append((index, rect))
      canvas.put("Item \(index)", x: rect.x, y: rect.y, clip: rect)
    }
    // Three rows fit in seven lines; the last three show.
    #expect(drawn.map(\.0) == [6, 7, 8])
    #expect(drawn.map(\.1.y) == [0, 2, 4])
    #expect(drawn.allSatisfy { $0.1.height == 2 && $0.1.width == 9 })
    #expect(canvas[0, 5]?.style == theme.selection)
    #expect(canvas[9, 6]?.grapheme == "█")
  }

  @Test("the row closure is told which row is selected")
  func isSelectedFlag() {
    var canvas = Canvas(width: 8, height: 3)
    var flags: [Int: Bool] = [:]
    ListView.draw(on: &canvas, in: canvas.bounds, count: 3, selected: 2, theme: theme) {
      index, _, isSelected, _ in flags[index] = isSelected
    }
    #expect(flags == [0: false, 1: false, 2: true])
  }

  @Test("wide and combining text in rows keeps the next column aligned")
  func wideRows() {
    let names = ["İstanbul", "I\u{307}stanbul", "東京", "🛫 go", "Zürich"]
    var canvas = Canvas(width: 12, height: names.count)
    ListView.draw(on: &canvas, in: canvas.bounds, count: names.count, selected: 0, theme: theme) {
      index, rect, _, canvas in
      let name = DisplayWidth.pad(names[index], to: 8)
      canvas.put(name + "|\(index)", x: rect.x, y: rect.y, clip: rect)
    }
    WidgetTest.expectLines(
      canvas,
      [
        "İstanbul|0",
        "I\u{307}stanbul|1",
        "東京    |2",
        "🛫 go   |3",
        "Zürich  |4",
      ])
    for y in names.indices { #expect(canvas[8, y]?.grapheme == "|") }
  }

  @Test("tiny rects draw without crashing and never reach past their edges")
  func tiny() {
    var none = Canvas(width: 0, height: 0)
    var calls = 0
    ListView.draw(on: &none, in: none.bounds, count: 10, selected: 3, theme: theme) { _, _, _, _ in
      calls += 1
    }
    #expect(calls == 0)
    let one = render(count: 10, selected: 3, width: 1, height: 1)
    WidgetTest.expectLines(one.canvas, ["█"])
    #expect(one.calls == [3])
    #expect(one.rects == [Rect(x: 0, y: 0, width: 0, height: 1)])
    let small = render(count: 10, selected: 3, width: 3, height: 2)
    WidgetTest.expectLines(small.canvas, ["It█", "It│"])
    var dotted = WidgetTest.dotted(width: 5, height: 4)
    ListView.draw(
      on: &dotted, in: Rect(x: 1, y: 1, width: 3, height: 2), count: 0, selected: 0, theme: theme
    ) { _, _, _, _ in calls += 1 }
    // An empty list draws nothing over what its (already cleared) panel holds.
    WidgetTest.expectLines(dotted, [".....", ".....", ".....", "....."])
    #expect(calls == 0)
  }
}
