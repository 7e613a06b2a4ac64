import Canvas
import Domain
import Foundation
import Testing
import Widgets

/// Helpers shared by the widget tests.
enum WidgetTest {
  /// The colour theme, the one whose styles tell every role apart.
  static let theme = Theme.color

  /// Expects `canvas` to read as `expected`, printing the whole canvas when it does not.
  static func expectLines(
    _ canvas: Canvas, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      canvas.lines == expected, "got:\n\(canvas)\nexpected:\n\(expected.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }

  /// A canvas of `width` x `height` filled with `.`, to see what a widget clears and what it
  /// leaves alone.
  static func dotted(width: Int, height: Int) -> Canvas {
    Canvas(lines: Array(repeating: String(repeating: ".", count: width), count: height))
  }

  /// A cabin of `pattern` (`ABC|DEF`) over `rows`, every seat free and standard unless listed.
  static func seatMap(
    _ pattern: String, rows: ClosedRange<Int>, exitRows: Set<Int> = [],
    legroomRows: Set<Int> = [], occupied: Set<String> = []
  ) throws -> SeatMap {
    let columns = pattern.map { $0 == "|" ? SeatColumn.aisle : SeatColumn.seat(String($0)) }
    var seats: [Seat] = []
    for row in rows {
      for case .seat(let letter) in columns {
        let designator = try SeatDesignator("\(row)\(letter)")
        let kind: SeatKind =
          exitRows.contains(row) ? .exitRow : legroomRows.contains(row) ? .extraLegroom : .standard
        seats.append(
          Seat(
            designator: designator, kind: kind, price: Money(kind == .standard ? 0 : 20, .euro),
            occupied: occupied.contains(designator.description)))
      }
    }
    return SeatMap(
      offerID: try OfferID("offer-1"), aircraft: Aircraft(code: "320", name: "Airbus A320"),
      columns: columns, rows: Array(rows), seats: seats)
  }

  /// A seat designator from its text.
  static func seat(_ text: String) throws -> SeatDesignator { try SeatDesignator(text) }
}
