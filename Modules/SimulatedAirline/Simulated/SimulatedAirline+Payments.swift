import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The payment ledger: never charged twice, never a charge without its booking.
///
/// A payment that books writes, in this order (each an atomic replace or a removal; what the
/// next start sees if the process dies right after each):
/// - 1. `intents/<draft>` (started: the key, and the whole booking this payment makes, its
///   reference chosen now). Dies here: no charge was made; the start marks the key
///   `interrupted` (`payments/<key>`), removes the intent, and the quote may be paid again with
///   the same key.
/// - 2. `payments/<key>` = `booked(reference)`: the charge. Dies here: the card was charged and
///   the booking is missing; the start writes the booking from the intent (roll forward), then
///   4 and 5.
/// - 3. `bookings/<reference>`: the booking, the truth of what was paid (the commit point: from
///   here on the payment succeeded, whatever fails after). Dies here: the start writes 4, 5.
/// - 4. `orders/<draft>`: the draft's one booking. Dies here: the start removes the intent.
/// - 5. remove `intents/<draft>`: settled.
///
/// A write that fails may still have happened (its rename done, the folder's fsync failed), so
/// a failure never undoes what came before it: the intent stays, and the next payment of the
/// draft (or the next start) settles it by what is on disk.
///
/// A refused card (declined, no funds, expired) moves no money: only `payments/<key>` is
/// written, with the refusal, and no intent precedes it.
///
/// Before anything else a payment settles an intent left open for its draft, then answers "is
/// this draft booked?" from `orders/<draft>`. A guard record (intent, key record, order,
/// booking) that cannot be read is copied aside and left in place, and the question it answered
/// is asked of the bookings and the charges themselves (`audit`), which write the order back;
/// if they cannot answer, the quote cannot be paid (`paymentUnresolved`). The reason is told to
/// the person and written to the log.
extension SimulatedAirline {
  /// The test cards the airline knows, by number.
  enum TestCard {
    static let declined = "4000000000000002"
    static let insufficientFunds = "4000000000009995"
  }

  public func pay(quoteID: QuoteID, method: PaymentCard, idempotencyKey: IdempotencyKey)
    async throws(ServiceError) -> Booking
  {
    let fingerprint = Self.fingerprint(quoteID, method)
    if let running = paymentsInFlight[idempotencyKey] {
      guard running.fingerprint == fingerprint else { throw .idempotencyKeyReused }
      return try await running.task.value.get()
    }
    let attempt = Task { await self.attemptPayment(quoteID, method, idempotencyKey) }
    paymentsInFlight[idempotencyKey] = (fingerprint, attempt)
    let result = await attempt.value
    paymentsInFlight[idempotencyKey] = nil
    return try result.get()
  }

  public func booking(reference: BookingReference) async throws(ServiceError) -> Booking {
    await configuration.latency.pause()
    return try loadBooking(reference)
  }

