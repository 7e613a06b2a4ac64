import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Cancelling a booking: a cancellation quote first (the refund, the card it goes back to, until
/// when it holds), then its confirmation, which refunds exactly once and puts the seats back on
/// sale, whichever process confirms.
///
/// Both hold the ledger lock for all of their reads and writes, as a payment does, so a quote,
/// a confirmation and a payment never interleave, in this process or across processes. A
/// booking's cancellation is one record, `cancellations/<reference>`: each new quote replaces
/// the one before it (only the most recent can be confirmed), and its confirmation is the
/// commit point.
///
/// Quoting writes one record:
/// - `cancellations/<reference>` = the new quote. Dies here: the quote was never told; the next
///   ask quotes again, replacing it.
///
/// Confirming writes, in this order (what the next start sees if the process dies right after
/// each; `CancelCrashPointTests` kills before and after each bullet's writes, one test case a
/// bullet, and kills the next start's settle at each of its own steps too):
/// - 1. `cancelling/<reference>`: the quote being confirmed. Dies here: nothing is cancelled;
///   the settle removes it, and the quote may be confirmed while it holds.
/// - 2. `cancellations/<reference>` = the quote, confirmed at now: the commit point. From here
///   on the booking is cancelled, whatever fails after. Dies here: the settle writes 3 and 4,
///   then 5.
/// - 3. `refunds/<reference>`: the refund (amount, card, time), written only when absent, so a
///   settle that runs it again refunds nothing twice. Dies here: the settle writes 4, then 5.
/// - 4. `inventory/<flight>` of each slice: the seats sold to the booking and its party's count
///   in the fare buckets released, free for the next search at once; then, when a change quote
///   was left open, its new flight's holds let go. Dies here: the settle writes them again (each
///   idempotent), then removes 1.
/// - 5. remove `cancelling/<reference>`: settled. With no fsync of the folder: a marker a power
///   cut brings back is settled again, and settling is idempotent.
///
/// A refund is never written before its commit (2), so a cancellation that did not commit
/// refunds nothing; a booking whose cancellation committed cannot be paid again (its draft
/// stays taken) and is never quoted again.
extension SimulatedAirline {
  public func quoteCancellation(of reference: BookingReference) async throws(ServiceError)
    -> CancellationQuote
  {
    await configuration.latency.pause()
    if let reason = configuration.paymentsOff { throw .paymentsUnavailable(reason) }
    let lock = try await lockAirline()
    return try withExtendedLifetime(lock) { () throws(ServiceError) -> CancellationQuote in
      try quoteCancellationUnderLock(reference)
    }
  }

  public func confirmCancellation(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> Booking
  {
    await configuration.latency.pause()
    if let reason = configuration.paymentsOff { throw .paymentsUnavailable(reason) }
    let lock = try await lockAirline()
    return try withExtendedLifetime(lock) { () throws(ServiceError) -> Booking in
      try confirmCancellationUnderLock(id, reference)
    }
  }

  public func cancellationQuote(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> CancellationQuote
  {
    await configuration.latency.pause()
    let booking = try await self.booking(reference: reference)
    guard booking.cancellation == nil else { throw .bookingCancelled(reference) }
    guard
      let record = try cancellationRecord(of: reference), record.quote.id == id,
      record.quote.reference == booking.reference
    else { throw .cancellationQuoteNotFound(id) }
    return record.quote
  }

  /// A new quote for cancelling `reference`, replacing any earlier one. Under the ledger lock.
  func quoteCancellationUnderLock(_ reference: BookingReference) throws(ServiceError)
    -> CancellationQuote
  {
    try settleCancellation(of: reference)
    let booking = try cancellable(reference)
    let now = clock.now()
    let paid = booking.totalPaid
    let rule = booking.offer.conditions.refundBeforeDeparture
    let kept: Money
    if rule.allowed {
      if let penalty = rule.penalty, penalty.currency != paid.currency {
        throw .storage(
          "booking \(reference)'s penalty is in \(penalty.currency), its payment in \(paid.currency)"
        )
      }
      let penalty = rule.penalty?.amount ?? 0
      kept = Money(min(max(penalty, 0), paid.amount), paid.currency)
    } else {
      // A fare that refunds nothing still gives back its taxes and airport fees, as airlines
      // do: they are the airports' and governments', not the fare's.
      let quote = try load(
        Quote.self, id: booking.quoteID.rawValue, kind: AirlineRecords.quotes,
        missing: .quoteNotFound(booking.quoteID))
      let taxes = quote.lineItems.filter { $0.kind == .tax }.reduce(Decimal(0)) {
        $0 + $1.amount.amount
      }
      kept = Money(max(paid.amount - min(taxes, paid.amount), 0), paid.currency)
    }
    let quote: CancellationQuote
    do {
      quote = try CancellationQuote(
        id: CancellationQuoteID.random(prefix: "cq"), reference: reference,
        version: booking.version, paid: paid,
        kept: kept, refund: Money(paid.amount - kept.amount, paid.currency),
        refundable: rule.allowed, refundTo: booking.paymentMethod, issuedAt: now,
        expiresAt: now.addingTimeInterval(configuration.quoteLifetime))
    } catch {
      throw .invalid(error)
    }
    try save(
      CancellationRecord(quote: quote, confirmedAt: nil), id: reference.rawValue,
      kind: AirlineRecords.cancellations)
    return quote
  }

  /// Confirms quote `id` of `reference`: the write order above. The same quote confirmed again
  /// answers with the cancelled booking and writes nothing. Under the ledger lock.
  func confirmCancellationUnderLock(_ id: CancellationQuoteID, _ reference: BookingReference)
    throws(ServiceError) -> Booking
  {
    try settleCancellation(of: reference)
    let booking = try myBooking(reference)
    let record = try cancellationRecord(of: reference)
    if let cancellation = booking.cancellation {
      guard cancellation.quote.id == id else { throw .bookingCancelled(reference) }
      return booking
    }
    guard let record, record.quote.reference == reference else {
      throw .cancellationQuoteNotFound(id)
    }
    guard record.quote.id == id else { throw .cancellationQuoteSuperseded(id) }
    let now = clock.now()
    guard record.quote.isValid(at: now) else { throw .cancellationQuoteExpired(id) }
    // A change since the quote (of its flights or of what was paid) makes it another
    // booking's quote.
    guard try cancellable(reference).version == record.quote.version else {
      throw .cancellationQuoteSuperseded(id)
    }
    // 1. The marker, before the commit.
    try save(
      CancellingRecord(quoteID: id), id: reference.rawValue, kind: AirlineRecords.cancelling)
    // 2. The commit.
    let confirmed = CancellationRecord(quote: record.quote, confirmedAt: now)
    try save(confirmed, id: reference.rawValue, kind: AirlineRecords.cancellations)
    // 3 to 5: should one fail, the marker stays and the next settle finishes them.
    try finishCancellation(booking, confirmed)
    guard let cancellation = confirmed.cancellation else { return booking }
    return booking.with(cancellation: cancellation)
  }

  /// The booking's cancellation record; one that cannot be read is reported and refuses.
  func cancellationRecord(of reference: BookingReference) throws(ServiceError)
    -> CancellationRecord?
  {
    switch try readGuard(
      CancellationRecord.self, id: reference.rawValue, kind: AirlineRecords.cancellations)
    {
    case .missing: return nil
    case .found(let record): return record
    case .unreadable(let error): throw .storage(error.description)
    }
  }

  /// This traveller's booking `reference`, with its cancellation if it has one. Under the ledger
  /// lock.
  func myBooking(_ reference: BookingReference) throws(ServiceError) -> Booking {
    let booking = try loadBooking(reference)
    guard isMine(booking.draftID) else { throw .bookingNotFound(reference) }
    return booking.applying(try changeRecord(of: reference)?.history ?? [])
      .with(cancellation: try cancellationRecord(of: reference)?.cancellation)
  }

  /// Booking `reference` while it can still be cancelled: not cancelled, not departed. Its
  /// draft's payment a crash left open is settled first (as a payment settles it before
  /// charging), so no later settle of that payment sells the seats a cancellation released;
  /// and so are a cancellation and a change a crash cut off.
  func cancellable(_ reference: BookingReference) throws(ServiceError) -> Booking {
    if let draft = try? loadBooking(reference).draftID { try settle(draft: draft) }
    try settleCancellation(of: reference)
    try settleChange(of: reference)
    let booking = try myBooking(reference)
    guard booking.cancellation == nil else { throw .bookingCancelled(reference) }
    guard booking.offer.departure.instant > clock.now() else { throw .departed(reference) }
    return booking
  }

  /// The cancellation of booking `reference` as its record says: nil while it stands. Read
  /// without the lock: the commit is one record.
  func committedCancellation(of reference: BookingReference) throws(ServiceError)
    -> Cancellation?
  {
    do {
      return try store.loadIfPresent(
        CancellationRecord.self, id: reference.rawValue, kind: AirlineRecords.cancellations,
        policy: .report)?.cancellation
    } catch {
      throw .storage(error.description)
    }
  }
}
