import Domain
import FoundationEssentials
import Persistence

/// The payment ledger: never charged twice, never a charge without its booking.
///
/// A payment that books writes, in this order (each an atomic replace or a removal; what the
/// next start sees if the process dies right after each):
/// - 1. `intents/<draft>` (started: key, quote, the booking reference chosen now, card brand and
///   last four, amount). Dies here: no charge was made; the start marks the key `interrupted`
///   (`payments/<key>`), removes the intent, and the quote may be paid again with the same key.
/// - 2. `payments/<key>` = `booked(reference)`: the charge. Dies here: the card was charged and
///   the booking is missing; the start writes the booking from the intent, the draft and the
///   quote (roll forward), then 4 and 5.
/// - 3. `bookings/<reference>`: the booking, the truth of what was paid (the commit point: from
///   here on the payment succeeded, whatever fails after). Dies here: the start writes 4, 5.
/// - 4. `orders/<draft>`: the draft's one booking. Dies here: the start removes the intent.
/// - 5. remove `intents/<draft>`: settled.
///
/// A refused card (declined, no funds, expired) moves no money: only `payments/<key>` is
/// written, with the refusal, and no intent precedes it.
///
/// Before anything else a payment settles an intent left open for its draft, then answers "is
/// this draft booked?" from `orders/<draft>`. A guard record (intent, key record, order) that
/// cannot be read is copied aside and left in place, and the question it answered is asked of
/// the bookings and the charges themselves (`audit`); if they cannot answer, the quote cannot be
/// paid (`paymentUnresolved`). The reason is told to the person and written to the log.
extension SimulatedAirline {
  /// The test cards the airline knows, by number.
  enum TestCard {
    static let declined = "4000000000000002"
    static let insufficientFunds = "4000000000009995"
  }

  public func pay(quoteID: QuoteID, method: PaymentCard, idempotencyKey: IdempotencyKey)
    async throws(ServiceError) -> Booking
  {
    if let running = paymentsInFlight[idempotencyKey] {
      return try await running.value.get()
    }
    let attempt = Task { await self.attemptPayment(quoteID, method, idempotencyKey) }
    paymentsInFlight[idempotencyKey] = attempt
    let result = await attempt.value
    paymentsInFlight[idempotencyKey] = nil
    return try result.get()
  }

