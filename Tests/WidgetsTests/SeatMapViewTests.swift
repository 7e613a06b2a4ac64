import Canvas
import Domain
import Testing
import Widgets

@Suite("Seat map view")
struct SeatMapViewTests {
  let theme = WidgetTest.theme
  let legend = SeatLegend(
    free: "free", premium: "extra", taken: "taken", chosen: "yours", exitRow: "exit",
    rows: "rows")

  private func render(
    _ seatMap: SeatMap, width: Int, height: Int, chosen: [SeatDesignator: String] = [:],
    cursor: SeatDesignator? = nil
  ) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    SeatMapView.draw(
      on: &canvas, in: canvas.bounds, seatMap: seatMap, chosen: chosen, cursor: cursor,
      theme: theme, legend: legend)
    return canvas
  }

  @Test("a six-across cabin shows letters, aisles, exit rows, taken, chosen and the cursor")
  func sixAcross() throws {
    let map = try WidgetTest.seatMap(
      "ABC|DEF", rows: 1...6, exitRows: [4], legroomRows: [1], occupied: ["1C", "2A", "5F"])
    let chosen = [try WidgetTest.seat("3B"): "1", try WidgetTest.seat("3E"): "2"]
    let canvas = render(
      map, width: 24, height: 11, chosen: chosen, cursor: try WidgetTest.seat("5D"))
    // The whole legend, in as many rows as the map's width needs.
    WidgetTest.expectLines(
      canvas,
      [
        "    A  B  C    D  E  F",
        "1  [+][+][x]  [+][+][+]",
        "2  [x][ ][ ]  [ ][ ][ ]",
        "3  [ ][1][ ]  [ ][2][ ]",
        "4 ◂[+][+][+]  [+][+][+]▸",
        "5  [ ][ ][ ]  [ ][ ][x]",
        "6  [ ][ ][ ]  [ ][ ][ ]",
        "",
        " [ ] free  [x] taken",
        " [1] yours  ◂▸ exit",
        " [+] extra",
      ])
    #expect(canvas[10, 1]?.style == theme.seatTaken)
    #expect(canvas[7, 3]?.grapheme == "1")
    #expect(canvas[7, 3]?.style == theme.seatSelected)
    #expect(canvas[18, 3]?.grapheme == "2")
    #expect(canvas[18, 3]?.style == theme.seatSelected)
    #expect(canvas[4, 1]?.style == theme.seatPremium)
    #expect(canvas[7, 2]?.style == theme.seatFree)
    for x in 14...16 { #expect(canvas[x, 5]?.style == theme.seatCursor) }
    #expect(canvas[13, 5]?.style != theme.seatCursor)
    #expect(canvas[17, 5]?.style != theme.seatCursor)
    #expect(canvas[2, 4]?.style == theme.accent)
  }

  @Test("the cursor on a chosen seat keeps the passenger's label")
  func cursorOnChosen() throws {
    let map = try WidgetTest.seatMap("AB|C", rows: 1...1)
    let seat = try WidgetTest.seat("1C")
    let canvas = render(map, width: 15, height: 2, chosen: [seat: "7"], cursor: seat)
    WidgetTest.expectLines(canvas, ["    A  B    C", "1  [ ][ ]  [7]"])
    #expect(canvas[12, 1]?.style == theme.seatCursor)
  }

  @Test("the map is centred across a wider rect and the legend keeps every item that fits")
  func centredWithFullLegend() throws {
    let map = try WidgetTest.seatMap("AB", rows: 1...1, exitRows: [1])
    let canvas = render(map, width: 50, height: 3)
    WidgetTest.expectLines(
      canvas,
      [
        "                        A  B",
        "                    1 ◂[+][+]▸",
        " [ ] free  [x] taken  [1] yours  ◂▸ exit",
      ])
  }

  @Test("a tall cabin scrolls to keep the cursor's row in view, counting the rows hidden")
  func scrolling() throws {
    let map = try WidgetTest.seatMap("ABC|DEF", rows: 1...30, occupied: ["28D"])
    let far = render(map, width: 25, height: 10, cursor: try WidgetTest.seat("28D"))
    WidgetTest.expectLines(
      far,
      [
        "     A  B  C    D  E  F",
        "    ▲ 25 rows",
        "26  [ ][ ][ ]  [ ][ ][ ]",
        "27  [ ][ ][ ]  [ ][ ][ ]",
        "28  [ ][ ][ ]  [x][ ][ ]",
        "29  [ ][ ][ ]  [ ][ ][ ]",
        "30  [ ][ ][ ]  [ ][ ][ ]",
        " [ ] free  [x] taken",
        " [1] yours  ◂▸ exit",
        " [+] extra",
      ])
    #expect(far[15, 4]?.style == theme.seatCursor)
    let middle = render(map, width: 25, height: 10, cursor: try WidgetTest.seat("15A"))
    #expect(middle.lines[1] == "    ▲ 12 rows")
    #expect(middle.lines[4].hasPrefix("15 "))
    #expect(middle.lines[6] == "    ▼ 14 rows")
    let top = render(map, width: 25, height: 10, cursor: nil)
    #expect(top.lines[1].hasPrefix(" 1 "))
  }

  @Test("six and ten across fit in 30 and 46 columns")
  func requiredWidth() throws {
    let narrow = try WidgetTest.seatMap("ABC|DEF", rows: 1...30)
    let wide = try WidgetTest.seatMap("ABC|DEFG|HJK", rows: 20...52)
    #expect(SeatMapView.requiredWidth(for: narrow) == 25)
    #expect(SeatMapView.requiredWidth(for: wide) == 39)
    let canvas = render(wide, width: 39, height: 3, cursor: try WidgetTest.seat("20K"))
    WidgetTest.expectLines(
      canvas,
      [
        "     A  B  C    D  E  F  G    H  J  K",
        "20  [ ][ ][ ]  [ ][ ][ ][ ]  [ ][ ][ ]",
        " [ ] free  [x] taken  [1] yours",
      ])
    #expect(canvas[35, 1]?.style == theme.seatCursor)
  }

  @Test("a cabin wider than the rect shows the columns around the cursor and marks the cut sides")
  func horizontalWindow() throws {
    let wide = try WidgetTest.seatMap("ABC|DEFG|HJK", rows: 20...21)
    // 26 columns leave 21 for the cabin, which needs 34: seven seats and one aisle fit.
    let right = render(wide, width: 26, height: 3, cursor: try WidgetTest.seat("20K"))
    WidgetTest.expectLines(
      right,
      [
        "   ‹ E  F  G    H  J  K",
        "20  [ ][ ][ ]  [ ][ ][ ]",
        " [ ] free  [x] taken",
      ])
    #expect(right[21, 1]?.style == theme.seatCursor, "the cursor's seat K is in view")
    let left = render(wide, width: 26, height: 3, cursor: try WidgetTest.seat("20A"))
    #expect(left.lines[0] == "     A  B  C    D  E  F ›")
    #expect(left[4, 1]?.style == theme.seatCursor, "the cursor's seat A is in view")
    let middle = render(wide, width: 26, height: 3, cursor: try WidgetTest.seat("20E"))
    #expect(middle.lines[0].hasPrefix("   ‹") && middle.lines[0].hasSuffix("›"))
    #expect(middle.lines[0].contains(" E "))
    let none = render(wide, width: 26, height: 3, cursor: nil)
    #expect(none.lines[0] == left.lines[0], "without a cursor the first seats show")
  }

  @Test("tiny rects draw without crashing and nothing lands outside the rect")
  func tiny() throws {
    let map = try WidgetTest.seatMap("ABC|DEF", rows: 1...30)
    let cursor = try WidgetTest.seat("30F")
    _ = render(map, width: 0, height: 0, cursor: cursor)
    WidgetTest.expectLines(render(map, width: 1, height: 1, cursor: cursor), ["3"])
    WidgetTest.expectLines(render(map, width: 3, height: 2, cursor: cursor), ["", "30"])
    var dotted = WidgetTest.dotted(width: 12, height: 4)
    SeatMapView.draw(
      on: &dotted, in: Rect(x: 1, y: 1, width: 10, height: 2), seatMap: map, chosen: [:],
      cursor: cursor, theme: theme, legend: legend)
    WidgetTest.expectLines(
      dotted,
      [
        "............",
        ".   ‹ F    .",
        ".30  [ ]   .",
        "............",
      ])
  }
}

