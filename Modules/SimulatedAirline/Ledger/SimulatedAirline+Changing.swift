import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Changing a booking, before its confirmation: the flights one slice can move to (change
/// offers), then a change quote that locks one of them and holds seats on the new flight.
///
/// A change stays on the booking's airline, route and cabin, and keeps the booking's fare
/// conditions. Its total is the new slice's fare (at the bucket the new flight sells from now,
/// in the booking's currency) less the share of the booked fare it replaces, plus the fare's
/// change penalty: positive is paid with a card, negative goes back to the booking's card.
///
/// Everything here runs under the ledger lock, as a payment and a cancellation do. Asking for
/// change offers writes each offer (`changeOffers/<id>`). Quoting writes, in this order:
/// - 1. `changes/<reference>` = the booking's history with the new quote as its open one,
///   replacing any earlier quote. Dies here: the quote was never told, and holds no seat; the
///   next quote replaces it, and confirming it sells its seats if they are free.
/// - 2. `inventory/<flight>` of the new flight: the quote's seats held until it expires, the
///   booking's earlier holds there dropped. Dies here: an earlier quote's seats on another
///   flight stay held until it expires.
/// - 3. `inventory/<flight>` of an earlier quote's new flight, if it was another: its holds let
///   go.
///
/// Confirming is `SimulatedAirline+ChangeConfirming.swift`.
extension SimulatedAirline {
  public func changeOffers(for criteria: ChangeCriteria) async throws(ServiceError)
    -> [ChangeOffer]
  {
    await configuration.latency.pause()
    if let reason = configuration.paymentsOff { throw .paymentsUnavailable(reason) }
    let lock = try await lockAirline()
    return try withExtendedLifetime(lock) { () throws(ServiceError) -> [ChangeOffer] in
      try changeOffersUnderLock(criteria)
    }
  }

  public func quoteChange(_ id: ChangeOfferID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
  {
    await configuration.latency.pause()
    if let reason = configuration.paymentsOff { throw .paymentsUnavailable(reason) }
    let lock = try await lockAirline()
    return try withExtendedLifetime(lock) { () throws(ServiceError) -> ChangeQuote in
      try quoteChangeUnderLock(id, reference)
    }
  }

  public func changeQuote(_ id: ChangeQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
  {
    await configuration.latency.pause()
    let booking = try await self.booking(reference: reference)
    guard booking.cancellation == nil else { throw .bookingCancelled(reference) }
    guard let quote = try changeRecord(of: reference)?.quote, quote.id == id else {
      throw .changeQuoteNotFound(id)
    }
    return quote
  }

  /// The change offers for `criteria`, each written. Under the ledger lock.
  func changeOffersUnderLock(_ criteria: ChangeCriteria) throws(ServiceError) -> [ChangeOffer] {
    let reference = criteria.reference
    let booking = try changeable(reference)
    guard booking.offer.slices.indices.contains(criteria.slice) else {
      throw .noSuchSlice(reference, criteria.slice)
    }
    let old = booking.offer.slices[criteria.slice]
    let search: SearchCriteria
    do {
      search = try SearchCriteria(
        origin: old.origin.code, destination: old.destination.code,
        departure: criteria.departure, party: booking.offer.party)
    } catch {
      throw .invalid(error)
    }
    let now = clock.now()
    guard criteria.departure.adding(days: 1).start(in: old.origin.zone) > now else {
      throw .dayPassed(criteria.departure)
    }
    if let day = search.dayBeyondBookingWindow(at: now) { throw .beyondBookingWindow(day) }
    let booked = FlightKey(old.firstSegment, cabin: booking.offer.cabin)
    let penalty = booking.offer.conditions.changeBeforeDeparture.penalty
    let home = LocalCurrency(for: booking.offer.origin)
    let oldFare = fare(ofSlice: criteria.slice, in: booking)
    var offers: [ChangeOffer] = []
    for candidate in offerGenerator.offers(for: search, now: now)
    where candidate.airline == booking.offer.airline && candidate.cabin == booking.offer.cabin
      && candidate.departure.instant > now.addingTimeInterval(Self.salesCutoff)
      && FlightKey(candidate.outbound.firstSegment, cabin: candidate.cabin) != booked
    {
      let priced = offer(candidate, atLevel: fareLevel(of: candidate))
      let leg = LocalCurrency(for: priced.origin)
      let newFare = home.fare(priced.total.amount / leg.perEuro * home.perEuro)
      var slices = booking.offer.slices
      slices[criteria.slice] = priced.outbound
      // The same flight for the same version of the booking is the same offer on every ask,
      // as a search's offers are (its price the bucket's of the moment).
      let seed = SeededGenerator.hash("\(reference)-v\(booking.version)-\(priced.id)")
      guard let id = try? ChangeOfferID("ch-" + String(seed, radix: 16)) else { continue }
      let total = max(booking.offer.total.amount - oldFare.amount + newFare.amount, 0)
      guard
        let change = try? ChangeTotal(
          newFare: newFare, oldFare: oldFare, penalty: penalty ?? .zero(home.currency)),
        let trip = try? Offer(
          id: OfferID("of-" + String(SeededGenerator.hash("\(id)#trip"), radix: 16)),
          airline: booking.offer.airline, slices: slices, cabin: booking.offer.cabin,
          pricePerAdult: home.fare(
            booking.offer.pricePerAdult.amount * total / max(booking.offer.total.amount, 1)),
          party: booking.offer.party, total: Money(total, home.currency),
          expiresAt: priced.expiresAt, conditions: booking.offer.conditions),
        let offer = try? ChangeOffer(
          id: id, reference: reference, version: booking.version, slice: criteria.slice,
          offer: trip, total: change, expiresAt: priced.expiresAt)
      else { continue }
      offers.append(offer)
    }
    for offer in offers {
      try save(offer, id: offer.id.rawValue, kind: AirlineRecords.changeOffers)
    }
    return offers
  }

  /// The fare slice `slice` of `booking` stands for now: the new fare of the last change that
  /// moved it; else its share of the fare the booking was paid at (the quote's, when the airline
  /// re-priced it), an even split of a round trip, the last slice taking what rounding leaves.
  func fare(ofSlice slice: Int, in booking: Booking) -> Money {
    if let last = booking.changes.last(where: { $0.quote.slice == slice }) {
      return last.quote.total.newFare
    }
    // The trip's fare as paid: the booking's offer before its changes, or the quote's new price.
    let moved = booking.changes.reduce(Decimal(0)) {
      $0 + $1.quote.total.newFare.amount - $1.quote.total.oldFare.amount
    }
    let paid =
      (try? store.loadIfPresent(
        Quote.self, id: booking.quoteID.rawValue, kind: AirlineRecords.quotes, policy: .report))??
      .priceChange?.after
    let total = paid ?? Money(booking.offer.total.amount - moved, booking.offer.total.currency)
    let count = booking.offer.slices.count
    guard count > 1 else { return total }
    let each = (total.amount / Decimal(count)).roundedHalfUp(scale: total.currency.minorUnits)
    return slice == count - 1
      ? Money(total.amount - each * Decimal(count - 1), total.currency)
      : Money(each, total.currency)
  }

  /// A new quote for change offer `id`: the write order above. Under the ledger lock.
  func quoteChangeUnderLock(_ id: ChangeOfferID, _ reference: BookingReference)
    throws(ServiceError) -> ChangeQuote
  {
    let booking = try changeable(reference)
    guard
      let offer = try? store.loadIfPresent(
        ChangeOffer.self, id: id.rawValue, kind: AirlineRecords.changeOffers, policy: .report),
      offer.reference == reference
    else { throw .changeOfferNotFound(id) }
    let now = clock.now()
    guard now < offer.expiresAt, offer.offer.departure.instant > now else {
      throw .changeOfferNotFound(id)
    }
    guard offer.version == booking.version else { throw .changeOfferNotFound(id) }
    let quoteID = ChangeQuoteID.random(prefix: "cx")
    let expiresAt = now.addingTimeInterval(configuration.quoteLifetime)
    let extras = try seatsKept(booking, on: offer)
    let quote = ChangeQuote(
      id: quoteID, offerID: id, reference: reference, version: booking.version,
      slice: offer.slice, offer: offer.offer, extras: extras, total: offer.total,
      refundTo: booking.paymentMethod, issuedAt: now, expiresAt: expiresAt)
    let before = try changeRecord(of: reference)
    let holds = try plannedChangeHolds(quote, draft: booking.draftID)
    // 1. The quote.
    try save(
      ChangeRecord(quote: quote, history: before?.history ?? []), id: reference.rawValue,
      kind: AirlineRecords.changes)
    // 2. Its seats held.
    try write(holds)
    // 3. An earlier quote's seats on another flight let go.
    if let earlier = before?.quote,
      FlightKey.seatedFlights(of: earlier.offer)[earlier.slice]
        != FlightKey.seatedFlights(of: quote.offer)[quote.slice]
    {
      try write(
        planned(earlier.offer) { slice, current in
          slice == earlier.slice ? current.releasing(booking.draftID, at: now) : current
        })
    }
    return quote
  }
}
