import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A seat held by a live quote, as a reader of the airline's records sees it.
public struct CabinHold: Hashable, Sendable {
  /// The draft whose quote holds the seat.
  public let draftID: DraftID
  /// When the hold lapses (the quote's expiry).
  public let expiresAt: Date

  /// A hold.
  public init(draftID: DraftID, expiresAt: Date) {
    self.draftID = draftID
    self.expiresAt = expiresAt
  }
}

/// One cabin of one flight as the airline's records have it, for a view of many travellers
/// (the workshop room's): the seat map with the seats booked before the records began as
/// occupied, and, apart, the seats its travellers hold and have bought.
public struct CabinFloor: Hashable, Sendable {
  /// The flight and cabin: carrier and number, departure day and cabin
  /// (`KL879-2026-12-24-economy`).
  public let flight: String
  /// The cabin's seats; `occupied` only for the seats booked before the records began.
  public let map: SeatMap
  /// The seats held by live quotes, by seat.
  public let held: [SeatDesignator: CabinHold]
  /// The seats sold, with the draft that paid for each.
  public let sold: [SeatDesignator: DraftID]

  /// A cabin.
  public init(
    flight: String, map: SeatMap, held: [SeatDesignator: CabinHold] = [:],
    sold: [SeatDesignator: DraftID] = [:]
  ) {
    self.flight = flight
    self.map = map
    self.held = held
    self.sold = sold
  }

  /// How many of the map's seats are taken in all: booked before, held or sold.
  public var takenCount: Int {
    map.seats.count { $0.occupied || held[$0.designator] != nil || sold[$0.designator] != nil }
  }
}

extension SimulatedAirline {
  /// The cabins of the flights whose seats `drafts` choose (the first flight of each slice of
  /// each draft's offer), once each, in the order first met, as the records at
  /// `airlineDirectory` have them at `now`.
  ///
  /// Reads only: a record that is missing, or cannot be read, is left where it is and its
  /// flight shows its starting occupancy (or, for a draft, is skipped). It neither checks nor
  /// needs the airline's seal: what it returns is drawn, never acted on.
  public static func cabinFloors(
    airlineDirectory: String, drafts: [DraftID], now: Date
  ) -> [CabinFloor] {
    let store = RecordStore(root: airlineDirectory)
    let generator = SeatMapGenerator()
    var seen: Set<String> = []
    var floors: [CabinFloor] = []
    for draftID in drafts {
      guard
        let draft = try? store.loadIfPresent(
          BookingDraft.self, id: draftID.rawValue, kind: AirlineRecords.drafts, policy: .report)
      else { continue }
      let offer = draft.offer
      let flights = FlightKey.seatedFlights(of: offer)
      for (slice, flight) in flights.enumerated() where !seen.contains(flight.description) {
        seen.insert(flight.description)
        let map = generator.seatMap(for: offer, slice: slice)
        let inventory =
          (try? store.loadIfPresent(
            FlightInventory.self, id: flight.description, kind: AirlineRecords.inventory,
            policy: .report)) ?? nil
        var held: [SeatDesignator: CabinHold] = [:]
        var sold: [SeatDesignator: DraftID] = [:]
        for (seat, hold) in inventory?.holds ?? [:] where hold.isLive(at: now) {
          held[seat] = CabinHold(draftID: hold.draftID, expiresAt: hold.expiresAt)
        }
        for (seat, sale) in inventory?.sold ?? [:] {
          sold[seat] = sale.draftID
          held[seat] = nil
        }
        floors.append(CabinFloor(flight: flight.description, map: map, held: held, sold: sold))
      }
    }
    return floors
  }

  /// The draft a quote at `airlineDirectory` prices, or nil when its record is missing or
  /// cannot be read. Reads only.
  public static func draftID(ofQuote quote: QuoteID, airlineDirectory: String) -> DraftID? {
    let store = RecordStore(root: airlineDirectory)
    return
      (try? store.loadIfPresent(
        Quote.self, id: quote.rawValue, kind: AirlineRecords.quotes, policy: .report))??.draftID
  }

  /// The draft a booking at `airlineDirectory` was paid for, or nil when its record is missing
  /// or cannot be read. Reads only.
  public static func draftID(
    ofBooking reference: BookingReference, airlineDirectory: String
  ) -> DraftID? {
    let store = RecordStore(root: airlineDirectory)
    return
      (try? store.loadIfPresent(
        Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings, policy: .report))??
      .draftID
  }
}
