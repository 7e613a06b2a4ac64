import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The payment ledger: never charged twice, never a charge without its booking, whichever
/// process pays.
///
/// Each payment, and each settling of one, holds the data directory's ledger lock
/// (`LedgerLock`) for all of its reads and writes. A payment (and a quote's seat holds) waits
/// for it up to `SimulatedAirline.lockWait` while another holds it, and only then says
/// `ledgerBusy`; the questions "was this paid?" are answered from what is on disk without
/// settling anything while another process holds it. So an intent found under the
/// lock was left by a process that is no longer paying: settling never takes a live payment for
/// a crashed one. A process that cannot lock at all (a read-only data directory) pays nothing.
///
/// A payment that books writes, in this order (each an atomic replace or a removal; what the
/// next settle sees if the process dies right after each; `PayCrashPointTests` kills before and
/// after each bullet's writes, one test case a bullet, and checks that every durable step is one
/// bullet's):
/// - 0. `ledger/orders-index`, once, before a data directory's first charge (`LedgerIndex`): the
///   index of taken drafts is built. Dies here: nothing was charged; the next payment finds it.
/// - 1. `intents/<draft>` (started: the key, and the whole booking this payment makes, its
///   reference chosen now). Dies here: no charge was made; the settle marks the key
///   `interrupted` (`payments/<key>`), removes the intent, and the quote may be paid again with
///   the same key.
/// - 2. `orders/<draft>`: the draft is taken by this payment. Dies here: as after 1, and the
///   order is removed before the intent.
/// - 2b. `inventory/<flight>` of each slice: the party counted against the fare buckets and the
///   quote's seats sold to the booking (`SimulatedAirline+Inventory.swift`). Dies here: as after 2, and the sale is released (the
///   seats held again for the quote while it holds) before the order is removed.
/// - 3. `payments/<key>` = `booked(reference)`: the charge. Dies here: the card was charged and
///   the booking is missing; the settle writes the booking from the intent (roll forward), then
///   5 and 6. Then `charges/<key>`, the charge's sealed copy (`readCharge`): a charge record that
///   cannot be read is answered by its copy, and one with no copy beside it recorded no charge
///   (junk planted where a payment stopped before its charge books nothing). Dies here: as
///   after 3.
/// - 4. `bookings/<reference>`: the booking, the truth of what was paid (the commit point: from
///   here on the payment succeeded, whatever fails after). Dies here: the settle writes 5 and 6.
///   Then its line in the bookings' index (`saveBooking`): dies before it, the index is stale
///   and the next listing rebuilds it.
/// - 5. `claims/<draft>`: the settled charge, kept for good (no name or card in it). Dies here:
///   the settle removes the intent.
/// - 6. remove `intents/<draft>`: settled. The only step with no fsync: an intent a power cut
///   brings back is settled again (the claim, or the key marked interrupted, answers it).
///
/// From step 2 on, two records named by the draft say it is taken: the intent and the order,
/// then the order and the claim. A missing one is never read as "never paid": the other, with
/// the charge and the booking it names, answers, and the missing one is written again. A booking
/// that is gone is written again from its claim or its charge.
///
/// A write that fails may still have happened (its rename done, the folder's fsync failed), so
/// a failure never undoes what came before it: the intent stays, and the next payment of the
/// draft (or the next start) settles it by what is on disk.
///
/// Before money moves, the quote is priced again from its draft and the airline's fee schedule
/// (`QuotePricing`): a quote whose lines, total, currency or price-hold differ from what the
/// airline gives is refused (`quoteNotHonoured`).
///
/// A refused card (declined, no funds, expired) moves no money: only `payments/<key>` is
/// written (after 0 when it is the data directory's first), with the refusal, and no intent
/// precedes it.
///
/// A guard record (intent, order, claim, key record, booking) that cannot be read is copied
/// aside and left in place, and the question it answered is asked of the other records and, if
/// they cannot answer, of the bookings and the charges themselves (`audit`), which write it
/// back; if they cannot answer, the quote cannot be paid (`paymentUnresolved`). The reason is
/// told to the person and written to the log.
extension SimulatedAirline {
  /// The test cards the airline knows, by number.
  enum TestCard {
    static let declined = "4000000000000002"
    static let insufficientFunds = "4000000000009995"
  }

