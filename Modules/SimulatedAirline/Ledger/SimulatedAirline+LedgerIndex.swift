import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ledger's index of taken drafts (`orders/`), built once from the bookings, charges and
/// markers on disk, and kept as payments take drafts.
extension SimulatedAirline {
  /// Builds `orders/` once, for data written before the ledger kept it, from the bookings, the
  /// charges and the markers older versions wrote.
  ///
  /// A ledger with nothing in it (no booking, charge or marker) has nothing to index, and its
  /// marker is then written only `beforeCharging`: a start (and a resume's question) in a data
  /// directory where nothing was ever paid writes nothing, so a pay link's first frame waits on
  /// no fsync for it. The first charge writes it before its intent, so a crash cut off at any
  /// charge finds it.
  func indexOrders(beforeCharging: Bool = false) throws(ServiceError) {
    guard !ordersIndexed else { return }
    if case .found = try readGuard(
      OrdersIndex.self, id: "orders-index", kind: AirlineRecords.ledger)
    {
      ordersIndexed = true
      return
    }
    let ids = try ledgerIDs()
    if !beforeCharging, ids.isEmpty { return }
    // Before the ledger a charge was recorded after its booking, so an unreadable charge record
    // cannot hide a booking there; an unreadable booking no record names can.
    // An unreadable booking no record names was written by an older version before its charge
    // (it is reported as it is read); under the ledger every booking's draft holds an order
    // and a claim, so it blocks no draft.
    let ledger = try scanLedger(ids)
    for (draft, order) in ledger.orders where try !exists(draft.rawValue, AirlineRecords.orders) {
      try save(order, id: draft.rawValue, kind: AirlineRecords.orders)
    }
    try save(OrdersIndex(builtAt: clock.now()), id: "orders-index", kind: AirlineRecords.ledger)
    ordersIndexed = true
  }

  /// The IDs of the records that say what was paid: bookings, charges and older versions'
  /// markers.
  struct LedgerIDs {
    var bookings: [String]
    var payments: [String]
    var markers: [String]

    /// No booking, no charge and no marker: nothing was ever paid here.
    var isEmpty: Bool { bookings.isEmpty && payments.isEmpty && markers.isEmpty }
  }

  func ledgerIDs() throws(ServiceError) -> LedgerIDs {
    do {
      return LedgerIDs(
        bookings: try store.ids(of: AirlineRecords.bookings),
        payments: try store.ids(of: AirlineRecords.payments),
        markers: try store.ids(of: AirlineRecords.paidQuotes))
    } catch {
      throw .store(error)
    }
  }

  /// What the bookings, the charges and older versions' markers say was booked, by draft (a
  /// charge whose booking is gone is booked again here), and the records that could not say:
  /// unreadable bookings no charge or marker names, and unreadable (or too old) charges.
  func scanLedger(_ ids: LedgerIDs) throws(ServiceError) -> (
    orders: [DraftID: Order], unnamedBookings: [String], unreadableCharges: [String]
  ) {
    var orders: [DraftID: Order] = [:]
    /// Bookings that could not be read, until a charge or a marker says whose they are.
    var unreadableBookings: [String: String] = [:]
    /// Bookings read well, which the charges then need not read again.
    var readable: Set<String> = []
    var unknown: [String] = []
    // One read each and nothing written: an unreadable booking is copied aside only when a
    // charge names it and it is written again (below), and reported when it is read by itself.
    for id in ids.bookings {
      do {
        guard
          let booking = try store.loadIfPresent(
            Booking.self, id: id, kind: AirlineRecords.bookings, policy: .report)
        else { continue }
        orders[booking.draftID] = Order(
          reference: booking.reference, quoteID: booking.quoteID, key: nil)
        readable.insert(id)
      } catch {
        guard case .corruptKept = error else { throw .storage(error.description) }
        unreadableBookings[id] = error.description
      }
    }
    for id in ids.payments {
      switch try readCharge(id) {
      case .unreadable(let error):
        unknown.append(error.description)
      case .missing:
        continue
      case .found(let record):
        guard case .booked(let reference) = record.outcome,
          let draft = record.draftID ?? draftOf(record.quoteID)
        else { continue }
        unreadableBookings[reference.rawValue] = nil
        let key = try? IdempotencyKey(id)
        if orders[draft] == nil || orders[draft]?.reference == reference {
          orders[draft] = Order(reference: reference, quoteID: record.quoteID, key: key)
        }
        // A charge whose booking is gone or unreadable: booked again from its draft and quote
        // (read again through the guard, which copies an unreadable one aside first).
        if readable.contains(reference.rawValue) { continue }
        if case .found = try readGuard(
          Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings)
        {
          continue
        }
        guard let method = record.method, let amount = record.amount, let key else {
          unknown.append(
            "booking \(reference) is missing and its charge \(id) is too old to rebuild it")
          continue
        }
        try rebuild(
          reference, key: key, quoteID: record.quoteID, method: method, amount: amount,
          at: record.at)
      }
    }
    for id in ids.markers {
      guard let quoteID = try? QuoteID(id),
        case .found(let marker) = try readGuard(
          PaidQuote.self, id: id, kind: AirlineRecords.paidQuotes),
        let draft = draftOf(quoteID)
      else { continue }
      unreadableBookings[marker.reference.rawValue] = nil
      if orders[draft] == nil {
        orders[draft] = Order(reference: marker.reference, quoteID: quoteID, key: nil)
      }
    }
    // A booking no record names and no one can read: whose trip it is cannot be told.
    let unnamed = unreadableBookings.keys.sorted().compactMap { unreadableBookings[$0] }
    return (orders, unnamed, unknown)
  }

  /// The draft a quote prices, when the quote can be read.
  func draftOf(_ quoteID: QuoteID) -> DraftID? {
    (try? store.loadIfPresent(
      Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes, policy: .keepInPlace))?
      .draftID
  }

  /// Writes booking `reference` again from its draft and quote, for a charge whose booking is
  /// gone.
  func rebuild(
    _ reference: BookingReference, key: IdempotencyKey, quoteID: QuoteID, method: PaymentMethod,
    amount: Money, at paidAt: Date
  ) throws(ServiceError) {
    let quote = try load(
      Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes,
      missing: .quoteNotFound(quoteID))
    let draft = try load(
      BookingDraft.self, id: quote.draftID.rawValue, kind: AirlineRecords.drafts,
      missing: .draftNotFound(quote.draftID))
    try writeBooking(
      Booking(
        reference: reference, draftID: draft.id, quoteID: quoteID,
        offer: paidOffer(draft.offer, quote: quote, published: nil),
        passengers: draft.passengers, contact: draft.contact, extras: quote.extras,
        totalPaid: amount, paymentMethod: method, paidAt: paidAt))
  }
}
