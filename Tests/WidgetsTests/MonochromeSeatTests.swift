import Canvas
import Domain
import Testing
import Widgets

@Suite("Seat map without colour")
struct MonochromeSeatTests {
  @Test("under NO_COLOR the seat cursor is reversed and a chosen seat is not: never alike")
  func cursorAndChosen() throws {
    let map = try WidgetTest.seatMap("ABC|DEF", rows: 1...4, occupied: ["1C"])
    let chosen = [try WidgetTest.seat("2B"): "1"]
    var canvas = Canvas(width: 24, height: 9)
    let legend = SeatLegend(
      free: "free", premium: "extra", taken: "taken", chosen: "yours", exitRow: "exit",
      rows: "rows")
    SeatMapView.draw(
      on: &canvas, in: canvas.bounds, seatMap: map, chosen: chosen,
      cursor: try WidgetTest.seat("3B"), theme: .monochrome, legend: legend)
    func cells(_ text: String) -> [(x: Int, y: Int)] {
      var found: [(Int, Int)] = []
      for y in 0..<canvas.height {
        let line = Array(canvas.line(y))
        for x in 0..<(line.count - 2) where String(line[x...(x + 2)]) == text {
          found.append((x, y))
        }
      }
      return found
    }
    // The chosen seat is the only [1] on the map (the legend shows one too, above the map or
    // below it); the cursor is on a free seat, in the row under it.
    let ones = cells("[1]")
    let chosenCell = try #require(
      ones.first { position in
        (canvas[position.x, position.y + 1]?.style.attributes.contains(.reverse)) ?? false
      })
    let chosenStyle = try #require(canvas[chosenCell.x, chosenCell.y]?.style)
    let cursorStyle = try #require(canvas[chosenCell.x, chosenCell.y + 1]?.style)
    #expect(cursorStyle.attributes.contains(.reverse))
    #expect(!chosenStyle.attributes.contains(.reverse), "\(chosenStyle)")
    #expect(chosenStyle != cursorStyle)
    #expect(chosenStyle.foreground == .default && chosenStyle.background == .default)
    // And neither looks like a free seat.
    let free = try #require(cells("[ ]").first)
    #expect(canvas[free.x, free.y]?.style != chosenStyle)
    #expect(canvas[free.x, free.y]?.style != cursorStyle)
  }
}
