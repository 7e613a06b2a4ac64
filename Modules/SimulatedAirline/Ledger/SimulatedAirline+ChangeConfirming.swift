import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Confirming a change quote: the booking at its next version, the money moved once, the new
/// flight's seats sold and the old ones back on sale, whichever process confirms. Under the
/// ledger lock, as a payment and a cancellation are, so a change never interleaves with them.
///
/// A booking's record (`bookings/<reference>`) stays as it was paid; its changes are one record
/// beside it, `changes/<reference>` (its history, and its open quote), and a booking is read as
/// its record with that history applied. A declined card is refused before anything is written.
///
/// Confirming writes, in this order (what the next start sees if the process dies right after
/// each; `ChangeCrashPointTests` kills before and after each write, and kills the next start's
/// settle at each of its own steps too):
/// - 1. `changing/<reference>`: the version being made. Dies here: nothing changed; the settle
///   removes it, and the quote may be confirmed while it holds.
/// - 2. `inventory/<flight>` of the new flight: the quote's seats sold to the booking and its
///   party counted there, before the commit, so no hold running out after it can give them
///   away. Dies here: the settle releases them (held again for the quote while it holds), then
///   removes 1.
/// - 3. `changes/<reference>` = the history with this change added, and no open quote: the commit
///   point. From here on the booking is at its new version; a failure after it is said
///   (`bookkeepingDeferred`) and left to the next settle. Dies here: the settle writes 4 and 5,
///   then 6.
/// - 4. `changeMoney/<reference>-<version>`: the charge or the refund (amount, card, time),
///   written only when absent, so a settle run again moves no money twice. Dies here: the
///   settle writes 5, then 6.
/// - 5. `inventory/<flight>` of the old flight: the booking's seats and party released (the new
///   flight's written again first, each idempotent). Dies here: the settle removes 1.
/// - 6. remove `changing/<reference>`: settled. With no fsync of the folder: a marker a power cut
///   brings back is settled again; one of a change a later change or a cancellation followed
///   only goes.
///
/// Money is never moved before its commit (3), so a change that did not commit charges and
/// refunds nothing; a booking whose cancellation committed is never changed (the change is
/// refused under the same lock), and a cancellation quoted before a change is refused
/// (`cancellationQuoteSuperseded`), so a cancellation and a change never both win, and the
/// refund is always of what was paid.
extension SimulatedAirline {
  public func confirmChange(
    _ id: ChangeQuoteID, of reference: BookingReference, card: PaymentCard?
  ) async throws(ServiceError) -> Booking {
    await configuration.latency.pause()
    if let reason = configuration.paymentsOff { throw .paymentsUnavailable(reason) }
    let lock = try await lockAirline()
    return try withExtendedLifetime(lock) { () throws(ServiceError) -> Booking in
      try confirmChangeUnderLock(id, reference, card: card)
    }
  }

  /// Confirms change quote `id` of `reference`: the write order above. The same quote confirmed
  /// again answers with the booking and writes nothing. Under the ledger lock.
  func confirmChangeUnderLock(
    _ id: ChangeQuoteID, _ reference: BookingReference, card: PaymentCard?
  ) throws(ServiceError) -> Booking {
    try settleChange(of: reference)
    let current = try myBooking(reference)
    if current.changes.contains(where: { $0.quote.id == id }) { return current }
    // No change was ever quoted: no such quote. One was, and this is not the open one (a newer
    // quote replaced it, or a change was confirmed since): superseded.
    guard let record = try changeRecord(of: reference),
      record.quote != nil || !record.history.isEmpty
    else {
      throw .changeQuoteNotFound(id)
    }
    guard let quote = record.quote, quote.reference == reference, quote.id == id else {
      throw .changeQuoteSuperseded(id)
    }
    let booking = try changeable(reference)
    guard quote.version == booking.version else { throw .changeQuoteSuperseded(id) }
    let now = clock.now()
    guard quote.isValid(at: now) else { throw .changeQuoteExpired(id) }
    var paidWith: PaymentMethod?
    if quote.total.pays {
      guard let card else { throw .changeNeedsPayment(quote.total.toPay) }
      switch refusal(of: card, at: now) {
      case .declined: throw .cardDeclined
      case .insufficientFunds: throw .insufficientFunds
      case .cardExpired: throw .cardExpired
      case .booked, .interrupted, nil: paidWith = card.method
      }
    }
    // Refused before any write when a seat is no longer the quote's.
    let sale = try plannedChangeSale(quote, booking)
    let change = BookingChange(
      version: booking.version + 1, quote: quote, paidWith: paidWith, changedAt: now)
    // 1. The marker, before the commit.
    try save(
      ChangingRecord(quoteID: id, version: change.version), id: reference.rawValue,
      kind: AirlineRecords.changing)
    // 2. The new flight's seats sold, before the commit: no hold running out after it can
    // give them away.
    try write(sale)
    // 3. The commit.
    try save(
      ChangeRecord(quote: nil, history: booking.changes + [change]), id: reference.rawValue,
      kind: AirlineRecords.changes)
    // 4 to 6: the booking is changed whatever fails now; what fails is left to the next settle,
    // the marker kept, and said.
    do {
      try finishChange(change, of: booking)
    } catch {
      notices.yield(.bookkeepingDeferred(reference: reference, reason: error.description))
    }
    return booking.applying(change)
  }

  /// Steps 4 to 6 of a committed change of `before` (the booking as it stood): the money once,
  /// the old flight's seats released (the new flight's sold again, if step 2 was not), the
  /// marker removed. Idempotent. Under the ledger lock.
  func finishChange(_ change: BookingChange, of before: Booking) throws(ServiceError) {
    let reference = before.reference
    let moneyID = "\(reference.rawValue)-\(change.version)"
    let total = change.quote.total
    if total.pays || total.refunds, try !exists(moneyID, AirlineRecords.changeMoney) {
      try save(
        ChangeMoneyRecord(
          reference: reference, version: change.version, quoteID: change.quote.id,
          charged: total.pays ? total.toPay : nil, refunded: total.refunds ? total.toRefund : nil,
          card: change.paidWith ?? change.quote.refundTo, at: change.changedAt),
        id: moneyID, kind: AirlineRecords.changeMoney)
    }
    try write(plannedChangeSale(change.quote, before, reporting: true))
    let slice = change.quote.slice
    try write(
      planned(before.offer) { index, current in
        guard index == slice else { return current }
        var next = current
        next.parties[reference.rawValue] = nil
        for (seat, sale) in current.sold where sale.reference == reference {
          next.sold[seat] = nil
        }
        return next
      })
    try delete(reference.rawValue, AirlineRecords.changing, syncingFolder: false)
  }
}