  public func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    await configuration.latency.pause()
    try indexOrders()
    guard
      let quote = try loadIfPresent(Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes)
    else { return .unpaid(retryKey: nil) }
    _ = try settle(draft: quote.draftID)
    switch try bookingOf(draft: quote.draftID) {
    case .some(let order): return .booked(order.reference)
    case nil: return .unpaid(retryKey: interruptedKeys[quoteID])
    }
  }

  public func recoverInterruptedPayments() async throws(ServiceError) -> [RecoveredPayment] {
    try indexOrders()
    let open: [String]
    do {
      open = try store.ids(of: AirlineRecords.intents)
    } catch {
      throw .storage(error.description)
    }
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
        recovered.append(
          RecoveredPayment(quoteID: intent?.quoteID, key: intent?.key, outcome: .unresolved(reason))
        )
      }
    }
    return recovered
  }

  /// Quote, brand, last four and expiry: enough to tell "the same payment" from another.
  static func fingerprint(_ quoteID: QuoteID, _ card: PaymentCard) -> String {
    "\(quoteID)|\(card.brand.rawValue)|\(card.lastFour)|\(card.expiryMonth)/\(card.expiryYear)"
  }

  private func attemptPayment(_ quoteID: QuoteID, _ card: PaymentCard, _ key: IdempotencyKey)
    async -> Result<Booking, ServiceError>
  {
    await configuration.latency.pause()
    do {
      return .success(try charge(quoteID, card, key))
    } catch {
      return .failure(error)
    }
  }

  /// Everything after the wait, with no suspension point, so two payments never interleave.
  private func charge(_ quoteID: QuoteID, _ card: PaymentCard, _ key: IdempotencyKey)
    throws(ServiceError) -> Booking
  {
    try indexOrders(beforeCharging: true)
    let quote = try load(
      Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes,
      missing: .quoteNotFound(quoteID))
    let draftID = quote.draftID
    // A payment of this draft that a crash (or a full disk) cut off is settled first.
    _ = try settle(draft: draftID)
    let fingerprint = Self.fingerprint(quoteID, card)
    // The same key returns its first outcome. An attempt cut off before any charge may be tried
    // again under its key, for the same quote, with any card.
    let keyRecord = try readGuard(
      PaymentRecord.self, id: key.rawValue, kind: AirlineRecords.payments)
    if case .found(let earlier) = keyRecord,
      earlier.outcome != .interrupted || earlier.quoteID != quoteID
    {
      guard earlier.fingerprint == fingerprint else { throw .idempotencyKeyReused }
      if case .booked = earlier.outcome { return try replay(earlier, key: key) }
    }
    // At most one booking per draft: a quote of a booked draft (this one or an older) opens it.
    if let order = try bookingOf(draft: draftID) {
      if order.key == key { return try loadBooking(order.reference) }
      throw .quoteAlreadyPaid(order.reference)
    }
    if case .found(let earlier) = keyRecord, earlier.outcome != .interrupted {
      return try replay(earlier, key: key)
    }
    let now = clock.now()
    guard quote.isValid(at: now) else { throw .quoteExpired(quoteID) }

    if let refusal = refusal(of: card, at: now) {
      let record = PaymentRecord(
        quoteID: quoteID, fingerprint: fingerprint, outcome: refusal, at: now, draftID: draftID,
        method: card.method, amount: quote.total)
      try save(record, id: key.rawValue, kind: AirlineRecords.payments)
      return try replay(record, key: key)
    }
    if case .unreadable = keyRecord {
      // Unreadable, and nothing is booked for this draft: whatever it said took no money that
      // stands. It is marked cut off (its bytes are kept aside) before the intent names it.
      try save(
        PaymentRecord(
          quoteID: quoteID, fingerprint: fingerprint, outcome: .interrupted, at: now,
          draftID: draftID, method: card.method, amount: quote.total),
        id: key.rawValue, kind: AirlineRecords.payments)
    }

    let draft = try load(
      BookingDraft.self, id: draftID.rawValue, kind: AirlineRecords.drafts,
      missing: .draftNotFound(draftID))
    let intent = PaymentIntent(
      key: key, fingerprint: fingerprint,
      booking: Booking(
        reference: try newReference(), draftID: draftID, quoteID: quoteID, offer: draft.offer,
        passengers: draft.passengers, contact: draft.contact, extras: quote.extras,
        totalPaid: quote.total, paymentMethod: card.method, paidAt: now))
    // 1. The intent, before any charge.
    try save(intent, id: draftID.rawValue, kind: AirlineRecords.intents)
    // 2. The charge. Should this write fail, it may still have happened: the intent stays, and
    // settling it decides by what is on disk.
    try save(chargeRecord(intent), id: key.rawValue, kind: AirlineRecords.payments)
    // 3. The booking: from here on the payment has succeeded.
    do {
      try store.save(
        intent.booking, id: intent.reference.rawValue, kind: AirlineRecords.bookings)
    } catch {
      throw .chargedButNotSaved(error.description)
    }
    // 4 and 5: the order, then the intent goes.
    finishBookkeeping(intent)
    return intent.booking
  }

  private func refusal(of card: PaymentCard, at now: Date) -> PaymentRecord.Outcome? {
    if !card.isValid(on: CalendarDay(now, in: .utc)) { return .cardExpired }
    if card.number == TestCard.declined { return .declined }
    if card.number == TestCard.insufficientFunds { return .insufficientFunds }
    return nil
  }

  /// The key record of an intent's charge.
  private func chargeRecord(_ intent: PaymentIntent) -> PaymentRecord {
    PaymentRecord(
      quoteID: intent.quoteID, fingerprint: intent.fingerprint,
      outcome: .booked(intent.reference), at: intent.booking.paidAt, draftID: intent.draftID,
      method: intent.booking.paymentMethod, amount: intent.booking.totalPaid)
  }

  /// Steps 4 and 5; a failure leaves the intent for the next settle, which finishes them.
  private func finishBookkeeping(_ intent: PaymentIntent) {
    do {
      try save(
        Order(reference: intent.reference, quoteID: intent.quoteID, key: intent.key),
        id: intent.draftID.rawValue, kind: AirlineRecords.orders)
      try removeIntent(intent.draftID)
    } catch {
      notices.yield(.bookkeepingDeferred(reference: intent.reference, reason: error.description))
    }
  }

  /// What the key's first attempt did, again.
  private func replay(_ record: PaymentRecord, key: IdempotencyKey) throws(ServiceError) -> Booking
  {
    switch record.outcome {
    case .booked(let reference): return try loadBooking(reference)
    case .declined: throw .cardDeclined
    case .insufficientFunds: throw .insufficientFunds
    case .cardExpired: throw .cardExpired
    case .interrupted: throw .paymentUnresolved("the attempt was cut off before any charge")
    }
  }

  // MARK: - Settling and auditing

  /// Settles the payment left open for `draft` (see the write order above); nil when none is.
  @discardableResult
  func settle(draft: DraftID) throws(ServiceError) -> RecoveredPayment? {
    let intent: PaymentIntent
    switch try readGuard(PaymentIntent.self, id: draft.rawValue, kind: AirlineRecords.intents) {
    case .missing:
      return nil
    case .unreadable:
      // Which key and quote it named is lost: the draft's bookings and charges answer (and
      // write its order back when they find its booking).
      let order = try audit(draft: draft)
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
    switch try readGuard(PaymentRecord.self, id: intent.key.rawValue, kind: AirlineRecords.payments)
    {
    case .missing:
      // Died before the charge: nothing was taken. The key may pay again.
      try save(
        PaymentRecord(
          quoteID: intent.quoteID, fingerprint: intent.fingerprint, outcome: .interrupted,
          at: clock.now(), draftID: draft, method: intent.booking.paymentMethod,
          amount: intent.booking.totalPaid),
        id: intent.key.rawValue, kind: AirlineRecords.payments)
      interruptedKeys[intent.quoteID] = intent.key
      try removeIntent(draft)
      return settled(.notCharged)
    case .found(let record):
      switch record.outcome {
      case .booked:
        try rollForward(intent)
        return settled(.booked(intent.reference))
      case .interrupted:
        interruptedKeys[intent.quoteID] = intent.key
        try removeIntent(draft)
        return settled(.notCharged)
      case .declined, .insufficientFunds, .cardExpired:
        try removeIntent(draft)
        return settled(.notCharged)
      }
    case .unreadable(let error):
      // Whether the card was charged is written only there; a booking file (even unreadable)
      // says it was, since the booking is written after the charge.
      guard try exists(intent.reference, AirlineRecords.bookings) else {
        throw .paymentUnresolved(
          "\(error.description) No booking \(intent.reference) exists, so whether the card was "
            + "charged is unknown.")
      }
      try save(chargeRecord(intent), id: intent.key.rawValue, kind: AirlineRecords.payments)
      try rollForward(intent)
      return settled(.booked(intent.reference))
    }
  }

  /// Finishes a charged payment: the booking if it is missing or unreadable, the order, the
  /// intent removed.
  private func rollForward(_ intent: PaymentIntent) throws(ServiceError) {
    if case .found = try readGuard(
      Booking.self, id: intent.reference.rawValue, kind: AirlineRecords.bookings)
    {
    } else {
      try save(intent.booking, id: intent.reference.rawValue, kind: AirlineRecords.bookings)
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
      try save(
        Order(reference: intent.reference, quoteID: intent.quoteID, key: intent.key),
        id: intent.draftID.rawValue, kind: AirlineRecords.orders)
    }
    try removeIntent(intent.draftID)
  }

  /// The booking of `draft`, if it has one: its order, or (the order unreadable) the answer of
  /// the bookings themselves, written back as its order.
  func bookingOf(draft: DraftID) throws(ServiceError) -> Order? {
    switch try readGuard(Order.self, id: draft.rawValue, kind: AirlineRecords.orders) {
    case .found(let order):
      return order
    case .missing:
      return nil
    case .unreadable:
      guard let order = try audit(draft: draft) else {
        try delete(draft.rawValue, AirlineRecords.orders)
        return nil
      }
      return order
    }
  }

  /// "Was this draft booked?" asked of the bookings and the charges themselves, for when a guard
  /// record cannot be read; the order found is written back. A charge whose booking is missing
  /// or unreadable is booked again (roll forward). Throws `paymentUnresolved` when a record that
  /// might be the answer cannot be read.
  func audit(draft: DraftID) throws(ServiceError) -> Order? {
    let ledger = try scanLedger(ledgerIDs())
    guard let order = ledger.orders[draft] else {
      if let first = (ledger.unnamedBookings + ledger.unreadableCharges).first {
        throw .paymentUnresolved(first)
      }
      return nil
    }
    try save(order, id: draft.rawValue, kind: AirlineRecords.orders)
    return order
  }

  /// Builds `orders/` once, for data written before the ledger kept it, from the bookings, the
  /// charges and the markers older versions wrote.
  ///
  /// A ledger with nothing in it (no booking, charge or marker) has nothing to index, and its
  /// marker is then written only `beforeCharging`: a start (and a resume's question) in a data
  /// directory where nothing was ever paid writes nothing, where it wrote a folder and a file,
  /// three fsyncs before a pay link's first frame. The first charge writes it before its intent,
  /// as before, so a crash cut off at any charge finds it.
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
    let ledger = try scanLedger(ids)
    if let first = ledger.unnamedBookings.first { throw .paymentUnresolved(first) }
    for (draft, order) in ledger.orders where try !exists(draft.rawValue, AirlineRecords.orders) {
      try save(order, id: draft.rawValue, kind: AirlineRecords.orders)
    }
    try save(OrdersIndex(builtAt: clock.now()), id: "orders-index", kind: AirlineRecords.ledger)
    ordersIndexed = true
  }

  /// The IDs of the records that say what was paid: bookings, charges and older versions'
  /// markers.
  fileprivate struct LedgerIDs {
    var bookings: [String]
    var payments: [String]
    var markers: [String]

    /// No booking, no charge and no marker: nothing was ever paid here.
    var isEmpty: Bool { bookings.isEmpty && payments.isEmpty && markers.isEmpty }
  }

  private func ledgerIDs() throws(ServiceError) -> LedgerIDs {
    do {
      return LedgerIDs(
        bookings: try store.ids(of: AirlineRecords.bookings),
        payments: try store.ids(of: AirlineRecords.payments),
        markers: try store.ids(of: AirlineRecords.paidQuotes))
    } catch {
      throw .storage(error.description)
    }
  }

  /// What the bookings, the charges and older versions' markers say was booked, by draft (a
  /// charge whose booking is gone is booked again here), and the records that could not say:
  /// unreadable bookings no charge or marker names, and unreadable (or too old) charges.
  private func scanLedger(_ ids: LedgerIDs) throws(ServiceError) -> (
    orders: [DraftID: Order], unnamedBookings: [String], unreadableCharges: [String]
  ) {
    var orders: [DraftID: Order] = [:]
    /// Bookings that could not be read, until a charge or a marker says whose they are.
    var unreadableBookings: [String: String] = [:]
    var unknown: [String] = []
    for id in ids.bookings {
      switch try readGuard(Booking.self, id: id, kind: AirlineRecords.bookings) {
      case .found(let booking):
        orders[booking.draftID] = Order(
          reference: booking.reference, quoteID: booking.quoteID, key: nil)
      case .unreadable(let error):
        unreadableBookings[id] = error.description
      case .missing:
        continue
      }
    }
    for id in ids.payments {
      switch try readGuard(PaymentRecord.self, id: id, kind: AirlineRecords.payments) {
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
        // A charge whose booking is gone or unreadable: booked again from its draft and quote.
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
  private func draftOf(_ quoteID: QuoteID) -> DraftID? {
    (try? store.loadIfPresent(
      Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes, policy: .keepInPlace))?
      .draftID
  }

  /// Writes booking `reference` again from its draft and quote, for a charge whose booking is
  /// gone.
  private func rebuild(
    _ reference: BookingReference, key: IdempotencyKey, quoteID: QuoteID, method: PaymentMethod,
    amount: Money, at paidAt: Date
  ) throws(ServiceError) {
    let quote = try load(
      Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes,
      missing: .quoteNotFound(quoteID))
    let draft = try load(
      BookingDraft.self, id: quote.draftID.rawValue, kind: AirlineRecords.drafts,
      missing: .draftNotFound(quote.draftID))
    try save(
      Booking(
        reference: reference, draftID: draft.id, quoteID: quoteID, offer: draft.offer,
        passengers: draft.passengers, contact: draft.contact, extras: quote.extras,
        totalPaid: amount, paymentMethod: method, paidAt: paidAt),
      id: reference.rawValue, kind: AirlineRecords.bookings)
  }

  // MARK: - Records

  /// What reading a guard record found.
  enum GuardRead<Value> {
    case missing
    case found(Value)
    /// Unreadable: its bytes were copied aside and it was left where it is.
    case unreadable(StoreError)
  }

  /// Reads a record that guards money: an unreadable one stays in place (its bytes copied aside)
  /// until the question it answered has been asked of the bookings; it is reported.
  func readGuard<Value: Decodable>(_ type: Value.Type, id: String, kind: RecordKind)
    throws(ServiceError) -> GuardRead<Value>
  {
    do {
      guard let value = try store.loadIfPresent(type, id: id, kind: kind, policy: .keepInPlace)
      else { return .missing }
      return .found(value)
    } catch {
      guard case .corruptKept(let path, _, let copiedTo) = error else {
        throw .storage(error.description)
      }
      notices.yield(.unreadableGuard(path: path, copiedTo: copiedTo))
      return .unreadable(error)
    }
  }

  /// Booking `reference`; one that is missing or unreadable while its charge stands is written
  /// again from the charge (and its draft and quote). An unreadable one that cannot be is left
  /// where it is (its bytes copied aside), and the error says so.
  private func loadBooking(_ reference: BookingReference) throws(ServiceError) -> Booking {
    let found = try readGuard(Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings)
    if case .found(let booking) = found { return booking }
    do {
      let ledger = try scanLedger(ledgerIDs())
      if ledger.orders.values.contains(where: { $0.reference == reference }),
        case .found(let booking) = try readGuard(
          Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings)
      {
        return booking
      }
    } catch {
      if case .unreadable(let unreadable) = found {
        throw .storage(
          "\(unreadable.description) It could not be written again from its payment: \(error)")
      }
      throw error
    }
    if case .unreadable(let error) = found { throw .storage(error.description) }
    throw .bookingNotFound(reference)
  }

  private func removeIntent(_ draft: DraftID) throws(ServiceError) {
    try delete(draft.rawValue, AirlineRecords.intents)
  }

  private func delete(_ id: String, _ kind: RecordKind) throws(ServiceError) {
    do {
      try store.delete(id: id, kind: kind)
    } catch {
      throw .storage(error.description)
    }
  }

  private func exists(_ reference: BookingReference, _ kind: RecordKind) throws(ServiceError)
    -> Bool
  {
    try exists(reference.rawValue, kind)
  }

  private func exists(_ id: String, _ kind: RecordKind) throws(ServiceError) -> Bool {
    do {
      return try store.exists(id: id, kind: kind)
    } catch {
      throw .storage(error.description)
    }
  }

  /// A record locator not yet used, from letters and digits that cannot be misread (no 0/O, 1/I).
  private func newReference() throws(ServiceError) -> BookingReference {
    let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      let text = String(
        (0..<6).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
      guard let reference = try? BookingReference(text) else { continue }
      if try !exists(reference, AirlineRecords.bookings) { return reference }
    }
    throw .storage("no free booking reference could be found")
  }
}
