import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The airline's seats: a seat is held by one price quote at a time and sold to one booking,
/// whoever else is booking, in this process or another.
///
/// A draft its traveller left (`releaseHolds(of:)`) gives up its holds in one write per
/// flight: killed before it, the holds last until their quote expires, as they would have.
///
/// Every hold, sale and release is written under the ledger lock (`lockAirline()`), so two
/// processes never decide about one seat at once; a seat is in at most one live hold or sale.
/// A hold is live until its quote expires: an expired hold never blocks anyone, even before a
/// later write drops it.
///
/// Quoting with seats (`price(draftID:extras:)`) writes, in this order (what the next start sees
/// if the process dies right after each; `HoldCrashPointTests` kills before and after each
/// bullet's writes, one test case a bullet, and checks that every durable step is one bullet's):
/// - 1. `quotes/<quote>`. Dies here: a quote whose seats are not held. Nobody was told of it;
///   should its holder pay it, the payment sells its seats if they are still free and says
///   `seatTaken` if not.
/// - 2. `inventory/<flight>` of each slice whose holds change: the quote's seats held until the
///   quote expires, and the draft's earlier holds (an older quote's) and every expired hold
///   dropped. Dies between two slices: the first flight holds the new quote's seats, the second
///   still the older quote's, until that one expires; paying the new quote holds or sells what
///   it needs.
///
/// A payment with seats adds one step to the ledger's write order
/// (`SimulatedAirline+Payments.swift`), after its order and before its charge:
/// - 2b. `inventory/<flight>` of each slice: the booking's party counted against the fare
///   buckets (`FareBuckets`), the quote's seats sold to the booking's reference, and the draft's
///   holds dropped. Dies here: no charge was made, so settling the intent
///   releases the sale (the seats held again for the quote while it holds, else free) as it
///   releases the order. A charge therefore never stands without its seats, and a sale without
///   its booking lasts only until the next settle.
///
/// A payment rolled forward (its charge found, its booking missing) sells its seats again if
/// they are not sold to it, so a payment from before step 2b existed also holds its seats.
extension SimulatedAirline {
  public func seatMaps(for offerID: OfferID) async throws(ServiceError) -> [SeatMap] {
    try await seatMaps(for: offerID, heldFor: nil)
  }

  public func seatMaps(for offerID: OfferID, heldFor draft: DraftID?) async throws(ServiceError)
    -> [SeatMap]
  {
    await configuration.latency.pause()
    return currentSeatMaps(for: try availableOffer(offerID), heldFor: draft)
  }

  /// The seat maps of offer `offerID` as this airline's traveller sees them: a seat one of
  /// their own quotes holds is taken, as for everyone, and marked `heldByYou` (what
  /// `booking-cli seats` shows); on an airline with no traveller set, no hold is marked.
  public func travellerSeatMaps(for offerID: OfferID) async throws(ServiceError) -> [SeatMap] {
    await configuration.latency.pause()
    return currentSeatMaps(
      for: try availableOffer(offerID), heldFor: nil,
      yours: { [configuration] draft in configuration.traveller != nil && self.isMine(draft) })
  }

  /// The seat maps of `offer` as the inventory has them now. A flight whose record cannot be
  /// read shows its starting occupancy; holding or selling its seats is refused until it can.
  func currentSeatMaps(
    for offer: Offer, heldFor draft: DraftID?, yours: (DraftID) -> Bool = { _ in false }
  ) -> [SeatMap] {
    let now = clock.now()
    let flights = FlightKey.seatedFlights(of: offer)
    return seatMaps.seatMaps(for: offer).map { map in
      guard flights.indices.contains(map.slice),
        let inventory = try? store.loadIfPresent(
          FlightInventory.self, id: flights[map.slice].description,
          kind: AirlineRecords.inventory, policy: .report)
      else { return map }
      return inventory.apply(to: map, at: now, for: draft, yours: yours)
    }
  }

  /// A flight's record as it must be read before a hold or a sale: missing is empty; one that
  /// cannot be read is copied aside, reported, and refuses (nothing is sold on a guess).
  private func inventory(_ flight: FlightKey) throws(ServiceError) -> FlightInventory {
    switch try readGuard(
      FlightInventory.self, id: flight.description, kind: AirlineRecords.inventory)
    {
    case .missing: return FlightInventory()
    case .found(let inventory): return inventory
    case .unreadable(let error): throw .storage(error.description)
    }
  }

  /// The records to write for the flights of `offer` whose seats are chosen: each slice's
  /// record as `change` makes it from the current one, those it changes only. Writes nothing,
  /// so a refusal on a later slice leaves every flight as it was. Under the ledger lock.
  func planned(
    _ offer: Offer,
    _ change: (_ slice: Int, _ current: FlightInventory) throws(ServiceError) -> FlightInventory
  ) throws(ServiceError) -> [(FlightKey, FlightInventory)] {
    var writes: [(FlightKey, FlightInventory)] = []
    for (slice, flight) in FlightKey.seatedFlights(of: offer).enumerated() {
      let current = try inventory(flight)
      let next = try change(slice, current)
      if next != current { writes.append((flight, next)) }
    }
    return writes
  }