@Suite("Seat map markers")
struct SeatMapMarkerTests {
  let theme = WidgetTest.theme
  let legend = SeatLegend(
    free: "free", premium: "extra legroom", taken: "taken", chosen: "yours", exitRow: "exit",
    rows: "rows")

  private func render(
    _ seatMap: SeatMap, width: Int, height: Int, cursor: SeatDesignator?
  ) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    SeatMapView.draw(
      on: &canvas, in: canvas.bounds, seatMap: seatMap, chosen: [:], cursor: cursor,
      theme: theme, legend: legend, drawsLegend: false)
    return canvas
  }

  @Test("rows hidden above and below are counted on a marker row, the cursor's row in view")
  func markers() throws {
    let map = try WidgetTest.seatMap("ABC|DEF", rows: 1...30)
    // Seven rows under the letters: six rows of seats and a marker, or five between two.
    let top = render(map, width: 25, height: 8, cursor: nil)
    #expect(top.lines[1].hasPrefix(" 1 "), "\(top)")
    #expect(top.lines[7].contains("▼ 24 rows"), "\(top)")
    #expect(!top.lines.contains { $0.contains("▲") }, "\(top)")
    let middle = render(map, width: 25, height: 8, cursor: try WidgetTest.seat("15C"))
    #expect(middle.lines[1].contains("▲ 12 rows"), "\(middle)")
    #expect(middle.lines[4].hasPrefix("15 "), "the cursor's row in the middle\n\(middle)")
    #expect(middle.lines[7].contains("▼ 13 rows"), "\(middle)")
    let end = render(map, width: 25, height: 8, cursor: try WidgetTest.seat("30F"))
    #expect(end.lines[1].contains("▲ 24 rows"), "\(end)")
    #expect(end.lines[7].hasPrefix("30 "), "\(end)")
    #expect(!end.lines.contains { $0.contains("▼") }, "\(end)")
    let one = try WidgetTest.seatMap("AB", rows: 1...4)
    let short = render(one, width: 12, height: 4, cursor: nil)
    #expect(short.lines[3].contains("▼ 2 rows"), "\(short)")
    // A marker never stands for one row: that row would fit in its place.
    let atEnd = render(one, width: 12, height: 4, cursor: try WidgetTest.seat("3B"))
    #expect(atEnd.lines[1].contains("▲ 2 rows"), "\(atEnd)")
  }

  @Test("NO_COLOR: a wrapped legend word draws no underline under the blank beside it")
  func wrappedLegendHasNoStrayUnderline() throws {
    var canvas = Canvas(width: 14, height: 6)
    SeatMapView.drawLegend(on: &canvas, in: canvas.bounds, legend: legend, theme: .monochrome)
    let wrapped = try #require(canvas.lines.firstIndex { $0.contains("legroom") })
    #expect(!canvas.lines[wrapped].contains("[+]"), "the word wrapped under itself\n\(canvas)")
    for x in 0..<canvas.width where canvas[x, wrapped]?.grapheme == " " {
      #expect(
        canvas[x, wrapped]?.style.attributes.contains(.underline) == false,
        "column \(x) of\n\(canvas)")
    }
  }
}
