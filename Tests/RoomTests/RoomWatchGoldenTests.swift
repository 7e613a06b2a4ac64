import Canvas
import Domain
import Foundation
import Room
import SimulatedAirline
import TestSupport
import Testing
import Widgets

/// The presenter's view of a room as recorded in the middle of a workshop: six attendees at
/// every stage (one without a name yet, one dropped), two flights' cabins with seats held and
/// sold, at the projector's 100x30 and at 80x24.
@Suite("The room's golden renders")
struct RoomWatchGoldenTests {
  /// 2026-11-29 12:00:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_795_953_600)

  static func cabin(_ flight: String, rows: Int, letters: String, offer: String) throws -> SeatMap {
    let columns = letters.map { $0 == "|" ? SeatColumn.aisle : SeatColumn.seat(String($0)) }
    var seats: [Seat] = []
    for row in 1...rows {
      for letter in letters where letter != "|" {
        let designator = try SeatDesignator(row: row, letter: letter)
        // Booked before the records began: a fixed scatter.
        let occupied = (row * 7 + Int(letter.asciiValue ?? 0)) % 5 == 0
        seats.append(
          Seat(designator: designator, kind: .standard, price: Money(0, .euro), occupied: occupied))
      }
    }
    return SeatMap(
      offerID: try OfferID(offer), slice: 0,
      flight: try FlightNumber(
        airlineCode: String(flight.prefix(2)), number: Int(flight.dropFirst(2)) ?? 1),
      aircraft: Aircraft(code: "320", name: "Airbus A320"), columns: columns,
      rows: Array(1...rows), seats: seats)
  }

  static func picture() throws -> RoomPicture {
    let drafts = try (1...6).map { try DraftID("dr_room\($0)") }
    func seat(_ text: String) throws -> SeatDesignator { try SeatDesignator(text) }
    let first = CabinFloor(
      flight: "TK1951-2026-12-24-economy",
      map: try cabin("TK1951", rows: 30, letters: "ABC|DEF", offer: "of_room1"),
      held: [
        try seat("1A"): CabinHold(draftID: drafts[0], expiresAt: now.addingTimeInterval(612)),
        try seat("1B"): CabinHold(draftID: drafts[0], expiresAt: now.addingTimeInterval(612)),
        try seat("3F"): CabinHold(draftID: drafts[2], expiresAt: now.addingTimeInterval(95)),
      ],
      sold: [try seat("2A"): drafts[1], try seat("2B"): drafts[1], try seat("5C"): drafts[4]])
    let second = CabinFloor(
      flight: "KL1958-2026-12-24-economy",
      map: try cabin("KL1958", rows: 28, letters: "ABC|DEF", offer: "of_room2"),
      held: [try seat("12D"): CabinHold(draftID: drafts[3], expiresAt: now.addingTimeInterval(20))],
      sold: [:])
    return RoomPicture(
      name: "Flow workshop",
      attendees: [
        .init(key: "k1", name: "Ayşe", step: .payment, draftID: drafts[0], connected: true),
        .init(
          key: "k2", name: "Bora", step: .confirmation, draftID: drafts[1],
          booking: try BookingReference("BK7Q2M"), connected: true),
        .init(
          key: "k3", name: "Cem", step: .payment, draftID: drafts[2], connected: true,
          lastDrop: "dropped a reply for step extras#4: that step has left the path"),
        .init(key: "k4", name: "Deniz", step: .payment, draftID: drafts[3], connected: true),
        .init(
          key: "k5", name: "Elif", step: .confirmation, draftID: drafts[4],
          booking: try BookingReference("BK3X9L"), connected: false, lastDrop: "connection lost"),
        .init(key: "k6", name: "Jean-Luc", step: .results, connected: true),
        .init(key: "k7", name: nil, step: nil, connected: true),
      ],
      cabins: [first, second])
  }

  @Test("100x30 and 80x24", arguments: [(100, 30), (80, 24)])
  func render(size: (Int, Int)) throws {
    var canvas = Canvas(width: size.0, height: size.1)
    RoomWatchView.draw(try Self.picture(), now: Self.now, on: &canvas, theme: .dark)
    let name = "room-watch-\(size.0)x\(size.1)"
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Goldens/\(name).txt")
    GoldenRecording.check(
      canvas.lines.joined(separator: "\n") + "\n", file: file, name: name,
      sourceLocation: #_sourceLocation)
  }
}