  public func pay(quoteID: QuoteID, method: PaymentCard, idempotencyKey: IdempotencyKey)
    async throws(ServiceError) -> Booking
  {
    if let reason = configuration.paymentsOff { throw .paymentsUnavailable(reason) }
    let fingerprint = Self.fingerprint(quoteID, method)
    if let running = paymentsInFlight[idempotencyKey] {
      guard running.fingerprint == fingerprint else { throw .idempotencyKeyReused }
      return try await running.task.value.get()
    }
    // A task of its own, so that a payment once started ends whatever becomes of its caller,
    // and a second call with the key waits for the same one.
    let attempt = Task(executorPreference: configuration.executor) {
      await self.attemptPayment(quoteID, method, idempotencyKey)
    }
    paymentsInFlight[idempotencyKey] = (fingerprint, attempt)
    let result = await attempt.value
    paymentsInFlight[idempotencyKey] = nil
    return try result.get()
  }

  public func booking(reference: BookingReference) async throws(ServiceError) -> Booking {
    await configuration.latency.pause()
    // A booking that reads well is read without the ledger; one that is missing or unreadable
    // is written again only under it.
    let read: Result<Booking?, StoreError>
    do {
      read = .success(
        try store.loadIfPresent(
          Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings, policy: .report))
    } catch {
      read = .failure(error)
    }
    if case .success(let booking?) = read {
      guard isMine(booking.draftID) else { throw .bookingNotFound(reference) }
      return booking.applying(try committedChanges(of: reference))
        .with(cancellation: try committedCancellation(of: reference))
    }
    guard configuration.repairs, case .locked(let lock) = lockLedger() else {
      // Another process is paying, nothing may be written here, or this process only reads:
      // nothing is repaired.
      switch read {
      case .success: throw .bookingNotFound(reference)
      case .failure(let error): throw .store(error)
      }
    }
    let booking = try withExtendedLifetime(lock) { () throws(ServiceError) -> Booking in
      try loadBooking(reference)
    }
    guard isMine(booking.draftID) else { throw .bookingNotFound(reference) }
    return booking.applying(try committedChanges(of: reference))
      .with(cancellation: try committedCancellation(of: reference))
  }

  public func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    // The start's recovery told it, in its own hold of the ledger, just before this question
    // (taken before the pause, in which another call may take the ledger and forget it).
    let found = paymentStatesFound.removeValue(forKey: quoteID)
    await configuration.latency.pause()
    if let found { return found }
    guard configuration.repairs else { return try paymentStateOnDisk(of: quoteID) }
    guard case .locked(let lock) = lockLedger() else {
      // Another process is paying: what is on disk answers, and nothing is settled.
      return try paymentStateOnDisk(of: quoteID)
    }
    return try withExtendedLifetime(lock) { () throws(ServiceError) -> PaymentState in
      try paymentStateUnderLock(of: quoteID).state
    }
  }

  /// Whether `quoteID` is paid, with the ledger held: its payment cut off settled first; and the
  /// quote read to tell it. Another traveller's quote is answered as one that does not exist
  /// (unpaid, no quote).
  func paymentStateUnderLock(of quoteID: QuoteID) throws(ServiceError)
    -> (state: PaymentState, quote: Quote?)
  {
    guard
      let quote = try loadIfPresent(Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes),
      isMine(quote.draftID)
    else { return (.unpaid(retryKey: nil), nil) }
    try indexOrders()
    _ = try settle(draft: quote.draftID)
    switch try bookingOf(draft: quote.draftID) {
    case .some(let order): return (.booked(order.reference), quote)
    case nil: return (.unpaid(retryKey: interruptedKeys[quoteID]), quote)
    }
  }

  /// Whether `quoteID` is paid, read from disk without the ledger (another process holds it, or
  /// this one only reads): nothing is settled.
  private func paymentStateOnDisk(of quoteID: QuoteID) throws(ServiceError) -> PaymentState {
    guard
      let quote = try loadIfPresent(Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes),
      isMine(quote.draftID)
    else { return .unpaid(retryKey: nil) }
    return try settledOrder(of: quote.draftID).map { .booked($0.reference) }
      ?? .unpaid(retryKey: nil)
  }

  /// The draft's order when its claim or its booking stands beside it, read without writing
  /// anything: the answer while another process holds the ledger.
  func settledOrder(of draft: DraftID) throws(ServiceError) -> Order? {
    do {
      guard
        let order = try store.loadIfPresent(
          Order.self, id: draft.rawValue, kind: AirlineRecords.orders, policy: .report)
      else { return nil }
      let claimed = try store.exists(id: draft.rawValue, kind: AirlineRecords.claims)
      let booked = try store.exists(id: order.reference.rawValue, kind: AirlineRecords.bookings)
      return claimed || booked ? order : nil
    } catch {
      return nil
    }
  }
}
