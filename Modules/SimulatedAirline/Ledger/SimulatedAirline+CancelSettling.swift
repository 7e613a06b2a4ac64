import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A confirmed cancellation finished (steps 3 to 5 of `SimulatedAirline+Cancelling.swift`'s
/// write order), at once or by the next settle after a crash, and the records it keeps.
extension SimulatedAirline {
  /// Steps 3 to 5 of a committed cancellation: the refund once, the seats released, the marker
  /// removed. Idempotent. Under the ledger lock.
  func finishCancellation(_ booking: Booking, _ record: CancellationRecord) throws(ServiceError) {
    guard let confirmedAt = record.confirmedAt else { return }
    let reference = booking.reference
    if try !exists(reference, AirlineRecords.refunds) {
      try save(
        RefundRecord(
          reference: reference, quoteID: record.quote.id, amount: record.quote.refund,
          to: record.quote.refundTo, at: confirmedAt),
        id: reference.rawValue, kind: AirlineRecords.refunds)
    }
    try releaseSale(
      of: booking.draftID, offer: booking.offer, reference: booking.reference, quote: nil)
    // A change quote left open holds seats on another flight: they go back on sale too.
    if let open = try changeRecord(of: reference)?.quote {
      let now = clock.now()
      try write(
        planned(open.offer) { slice, current in
          slice == open.slice ? current.releasing(booking.draftID, at: now) : current
        })
    }
    try delete(reference.rawValue, AirlineRecords.cancelling, syncingFolder: false)
  }

  /// Settles the cancellation of `reference` a crash cut off, if one is open: rolled forward
  /// after its commit, dropped before it. Under the ledger lock.
  func settleCancellation(of reference: BookingReference) throws(ServiceError) {
    guard try exists(reference, AirlineRecords.cancelling) else { return }
    let record = try cancellationRecord(of: reference)
    if let record, record.confirmedAt != nil {
      let booking = try loadBooking(reference).applying(
        try changeRecord(of: reference)?.history ?? [])
      try finishCancellation(booking, record)
    } else {
      try delete(reference.rawValue, AirlineRecords.cancelling)
    }
  }

  /// Every cancellation a crash cut off, settled: the references. Under the ledger lock.
  func settleCancellations() throws(ServiceError) -> [BookingReference] {
    let open: [String]
    do {
      open = try store.ids(of: AirlineRecords.cancelling)
    } catch {
      throw .store(error)
    }
    var settled: [BookingReference] = []
    for id in open {
      guard let reference = try? BookingReference(id) else { continue }
      do {
        try settleCancellation(of: reference)
        settled.append(reference)
      } catch {
        // One that cannot be settled yet stays open for the next start; the others are settled.
        notices.yield(.bookkeepingDeferred(reference: reference, reason: error.description))
      }
    }
    return settled
  }
}

/// A booking's cancellation (`cancellations/<reference>.json`): its latest quote, and when it
/// was confirmed (nil: not yet).
struct CancellationRecord: Codable, Sendable, Equatable {
  let quote: CancellationQuote
  let confirmedAt: Date?

  /// The cancellation, once confirmed.
  var cancellation: Cancellation? {
    confirmedAt.map { Cancellation(quote: quote, cancelledAt: $0) }
  }
}

/// A cancellation under way (`cancelling/<reference>.json`).
struct CancellingRecord: Codable, Sendable {
  let quoteID: CancellationQuoteID
}

/// Money that went back to a card (`refunds/<reference>.json`), written once per cancelled
/// booking. Holds no card number.
struct RefundRecord: Codable, Sendable, Equatable {
  let reference: BookingReference
  let quoteID: CancellationQuoteID
  let amount: Money
  let to: PaymentMethod
  let at: Date
}
