import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Draws the cabin of the first flight of each of an offer's slices as it stood before the
/// airline's records began: layout by aircraft and cabin, and the seats booked before (the
/// starting occupancy) drawn deterministically from the flight (`FlightKey`), so every offer
/// that includes a flight shows the same cabin. From the first hold on, the airline's inventory
/// (`FlightInventory`) adds what its own travellers hold and buy.
struct SeatMapGenerator: Sendable {
  private struct Layout {
    let columns: [SeatColumn]
    let rows: ClosedRange<Int>
    let exitRows: Set<Int>
    let extraLegroomRows: Set<Int>
  }

  /// One seat map per slice, in order.
  func seatMaps(for offer: Offer) -> [SeatMap] {
    offer.slices.indices.map { seatMap(for: offer, slice: $0) }
  }

  /// The seat map of the first flight of `offer`'s slice `slice`.
  func seatMap(for offer: Offer, slice: Int) -> SeatMap {
    let flight = offer.slices[slice].firstSegment
    let aircraft = flight.aircraft
    let layout = Self.layout(aircraft: aircraft.code, cabin: offer.cabin)
    let key = FlightKey(flight, cabin: offer.cabin).description
    var random = SeededGenerator(seed: "seats-\(key)")
    let occupancy = Int.random(in: 25...60, using: &random)
    let currency = LocalCurrency(for: offer.origin)
    let premiumCabin = offer.cabin == .business || offer.cabin == .first
    var seats: [Seat] = []
    for row in layout.rows {
      for case .seat(let letter) in layout.columns {
        guard let character = letter.first,
          let designator = try? SeatDesignator(row: row, letter: character)
        else { continue }
        let kind: SeatKind =
          layout.exitRows.contains(row)
          ? .exitRow : layout.extraLegroomRows.contains(row) ? .extraLegroom : .standard
        let euros: Decimal
        switch kind {
        case _ where premiumCabin: euros = 0
        case .exitRow: euros = 24
        case .extraLegroom: euros = 28
        case .standard: euros = row - layout.rows.lowerBound < layout.rows.count / 3 ? 9 : 0
        }
        let occupied = Int(SeededGenerator.hash("\(key)/\(designator)") % 100) < occupancy
        seats.append(
          Seat(
            designator: designator, kind: kind, price: currency.price(euros: euros),
            occupied: occupied))
      }
    }
    return SeatMap(
      offerID: offer.id, slice: slice, flight: flight.flightNumber, aircraft: aircraft,
      columns: layout.columns, rows: Array(layout.rows),
      seats: seats)
  }

  private static func layout(aircraft: String, cabin: Cabin) -> Layout {
    let narrow = ["32N", "7M8", "32Q"].contains(aircraft)
    let columns: (String) -> [SeatColumn] = { pattern in
      pattern.map { $0 == "|" ? SeatColumn.aisle : SeatColumn.seat(String($0)) }
    }
    switch (narrow, cabin) {
    case (true, .business), (true, .first):
      return Layout(columns: columns("AC|DF"), rows: 1...4, exitRows: [], extraLegroomRows: [])
    case (false, .business), (false, .first):
      return Layout(columns: columns("A|DG|K"), rows: 1...8, exitRows: [], extraLegroomRows: [])
    case (true, _):
      let rows = aircraft == "32Q" ? 1...36 : 1...30
      let exits: Set<Int> = aircraft == "32Q" ? [11, 25] : [12, 13]
      return Layout(
        columns: columns("ABC|DEF"), rows: rows, exitRows: exits, extraLegroomRows: [1, 2])
    case (false, _):
      let pattern = aircraft == "77W" ? "ABC|DEFG|HJK" : "ABC|DEF|HJK"
      return Layout(
        columns: columns(pattern), rows: 20...52, exitRows: [31], extraLegroomRows: [20, 21])
    }
  }
}
