import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ledger's recovery: payments a crash cut off settled at the next start, and the ones
/// no record can answer settled by a person's word (`booking-cli resolve`). The write order they
/// settle is `SimulatedAirline+Payments.swift`'s.
extension SimulatedAirline {
  public func recoverInterruptedPayments() async throws(ServiceError) -> [RecoveredPayment] {
    try recover(tellingWhetherPaid: nil)
  }

  /// The recovery, and in the same hold of the ledger whether `quote` is paid: the next
  /// `paymentState(of: quote)` is answered with what the hold found, without the ledger, and the
  /// next `quote(id: quote)` with the quote it read, without reading it again, unless this
  /// airline took the ledger for anything else first.
  public func recoverInterruptedPayments(tellingWhetherPaid quote: QuoteID)
    async throws(ServiceError) -> [RecoveredPayment]
  {
    try recover(tellingWhetherPaid: quote)
  }

  private func recover(tellingWhetherPaid quoteID: QuoteID?) throws(ServiceError)
    -> [RecoveredPayment]
  {
    // A process paying now settles its own payment; one that cannot lock writes nothing.
    guard case .locked(let lock) = lockLedger() else { return [] }
    // Every payment is settled, whoever's it was; only this traveller's are told.
    let settled = try withExtendedLifetime(lock) { () throws(ServiceError) -> [RecoveredPayment] in
      let settled = try recoverUnderLock()
      // A quote whose state cannot be told here (its payment awaits a word, its record is
      // damaged) is left to the restore's own question, which says why; the recovery stands.
      if let quoteID, configuration.repairs,
        let found = try? paymentStateUnderLock(of: quoteID)
      {
        paymentStatesFound[quoteID] = found.state
        quotesFound[quoteID] = found.quote
      }
      return settled
    }
    return settled.filter { payment in
      guard let quote = payment.quoteID else { return configuration.traveller == nil }
      let draft =
        (try? store.loadIfPresent(
          Quote.self, id: quote.rawValue, kind: AirlineRecords.quotes, policy: .report))??.draftID
      return draft.map { isMine($0) } ?? (configuration.traveller == nil)
    }
  }

  func recoverUnderLock() throws(ServiceError) -> [RecoveredPayment] {
    try indexOrders()
    let open: [String]
    do {
      open = try store.ids(of: AirlineRecords.intents)
    } catch {
      throw .store(error)
    }
    // A cancellation cut off after its commit is finished; one cut off before it, dropped.
    _ = try settleCancellations()
    // So is a change.
    try settleChanges()
    var recovered: [RecoveredPayment] = []
    for id in open {
      guard let draftID = try? DraftID(id) else { continue }
      do {
        if let settled = try settle(draft: draftID) { recovered.append(settled) }
      } catch {
        // One payment that cannot be settled yet keeps its draft from being paid; the others
        // are settled all the same.
        let intent = try? store.loadIfPresent(
          PaymentIntent.self, id: id, kind: AirlineRecords.intents, policy: .keepInPlace)
        let reason = if case .paymentUnresolved(let why) = error { why } else { error.description }
        let awaitsWord = intent.map { (try? self.awaitsWord($0)) ?? false } ?? false
        recovered.append(
          RecoveredPayment(
            quoteID: intent?.quoteID, key: intent?.key, outcome: .unresolved(reason),
            draftID: draftID, awaitsWord: awaitsWord))
      }
    }
    return recovered
  }

  /// Settles by a person's word the payment left open for `draft` whose charge record cannot be
  /// read and whose booking was never written: the one case the records cannot decide
  /// (`paymentUnresolved`, naming the record and the copy of its bytes). `charged`: the card was
  /// charged, and the booking is written from the intent; else nothing was taken, and the quote
  /// may be paid again with the same key. Refused when the records can decide by themselves.
  public func resolvePayment(of draft: DraftID, charged: Bool) async throws(ServiceError)
    -> RecoveredPayment
  {
    let lock = try await lockAirline()
    return try withExtendedLifetime(lock) { () throws(ServiceError) -> RecoveredPayment in
      try resolveUnderLock(draft, charged: charged)
    }
  }

  func resolveUnderLock(_ draft: DraftID, charged: Bool) throws(ServiceError)
    -> RecoveredPayment
  {
    guard isMine(draft) else { throw .draftNotFound(draft) }
    guard
      case .found(let intent) = try readGuard(
        PaymentIntent.self, id: draft.rawValue, kind: AirlineRecords.intents)
    else {
      throw .invalidPayment("no payment of \(draft) is waiting for a decision")
    }
    guard try awaitsWord(intent) else {
      throw .invalidPayment(
        "the records of \(draft) say whether it was paid: they settle it by themselves")
    }
    return try decide(intent, charged: charged)
  }

  /// Whether only a person's word can settle `intent`: its charge record cannot be read and its
  /// booking was never written, so whether the card was charged is unknown.
  func awaitsWord(_ intent: PaymentIntent) throws(ServiceError) -> Bool {
    guard case .unreadable = try readCharge(intent.key.rawValue) else { return false }
    return try !exists(intent.reference, AirlineRecords.bookings)
  }

  /// Settles an open intent one way: `charged`, its charge record written and the payment
  /// rolled forward; else its key marked cut off before any charge and the draft released.
  func decide(_ intent: PaymentIntent, charged: Bool) throws(ServiceError)
    -> RecoveredPayment
  {
    if charged {
      try save(chargeRecord(intent), id: intent.key.rawValue, kind: AirlineRecords.payments)
      try save(chargeRecord(intent), id: intent.key.rawValue, kind: AirlineRecords.charges)
      try rollForward(intent)
      return RecoveredPayment(
        quoteID: intent.quoteID, key: intent.key, outcome: .booked(intent.reference))
    }
    try save(
      PaymentRecord(
        quoteID: intent.quoteID, fingerprint: intent.fingerprint, outcome: .interrupted,
        at: clock.now(), draftID: intent.draftID, method: intent.booking.paymentMethod,
        amount: intent.booking.totalPaid),
      id: intent.key.rawValue, kind: AirlineRecords.payments)
    interruptedKeys[intent.quoteID] = intent.key
    try release(intent)
    return RecoveredPayment(quoteID: intent.quoteID, key: intent.key, outcome: .notCharged)
  }
}