  /// Writes planned holds or sales, flight by flight.
  func write(_ records: [(FlightKey, FlightInventory)]) throws(ServiceError) {
    for (flight, inventory) in records {
      try save(inventory, id: flight.description, kind: AirlineRecords.inventory)
    }
  }

  /// The records to write so that `extras`' seats are held by `quote` for `draft` until
  /// `expiresAt`, and the draft's earlier holds and every expired hold are dropped; throws
  /// `seatTaken` for a seat sold or held by another draft. Writes nothing. Under the ledger lock.
  func plannedHolds(
    _ extras: Extras, quote: QuoteID, expiresAt: Date, draft: BookingDraft
  ) throws(ServiceError) -> [(FlightKey, FlightInventory)] {
    let now = clock.now()
    return try planned(draft.offer) { (slice, current) throws(ServiceError) in
      var next = current.releasing(draft.id, at: now)
      for seat in Set(extras.seats(onSlice: slice).values).sorted() {
        guard !current.isTaken(seat, for: draft.id, at: now) else {
          throw .seatTaken(seat, slice: slice)
        }
        next.holds[seat] = SeatHold(quoteID: quote, draftID: draft.id, expiresAt: expiresAt)
      }
      return next
    }
  }

  /// The records to write so that `quote`'s seats are sold to `reference`, its party counted
  /// against the fare buckets, and the draft's holds dropped; throws `seatTaken` for a seat
  /// sold to another booking or held by another draft's live quote. Writes nothing. Under the
  /// ledger lock.
  func plannedSale(of quote: Quote, draft: BookingDraft, to reference: BookingReference)
    throws(ServiceError) -> [(FlightKey, FlightInventory)]
  {
    let now = clock.now()
    return try planned(draft.offer) { (slice, current) throws(ServiceError) in
      var next = current.releasing(draft.id, at: now)
      for seat in Set(quote.extras.seats(onSlice: slice).values).sorted() {
        if let sale = current.sold[seat], sale.reference == reference { continue }
        guard !current.isTaken(seat, for: draft.id, at: now) else {
          throw .seatTaken(seat, slice: slice)
        }
        next.sold[seat] = SeatSale(reference: reference, draftID: draft.id)
      }
      next.parties[reference.rawValue] = PartySale(
        draftID: draft.id, seats: draft.offer.party.seats)
      return next
    }
  }

  public func releaseHolds(of draft: DraftID) async throws(ServiceError) {
    guard isMine(draft),
      let abandoned = try? store.loadIfPresent(
        BookingDraft.self, id: draft.rawValue, kind: AirlineRecords.drafts, policy: .report)
    else { return }
    let lock = try await lockAirline()
    try withExtendedLifetime(lock) { () throws(ServiceError) in
      let now = clock.now()
      try write(planned(abandoned.offer) { _, current in current.releasing(draft, at: now) })
    }
  }

  /// Step 2b undone, for a payment that charged nothing: the seats sold to `reference` (or,
  /// when its intent could not be read, to any unbooked payment of `draft`) and its party's
  /// count are released, the seats held again for `quote` while it holds. Under the ledger
  /// lock.
  func releaseSale(
    of draft: DraftID, offer: Offer, reference: BookingReference?, quote: Quote?
  ) throws(ServiceError) {
    let now = clock.now()
    try write(
      planned(offer) { slice, current in
        var next = current
        for (key, party) in current.parties
        where party.draftID == draft && (reference == nil || key == reference?.rawValue) {
          next.parties[key] = nil
        }
        for (seat, sale) in current.sold
        where sale.draftID == draft && (reference == nil || sale.reference == reference) {
          next.sold[seat] = nil
          if let quote, quote.isValid(at: now),
            quote.extras.seats(onSlice: slice).values.contains(seat)
          {
            next.holds[seat] = SeatHold(
              quoteID: quote.id, draftID: draft, expiresAt: quote.expiresAt)
          }
        }
        return next
      })
  }

  /// A charged payment's seats and party, counted to its booking if they are not yet (a roll
  /// forward). A seat sold to another booking stays that booking's and is reported: the write
  /// order never leads there. Under the ledger lock.
  func completeSale(of booking: Booking) throws(ServiceError) {
    let now = clock.now()
    try write(
      planned(booking.offer) { slice, current in
        var next = current.releasing(booking.draftID, at: now)
        for seat in Set(booking.extras.seats(onSlice: slice).values).sorted() {
          switch current.sold[seat] {
          case .some(let sale) where sale.reference == booking.reference:
            continue
          case .some(let sale):
            notices.yield(
              .bookkeepingDeferred(
                reference: booking.reference,
                reason: "seat \(seat) of \(FlightKey.seatedFlights(of: booking.offer)[slice]) "
                  + "is sold to \(sale.reference)"))
          case .none:
            next.sold[seat] = SeatSale(reference: booking.reference, draftID: booking.draftID)
          }
        }
        if next.parties[booking.reference.rawValue] == nil {
          next.parties[booking.reference.rawValue] = PartySale(
            draftID: booking.draftID, seats: booking.offer.party.seats)
        }
        return next
      })
  }
}
