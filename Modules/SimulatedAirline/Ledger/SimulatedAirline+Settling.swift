import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Settling a payment a crash cut off, and auditing a draft's records when one of them cannot
/// be read, in the write order `SimulatedAirline+Payments.swift` gives.
extension SimulatedAirline {
  /// Settles the payment left open for `draft` (see the write order above); nil when none is.
  /// Runs under the ledger lock.
  @discardableResult
  func settle(draft: DraftID) throws(ServiceError) -> RecoveredPayment? {
    let intent: PaymentIntent
    switch try readGuard(PaymentIntent.self, id: draft.rawValue, kind: AirlineRecords.intents) {
    case .missing:
      return nil
    case .unreadable:
      // Which key and quote it named is lost: the claim, or the draft's bookings and charges,
      // answer (and write its order back when they find its booking).
      var order = try claimedOrder(draft)
      if order == nil { order = try audit(draft: draft) }
      if order == nil {
        if let offer = try? store.loadIfPresent(
          BookingDraft.self, id: draft.rawValue, kind: AirlineRecords.drafts,
          policy: .keepInPlace)?.offer
        {
          try releaseSale(of: draft, offer: offer, reference: nil, quote: nil)
        }
        try delete(draft.rawValue, AirlineRecords.orders)
      }
      try removeIntent(draft)
      return RecoveredPayment(
        quoteID: order?.quoteID, key: order?.key,
        outcome: order.map { .booked($0.reference) } ?? .notCharged)
    case .found(let found):
      intent = found
    }
    let settled = { (outcome: RecoveredPayment.Outcome) in
      RecoveredPayment(quoteID: intent.quoteID, key: intent.key, outcome: outcome)
    }
    switch try readCharge(intent.key.rawValue) {
    case .missing:
      // The booking is written after the charge: one that exists says the card was charged,
      // though its record is gone. Without it, the process died before the charge: nothing was
      // taken, and the key may pay again.
      return try decide(intent, charged: exists(intent.reference, AirlineRecords.bookings))
    case .found(let record):
      switch record.outcome {
      case .booked:
        try rollForward(intent)
        return settled(.booked(intent.reference))
      case .interrupted:
        interruptedKeys[intent.quoteID] = intent.key
        try release(intent)
        return settled(.notCharged)
      case .declined, .insufficientFunds, .cardExpired:
        try release(intent)
        return settled(.notCharged)
      }
    case .unreadable(let error):
      // Whether the card was charged is written only there; a booking file (even unreadable)
      // says it was, since the booking is written after the charge.
      guard try exists(intent.reference, AirlineRecords.bookings) else {
        throw .paymentUnresolved(
          "\(error.description) No booking \(intent.reference) exists, so whether the card was "
            + "charged is unknown. Once you know, run: booking-cli resolve \(draft) --charged "
            + "(or --not-charged).")
      }
      try save(chargeRecord(intent), id: intent.key.rawValue, kind: AirlineRecords.payments)
      try rollForward(intent)
      return settled(.booked(intent.reference))
    }
  }

  /// An intent that charged nothing: its seats (step 2b), its order (step 2), then the intent,
  /// go.
  func release(_ intent: PaymentIntent) throws(ServiceError) {
    try releaseSale(
      of: intent.draftID, offer: intent.booking.offer, reference: intent.reference,
      quote: try? store.loadIfPresent(
        Quote.self, id: intent.quoteID.rawValue, kind: AirlineRecords.quotes,
        policy: .keepInPlace))
    if case .found(let order) = try readGuard(
      Order.self, id: intent.draftID.rawValue, kind: AirlineRecords.orders),
      order.reference != intent.reference
    {
      // Another payment's order: left for it.
    } else {
      try delete(intent.draftID.rawValue, AirlineRecords.orders)
    }
    try removeIntent(intent.draftID)
  }

