import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The seats of a change: those a change quote moves and holds on the new flight, their sale
/// before the change's commit, and that sale undone for a change that did not commit.
extension SimulatedAirline {
  /// `booking`'s extras with the seats of the changed slice moved to offer's new flight: each
  /// traveller's seat where it is free there, or the nearest free seat to it.
  func seatsKept(_ booking: Booking, on offer: ChangeOffer) throws(ServiceError) -> Extras {
    var extras = booking.extras
    let kept = booking.extras.seats(onSlice: offer.slice)
    for passenger in kept.keys { extras.setSeat(nil, for: passenger, onSlice: offer.slice) }
    guard !kept.isEmpty else { return extras }
    let maps = currentSeatMaps(for: offer.offer, heldFor: booking.draftID)
    guard let map = maps.first(where: { $0.slice == offer.slice }) else { return extras }
    // Kinds as the old flight had them (a seat paid for extra legroom is given extra legroom
    // where the new flight has one free), else the nearest free seat of any kind.
    let oldMap = currentSeatMaps(for: booking.offer, heldFor: nil).first { $0.slice == offer.slice }
    var free = map.seats.filter { !$0.occupied }
    for (passenger, seat) in kept.sorted(by: { $0.value < $1.value }) {
      let kind = oldMap?.seats.first { $0.designator == seat }?.kind
      let nearest = { (seats: [Seat]) in
        seats.min { Self.distance($0.designator, seat) < Self.distance($1.designator, seat) }
      }
      let pick =
        free.first { $0.designator == seat && (kind == nil || $0.kind == kind) }
        ?? nearest(free.filter { $0.kind == kind }) ?? nearest(free)
      guard let pick = pick?.designator else { throw .seatTaken(seat, slice: offer.slice) }
      free.removeAll { $0.designator == pick }
      extras.setSeat(pick, for: passenger, onSlice: offer.slice)
    }
    return extras
  }

  /// How far apart two seats are: rows first, then letters.
  private static func distance(_ a: SeatDesignator, _ b: SeatDesignator) -> Int {
    abs(a.row - b.row) * 16 + abs(Int(a.letter.asciiValue ?? 0) - Int(b.letter.asciiValue ?? 0))
  }

  /// The writes that hold `quote`'s seats on its new flight for `draft` (the booking's), its
  /// earlier holds there dropped. Writes nothing. Under the ledger lock.
  func plannedChangeHolds(_ quote: ChangeQuote, draft: DraftID) throws(ServiceError)
    -> [(FlightKey, FlightInventory)]
  {
    let now = clock.now()
    let holder = try Self.holdID(quote.id)
    return try planned(quote.offer) { (slice, current) throws(ServiceError) in
      guard slice == quote.slice else { return current }
      var next = current.releasing(draft, at: now)
      for seat in Set(quote.extras.seats(onSlice: slice).values).sorted() {
        guard !current.isTaken(seat, for: draft, at: now) else {
          throw .seatTaken(seat, slice: slice)
        }
        next.holds[seat] = SeatHold(quoteID: holder, draftID: draft, expiresAt: quote.expiresAt)
      }
      return next
    }
  }

  /// The ID a change quote's seat holds are kept under.
  static func holdID(_ id: ChangeQuoteID) throws(ServiceError) -> QuoteID {
    do { return try QuoteID(id.rawValue) } catch { throw .invalid(error) }
  }

  /// The writes that sell `quote`'s seats on its new flight to `booking` and count its party
  /// there, the booking's holds there dropped; a seat another booking has is refused, or, when
  /// `reporting` (a committed change finished), left to that booking and reported.
  func plannedChangeSale(_ quote: ChangeQuote, _ booking: Booking, reporting: Bool = false)
    throws(ServiceError) -> [(FlightKey, FlightInventory)]
  {
    let now = clock.now()
    let reference = booking.reference
    return try planned(quote.offer) { (slice, current) throws(ServiceError) in
      guard slice == quote.slice else { return current }
      var next = current.releasing(booking.draftID, at: now)
      for seat in Set(quote.extras.seats(onSlice: slice).values).sorted() {
        if let sale = current.sold[seat], sale.reference == reference { continue }
        if current.isTaken(seat, for: booking.draftID, at: now) {
          guard reporting else { throw .seatTaken(seat, slice: slice) }
          notices.yield(
            .bookkeepingDeferred(
              reference: reference, reason: "seat \(seat) of the changed flight is taken"))
          continue
        }
        next.sold[seat] = SeatSale(reference: reference, draftID: booking.draftID)
      }
      next.parties[reference.rawValue] = PartySale(
        draftID: booking.draftID, seats: booking.offer.party.seats)
      return next
    }
  }

  /// Step 2 undone, for a change that did not commit: the seats sold on `quote`'s new flight to
  /// `booking` and its party there released, the seats held again for the quote while it holds.
  func undoChangeSale(_ quote: ChangeQuote, of booking: Booking) throws(ServiceError) {
    let now = clock.now()
    let holder = try Self.holdID(quote.id)
    let reference = booking.reference
    try write(
      planned(quote.offer) { slice, current in
        guard slice == quote.slice else { return current }
        var next = current
        next.parties[reference.rawValue] = nil
        for (seat, sale) in current.sold where sale.reference == reference {
          next.sold[seat] = nil
          if quote.isValid(at: now) {
            next.holds[seat] = SeatHold(
              quoteID: holder, draftID: booking.draftID, expiresAt: quote.expiresAt)
          }
        }
        return next
      })
  }
}