  public func booking(reference: BookingReference) async throws(ServiceError) -> Booking {
    await configuration.latency.pause()
    return try load(
      Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings,
      missing: .bookingNotFound(reference))
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
      } catch .paymentUnresolved(let reason) {
        recovered.append(RecoveredPayment(quoteID: nil, key: nil, outcome: .unresolved(reason)))
      }
    }
    return recovered
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
    try indexOrders()
    let quote = try load(
      Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes,
      missing: .quoteNotFound(quoteID))
    let draftID = quote.draftID
    // A payment of this draft that a crash (or a full disk) cut off is settled first.
    _ = try settle(draft: draftID)
    let fingerprint =
      "\(quoteID)|\(card.brand.rawValue)|\(card.lastFour)|\(card.expiryMonth)/\(card.expiryYear)"
    // The same key returns its first outcome; an unreadable record of it is answered below by
    // the draft's booking and then overwritten by this attempt.
    if case .found(let earlier) = try readGuard(
      PaymentRecord.self, id: key.rawValue, kind: AirlineRecords.payments),
      earlier.outcome != .interrupted
    {
      guard earlier.fingerprint == fingerprint else { throw .idempotencyKeyReused }
      return try replay(earlier, key: key)
    }
    // At most one booking per draft: a quote of a booked draft (this one or an older) opens it.
    if let order = try bookingOf(draft: draftID) {
      if order.key == key { return try loadBooking(order.reference) }
      throw .quoteAlreadyPaid(order.reference)
    }
    let now = clock.now()
    guard quote.isValid(at: now) else { throw .quoteExpired(quoteID) }

    var record = PaymentRecord(
      quoteID: quoteID, fingerprint: fingerprint, outcome: .interrupted, at: now,
      draftID: draftID, method: card.method, amount: quote.total)
    if let refusal = refusal(of: card, at: now) {
      record = PaymentRecord(
        quoteID: quoteID, fingerprint: fingerprint, outcome: refusal, at: now, draftID: draftID,
        method: card.method, amount: quote.total)
      try save(record, id: key.rawValue, kind: AirlineRecords.payments)
      return try replay(record, key: key)
    }

    let draft = try load(
      BookingDraft.self, id: draftID.rawValue, kind: AirlineRecords.drafts,
      missing: .draftNotFound(draftID))
    let intent = PaymentIntent(
      key: key, quoteID: quoteID, draftID: draftID, reference: try newReference(),
      fingerprint: fingerprint, method: card.method, amount: quote.total, startedAt: now)
    // 1. The intent, before any charge.
    try save(intent, id: draftID.rawValue, kind: AirlineRecords.intents)
    // 2. The charge.
    record = PaymentRecord(
      quoteID: quoteID, fingerprint: fingerprint, outcome: .booked(intent.reference), at: now,
      draftID: draftID, method: card.method, amount: quote.total)
    do {
      try save(record, id: key.rawValue, kind: AirlineRecords.payments)
    } catch {
      // No charge was made: the intent goes (if it cannot, the next payment settles it).
      try? store.delete(id: draftID.rawValue, kind: AirlineRecords.intents)
      throw error
    }
    // 3. The booking: from here on the payment has succeeded.
    let booking = makeBooking(intent, draft: draft, quote: quote)
    do {
      try store.save(booking, id: booking.reference.rawValue, kind: AirlineRecords.bookings)
    } catch {
      throw .chargedButNotSaved(error.description)
    }
    // 4 and 5: the order, then the intent goes.
    finishBookkeeping(intent)
    return booking
  }

  private func refusal(of card: PaymentCard, at now: Date) -> PaymentRecord.Outcome? {
    if !card.isValid(on: CalendarDay(now, in: .utc)) { return .cardExpired }
    if card.number == TestCard.declined { return .declined }
    if card.number == TestCard.insufficientFunds { return .insufficientFunds }
    return nil
  }

  private func makeBooking(_ intent: PaymentIntent, draft: BookingDraft, quote: Quote) -> Booking {
    Booking(
      reference: intent.reference, draftID: draft.id, quoteID: quote.id, offer: draft.offer,
      passengers: draft.passengers, contact: draft.contact, extras: quote.extras,
      totalPaid: intent.amount, paymentMethod: intent.method, paidAt: intent.startedAt)
  }

  /// Steps 4 and 5; a failure leaves the intent for the next settle, which finishes them.
  private func finishBookkeeping(_ intent: PaymentIntent) {
    do {
      try save(
        Order(reference: intent.reference, quoteID: intent.quoteID, key: intent.key),
        id: intent.draftID.rawValue, kind: AirlineRecords.orders)
      try store.delete(id: intent.draftID.rawValue, kind: AirlineRecords.intents)
    } catch {
      notices.yield(.bookkeepingDeferred(reference: intent.reference, reason: "\(error)"))
    }
  }

  /// What the key's first attempt did, again.
  private func replay(_ record: PaymentRecord, key: IdempotencyKey) throws(ServiceError) -> Booking
  {
    switch record.outcome {
    case .booked(let reference):
      if try store(has: reference) { return try loadBooking(reference) }
      // The charge stands and its booking is gone (unreadable, set aside): book it again.
      guard let draftID = record.draftID, let method = record.method, let amount = record.amount
      else { throw .bookingNotFound(reference) }
      return try rollForward(
        PaymentIntent(
          key: key, quoteID: record.quoteID, draftID: draftID, reference: reference,
          fingerprint: record.fingerprint, method: method, amount: amount, startedAt: record.at))
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
      // Which key and quote it named is lost: the draft's bookings and charges answer.
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
          at: clock.now(), draftID: draft, method: intent.method, amount: intent.amount),
        id: intent.key.rawValue, kind: AirlineRecords.payments)
      try removeIntent(draft)
      interruptedKeys[intent.quoteID] = intent.key
      return settled(.notCharged)
    case .found(let record):
      guard case .booked = record.outcome else {
        try removeIntent(draft)
        return settled(.notCharged)
      }
      _ = try rollForward(intent)
      return settled(.booked(intent.reference))
    case .unreadable(let error):
      // Whether the card was charged is written only there; the booking can still say so.
      guard try store(has: intent.reference) else {
        throw .paymentUnresolved(
          "\(error.description) No booking \(intent.reference) exists, so whether the card was "
            + "charged is unknown.")
      }
      try save(
        PaymentRecord(
          quoteID: intent.quoteID, fingerprint: intent.fingerprint,
          outcome: .booked(intent.reference), at: intent.startedAt, draftID: draft,
          method: intent.method, amount: intent.amount),
        id: intent.key.rawValue, kind: AirlineRecords.payments)
      _ = try rollForward(intent)
      return settled(.booked(intent.reference))
    }
  }

  /// Finishes a charged payment: the booking if it is missing, the order, the intent removed.
  private func rollForward(_ intent: PaymentIntent) throws(ServiceError) -> Booking {
    let booking: Booking
    if try store(has: intent.reference) {
      booking = try loadBooking(intent.reference)
    } else {
      let draft = try load(
        BookingDraft.self, id: intent.draftID.rawValue, kind: AirlineRecords.drafts,
        missing: .draftNotFound(intent.draftID))
      let quote = try load(
        Quote.self, id: intent.quoteID.rawValue, kind: AirlineRecords.quotes,
        missing: .quoteNotFound(intent.quoteID))
      booking = makeBooking(intent, draft: draft, quote: quote)
      try save(booking, id: booking.reference.rawValue, kind: AirlineRecords.bookings)
    }
    switch try readGuard(Order.self, id: intent.draftID.rawValue, kind: AirlineRecords.orders) {
    case .found(let order) where order.reference == intent.reference:
      break
    default:
      try save(
        Order(reference: intent.reference, quoteID: intent.quoteID, key: intent.key),
        id: intent.draftID.rawValue, kind: AirlineRecords.orders)
    }
    try removeIntent(intent.draftID)
    return booking
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
      let order = try audit(draft: draft)
      if let order {
        try save(order, id: draft.rawValue, kind: AirlineRecords.orders)
      } else {
        do {
          try store.delete(id: draft.rawValue, kind: AirlineRecords.orders)
        } catch {
          throw .storage(error.description)
        }
      }
      return order
    }
  }

  /// "Was this draft booked?" asked of the bookings and the charges themselves, for when a guard
  /// record cannot be read. A charge whose booking is missing is booked now (roll forward).
  /// Throws `paymentUnresolved` when a charge record that might be the answer cannot be read.
  func audit(draft: DraftID) throws(ServiceError) -> Order? {
    let bookingIDs: [String]
    let paymentIDs: [String]
    do {
      bookingIDs = try store.ids(of: AirlineRecords.bookings)
      paymentIDs = try store.ids(of: AirlineRecords.payments)
    } catch {
      throw .paymentUnresolved(error.description)
    }
    for id in bookingIDs {
      // An unreadable booking is set aside as any record is; its charge (below) still tells.
      guard let booking = try? store.load(Booking.self, id: id, kind: AirlineRecords.bookings),
        booking.draftID == draft
      else { continue }
      return Order(reference: booking.reference, quoteID: booking.quoteID, key: nil)
    }
    var unreadable: [String] = []
    for id in paymentIDs {
      switch try readGuard(PaymentRecord.self, id: id, kind: AirlineRecords.payments) {
      case .missing:
        continue
      case .unreadable(let error):
        unreadable.append(error.description)
      case .found(let record):
        guard record.draftID == draft, case .booked(let reference) = record.outcome,
          let method = record.method, let amount = record.amount,
          let key = try? IdempotencyKey(id)
        else { continue }
        let booking = try rollForward(
          PaymentIntent(
            key: key, quoteID: record.quoteID, draftID: draft, reference: reference,
            fingerprint: record.fingerprint, method: method, amount: amount,
            startedAt: record.at))
        return Order(reference: booking.reference, quoteID: booking.quoteID, key: key)
      }
    }
    if let first = unreadable.first {
      throw .paymentUnresolved(first)
    }
    return nil
  }

  /// Builds `orders/` from the bookings once, for data written before the ledger kept it.
  func indexOrders() throws(ServiceError) {
    guard !ordersIndexed else { return }
    if try loadIfPresent(OrdersIndex.self, id: "orders-index", kind: AirlineRecords.ledger) == nil {
      let ids: [String]
      do {
        ids = try store.ids(of: AirlineRecords.bookings)
      } catch {
        throw .storage(error.description)
      }
      for id in ids {
        guard let booking = try? store.load(Booking.self, id: id, kind: AirlineRecords.bookings),
          try !store(hasOrderFor: booking.draftID)
        else { continue }
        try save(
          Order(reference: booking.reference, quoteID: booking.quoteID, key: nil),
          id: booking.draftID.rawValue, kind: AirlineRecords.orders)
      }
      try save(OrdersIndex(builtAt: clock.now()), id: "orders-index", kind: AirlineRecords.ledger)
    }
    ordersIndexed = true
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

  private func removeIntent(_ draft: DraftID) throws(ServiceError) {
    do {
      try store.delete(id: draft.rawValue, kind: AirlineRecords.intents)
    } catch {
      throw .storage(error.description)
    }
  }

  private func loadBooking(_ reference: BookingReference) throws(ServiceError) -> Booking {
    try load(
      Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings,
      missing: .bookingNotFound(reference))
  }

  private func store(has reference: BookingReference) throws(ServiceError) -> Bool {
    do {
      return try store.exists(id: reference.rawValue, kind: AirlineRecords.bookings)
    } catch {
      throw .storage(error.description)
    }
  }

  private func store(hasOrderFor draft: DraftID) throws(ServiceError) -> Bool {
    do {
      return try store.exists(id: draft.rawValue, kind: AirlineRecords.orders)
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
      if try !store(has: reference) { return reference }
    }
    throw .storage("no free booking reference could be found")
  }
}