  /// Finishes a charged payment: the booking if it is missing or unreadable, the order, the
  /// claim, the intent removed.
  func rollForward(_ intent: PaymentIntent) throws(ServiceError) {
    if case .found = try readGuard(
      Booking.self, id: intent.reference.rawValue, kind: AirlineRecords.bookings)
    {
      // Written by a payment cut off, perhaps before its line in the bookings' index: the next
      // listing rebuilds the index.
      store.dropIndex(AirlineRecords.bookingsIndex)
    } else {
      try writeBooking(intent.booking)
    }
    // A booking cancelled since (its payment's bookkeeping left open) keeps its seats released.
    if try committedCancellation(of: intent.reference) == nil {
      try completeSale(of: intent.booking.applying(committedChanges(of: intent.reference)))
    }
    switch try readGuard(Order.self, id: intent.draftID.rawValue, kind: AirlineRecords.orders) {
    case .found(let order) where order.reference == intent.reference:
      break
    case .found(let order):
      // Cannot happen by the write order; if it does, neither booking is dropped silently.
      throw .paymentUnresolved(
        "orders/\(intent.draftID).json names booking \(order.reference), but payment "
          + "\(intent.key) booked \(intent.reference)")
    case .missing, .unreadable:
      try save(order(of: intent), id: intent.draftID.rawValue, kind: AirlineRecords.orders)
    }
    try save(Claim(intent), id: intent.draftID.rawValue, kind: AirlineRecords.claims)
    try removeIntent(intent.draftID)
  }

  /// What the charge and the booking an order names say of it.
  enum Confirmation {
    /// Paid: the claim to write again (nil for an order of an older version, with no key).
    case paid(Claim?)
    /// A payment cut off before its charge, whose intent is gone.
    case notPaid
  }

  /// An order without its claim, checked against the charge and the booking it names (the
  /// booking written again from the charge when it is gone).
  func confirm(_ order: Order, of draft: DraftID) throws(ServiceError) -> Confirmation {
    let booking = try readGuard(
      Booking.self, id: order.reference.rawValue, kind: AirlineRecords.bookings)
    if case .found(let found) = booking {
      let charge = order.key.flatMap { key in
        try? store.loadIfPresent(
          PaymentRecord.self, id: key.rawValue, kind: AirlineRecords.payments,
          policy: .keepInPlace)
      }
      if let key = order.key, charge == nil {
        try save(
          PaymentRecord(
            quoteID: found.quoteID, fingerprint: "", outcome: .booked(found.reference),
            at: found.paidAt, draftID: found.draftID, method: found.paymentMethod,
            amount: found.totalPaid),
          id: key.rawValue, kind: AirlineRecords.payments)
      }
      guard let key = order.key else { return .paid(nil) }
      return .paid(Claim(found, key: key, fingerprint: charge?.fingerprint ?? ""))
    }
    guard let key = order.key else {
      // An order older versions rebuilt from a booking: the booking stood once.
      if case .unreadable(let error) = booking { throw .storage(error.description) }
      throw .paymentUnresolved(
        "orders/\(draft).json names booking \(order.reference), which is gone, and no charge")
    }
    switch try readCharge(key.rawValue) {
    case .found(let record):
      guard case .booked(let reference) = record.outcome, reference == order.reference else {
        return .notPaid
      }
      guard let method = record.method, let amount = record.amount else {
        throw .paymentUnresolved(
          "booking \(reference) is missing and its charge \(key) is too old to rebuild it")
      }
      try rebuild(
        reference, key: key, quoteID: record.quoteID, method: method, amount: amount,
        at: record.at)
      guard
        case .found(let rebuilt) = try readGuard(
          Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings)
      else { throw .storage("booking \(reference) could not be written again") }
      return .paid(Claim(rebuilt, key: key, fingerprint: record.fingerprint))
    case .missing:
      if case .unreadable(let error) = booking {
        throw .paymentUnresolved(
          "\(error.description) It is named by orders/\(draft).json and its charge is gone.")
      }
      return .notPaid
    case .unreadable(let error):
      if case .unreadable = booking { throw .paymentUnresolved(error.description) }
      throw .paymentUnresolved(
        "\(error.description) It is the charge orders/\(draft).json names, so whether the card "
          + "was charged is unknown.")
    }
  }

  /// "Was this draft booked?" asked of the bookings and the charges themselves, for when a guard
  /// record cannot be read; the order found is written back. A charge whose booking is missing
  /// or unreadable is booked again (roll forward). Throws `paymentUnresolved` when a record that
  /// might be the answer cannot be read.
  func audit(draft: DraftID) throws(ServiceError) -> Order? {
    let ledger = try scanLedger(ledgerIDs())
    guard let order = ledger.orders[draft] else {
      if let first = ledger.unreadableCharges.first { throw .paymentUnresolved(first) }
      return nil
    }
    try save(order, id: draft.rawValue, kind: AirlineRecords.orders)
    return order
  }
}
