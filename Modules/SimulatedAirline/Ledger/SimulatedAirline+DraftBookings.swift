import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a draft booked, read under the ledger lock from its order and its claim, each checked
/// against the charge and the booking it names; the one missing is written again.
extension SimulatedAirline {
  /// The booking of `draft`, if it has one. Its order and its claim answer together; either one
  /// alone is checked against the charge and the booking it names, and the other is written
  /// again. Both unreadable: the bookings and charges themselves answer (`audit`). Runs under
  /// the ledger lock, after `settle(draft:)`.
  func bookingOf(draft: DraftID) throws(ServiceError) -> Order? {
    let order = try readGuard(Order.self, id: draft.rawValue, kind: AirlineRecords.orders)
    let claim = try readGuard(Claim.self, id: draft.rawValue, kind: AirlineRecords.claims)
    switch (order, claim) {
    case (.found(let order), .found(let claim)) where order.reference == claim.reference:
      try restoreBooking(claim)
      return order
    case (.found(let order), .found(let claim)):
      throw .paymentUnresolved(
        "orders/\(draft).json names booking \(order.reference), but claims/\(draft).json names "
          + "\(claim.reference)")
    case (.missing, .found(let claim)), (.unreadable, .found(let claim)):
      try restoreBooking(claim)
      try save(self.order(of: claim), id: draft.rawValue, kind: AirlineRecords.orders)
      return self.order(of: claim)
    case (.found(let order), .missing), (.found(let order), .unreadable):
      switch try confirm(order, of: draft) {
      case .notPaid:
        try delete(draft.rawValue, AirlineRecords.orders)
        return nil
      case .paid(let claim):
        if let claim { try save(claim, id: draft.rawValue, kind: AirlineRecords.claims) }
        return order
      }
    case (.missing, .missing):
      return nil
    case (.missing, .unreadable), (.unreadable, .missing), (.unreadable, .unreadable):
      guard let order = try audit(draft: draft) else {
        try delete(draft.rawValue, AirlineRecords.orders)
        return nil
      }
      return order
    }
  }

  /// The order a claim stands for, when the claim can be read.
  func claimedOrder(_ draft: DraftID) throws(ServiceError) -> Order? {
    guard
      case .found(let claim) = try readGuard(
        Claim.self, id: draft.rawValue, kind: AirlineRecords.claims)
    else { return nil }
    return order(of: claim)
  }

  /// A claimed booking, or its charge record, that is gone is written again from the claim (the
  /// booking also when it is unreadable).
  func restoreBooking(_ claim: Claim) throws(ServiceError) {
    if try !exists(claim.key.rawValue, AirlineRecords.payments) {
      try save(
        PaymentRecord(
          quoteID: claim.quoteID, fingerprint: claim.fingerprint, outcome: .booked(claim.reference),
          at: claim.paidAt, draftID: claim.draftID, method: claim.method, amount: claim.amount),
        id: claim.key.rawValue, kind: AirlineRecords.payments)
    }
    if case .found = try readGuard(
      Booking.self, id: claim.reference.rawValue, kind: AirlineRecords.bookings)
    {
      return
    }
    try rebuild(
      claim.reference, key: claim.key, quoteID: claim.quoteID, method: claim.method,
      amount: claim.amount, at: claim.paidAt)
  }
}
