import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A change a crash cut off, settled (rolled forward after its commit, undone before it), what
/// may be changed, and the records a change keeps.
extension SimulatedAirline {
  /// Settles the change of `reference` a crash cut off, if one is open: rolled forward after its
  /// commit, undone before it (the new flight's seats sold in step 2 released, held again for
  /// the quote while it holds). A marker of any change but the latest, or one a cancellation
  /// came after (a marker a power cut brought back), only goes: the seats are where the later
  /// writes put them. Under the ledger lock.
  func settleChange(of reference: BookingReference) throws(ServiceError) {
    guard try exists(reference, AirlineRecords.changing) else { return }
    let marker =
      (try? store.loadIfPresent(
        ChangingRecord.self, id: reference.rawValue, kind: AirlineRecords.changing,
        policy: .report)) ?? nil
    let record = try changeRecord(of: reference)
    let history = record?.history ?? []
    let base = try loadBooking(reference)
    // A marker that cannot be read names no version: the latest change is finished again,
    // which writes nothing it already wrote.
    let version = marker?.version ?? history.last?.version
    if let version, let change = history.last, change.version == version {
      if try committedCancellation(of: reference) == nil {
        try finishChange(change, of: base.applying(history.dropLast()))
        return
      }
    } else if let quote = record?.quote, marker == nil || marker?.quoteID == quote.id {
      try undoChangeSale(quote, of: base.applying(history))
    }
    try delete(reference.rawValue, AirlineRecords.changing)
  }

  /// Every change a crash cut off, settled. Under the ledger lock.
  func settleChanges() throws(ServiceError) {
    let open: [String]
    do { open = try store.ids(of: AirlineRecords.changing) } catch { throw .store(error) }
    for id in open {
      guard let reference = try? BookingReference(id) else { continue }
      do {
        try settleChange(of: reference)
      } catch {
        notices.yield(.bookkeepingDeferred(reference: reference, reason: error.description))
      }
    }
  }

  /// Booking `reference` while it can still be changed: cancellable, and its fare allows a
  /// change. Under the ledger lock.
  func changeable(_ reference: BookingReference) throws(ServiceError) -> Booking {
    let booking = try cancellable(reference)
    guard booking.offer.conditions.changeBeforeDeparture.allowed else {
      throw .notChangeable(reference)
    }
    return booking
  }

  /// The booking's change record; one that cannot be read is reported and refuses.
  func changeRecord(of reference: BookingReference) throws(ServiceError) -> ChangeRecord? {
    switch try readGuard(ChangeRecord.self, id: reference.rawValue, kind: AirlineRecords.changes) {
    case .missing: return nil
    case .found(let record): return record
    case .unreadable(let error): throw .storage(error.description)
    }
  }

  /// The committed changes of booking `reference`, oldest first. Read without the lock: the
  /// commit is one record.
  func committedChanges(of reference: BookingReference) throws(ServiceError) -> [BookingChange] {
    do {
      return try store.loadIfPresent(
        ChangeRecord.self, id: reference.rawValue, kind: AirlineRecords.changes, policy: .report)?
        .history ?? []
    } catch {
      throw .storage(error.description)
    }
  }
}

/// A booking's changes (`changes/<reference>.json`): the confirmed ones, oldest first, and the
/// latest change quote not yet confirmed.
struct ChangeRecord: Codable, Sendable, Equatable {
  let quote: ChangeQuote?
  let history: [BookingChange]
}

/// A change under way (`changing/<reference>.json`): the version it makes.
struct ChangingRecord: Codable, Sendable {
  let quoteID: ChangeQuoteID
  let version: Int
}

/// Money a change moved (`changeMoney/<reference>-<version>.json`), written once: a charge for a
/// positive total, a refund for a negative one. Holds no card number.
struct ChangeMoneyRecord: Codable, Sendable, Equatable {
  let reference: BookingReference
  let version: Int
  let quoteID: ChangeQuoteID
  let charged: Money?
  let refunded: Money?
  let card: PaymentMethod
  let at: Date
}
