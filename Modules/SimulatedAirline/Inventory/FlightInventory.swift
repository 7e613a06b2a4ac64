import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One cabin of one flight, as every offer that includes the flight sees it: a flight is its
/// carrier, number and departure day, and its cabin is the offer's class of travel. Its ID is
/// the name of its record (`inventory/KL879-2026-12-24-economy.json`).
struct FlightKey: Hashable, Sendable, CustomStringConvertible {
  let flight: FlightNumber
  let day: CalendarDay
  let cabin: Cabin

  /// The cabin of `segment`'s flight in `cabin`.
  init(_ segment: Segment, cabin: Cabin) {
    flight = segment.flightNumber
    day = segment.departure.day
    self.cabin = cabin
  }

  /// The first flight of each of `offer`'s slices, in order: the flights whose seats are chosen.
  static func seatedFlights(of offer: Offer) -> [FlightKey] {
    offer.slices.map { FlightKey($0.firstSegment, cabin: offer.cabin) }
  }

  var description: String { "\(flight)-\(day)-\(cabin.rawValue)" }
}

/// A seat held by a price quote until the quote expires (`SeatHold.expiresAt`).
struct SeatHold: Codable, Sendable, Hashable {
  let quoteID: QuoteID
  let draftID: DraftID
  let expiresAt: Date

  /// Whether the hold still keeps the seat from everyone else at `now`.
  func isLive(at now: Date) -> Bool { now < expiresAt }
}

/// A seat sold to a booking, with the draft that paid for it (so that a payment cut off before
/// its charge, whose intent cannot be read, still finds what it sold).
struct SeatSale: Codable, Sendable, Hashable {
  let reference: BookingReference
  let draftID: DraftID
}

/// The seats a booking took from a cabin's fare buckets (its party's adults and children),
/// whether or not it chose seats.
struct PartySale: Codable, Sendable, Hashable {
  let draftID: DraftID
  let seats: Int
}

/// What the airline's records say of a flight's cabin (`inventory/<flight>.json`): the seats
/// held by quotes and the seats sold to bookings, by seat, and each booking's party, which the
/// fare buckets count. A seat in neither is free unless the seat map's starting occupancy (who
/// booked before the records began) has it.
struct FlightInventory: Codable, Sendable, Equatable {
  var holds: [SeatDesignator: SeatHold] = [:]
  var sold: [SeatDesignator: SeatSale] = [:]
  /// Each booking's party, by reference.
  var parties: [String: PartySale] = [:]

  /// The seats sold from the fare buckets.
  var seatsSold: Int { parties.values.reduce(0) { $0 + $1.seats } }

  init() {}

  private enum CodingKeys: String, CodingKey { case holds, sold, parties }

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    holds = try c.decodeIfPresent([SeatDesignator: SeatHold].self, forKey: .holds) ?? [:]
    sold = try c.decodeIfPresent([SeatDesignator: SeatSale].self, forKey: .sold) ?? [:]
    parties = try c.decodeIfPresent([String: PartySale].self, forKey: .parties) ?? [:]
  }

  /// Why `seat` cannot be given to `draft` at `now`, if it cannot: sold, or held by another
  /// draft's live quote.
  func isTaken(_ seat: SeatDesignator, for draft: DraftID, at now: Date) -> Bool {
    if sold[seat] != nil { return true }
    if let hold = holds[seat], hold.draftID != draft, hold.isLive(at: now) { return true }
    return false
  }

  /// The same cabin with `draft`'s holds and every expired hold dropped.
  func releasing(_ draft: DraftID, at now: Date) -> FlightInventory {
    var next = self
    next.holds = holds.filter { $0.value.draftID != draft && $0.value.isLive(at: now) }
    return next
  }

  /// The seat map `map` (drawn with its starting occupancy) as the records have it at `now`:
  /// sold seats and seats held for another draft are taken; those held for `draft` are free
  /// for it and marked `heldByYou`, and those held by another of `yours` drafts are taken and
  /// marked `heldByYou`.
  func apply(
    to map: SeatMap, at now: Date, for draft: DraftID?, yours: (DraftID) -> Bool = { _ in false }
  ) -> SeatMap {
    guard !holds.isEmpty || !sold.isEmpty else { return map }
    let seats = map.seats.map { seat -> Seat in
      guard !seat.occupied else { return seat }
      let id = seat.designator
      if sold[id] != nil { return seat.with(occupied: true) }
      guard let hold = holds[id], hold.isLive(at: now) else { return seat }
      if let draft, hold.draftID == draft { return seat.with(occupied: false, heldByYou: true) }
      return seat.with(occupied: true, heldByYou: yours(hold.draftID))
    }
    return SeatMap(
      offerID: map.offerID, slice: map.slice, flight: map.flight, aircraft: map.aircraft,
      columns: map.columns, rows: map.rows, seats: seats)
  }
}

extension Seat {
  fileprivate func with(occupied: Bool, heldByYou: Bool = false) -> Seat {
    Seat(
      designator: designator, kind: kind, price: price, occupied: occupied, heldByYou: heldByYou)
  }
}
