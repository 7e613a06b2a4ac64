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
/// next settle sees if the process dies right after each):
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
/// written, with the refusal, and no intent precedes it.
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
      return booking
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
    return booking
  }

  public func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    await configuration.latency.pause()
    // Another traveller's quote is answered as one that does not exist.
    guard
      let quote = try loadIfPresent(Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes),
      isMine(quote.draftID)
    else { return .unpaid(retryKey: nil) }
    guard configuration.repairs, case .locked(let lock) = lockLedger() else {
      // Another process is paying, nothing may be written here, or this process only reads:
      // what is on disk answers, and nothing is settled.
      return try settledOrder(of: quote.draftID).map { .booked($0.reference) }
        ?? .unpaid(retryKey: nil)
    }
    return try withExtendedLifetime(lock) { () throws(ServiceError) -> PaymentState in
      try indexOrders()
      _ = try settle(draft: quote.draftID)
      switch try bookingOf(draft: quote.draftID) {
      case .some(let order): return .booked(order.reference)
      case nil: return .unpaid(retryKey: interruptedKeys[quoteID])
      }
    }
  }

  /// The draft's order when its claim or its booking stands beside it, read without writing
  /// anything: the answer while another process holds the ledger.
  private func settledOrder(of draft: DraftID) throws(ServiceError) -> Order? {
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

  public func recoverInterruptedPayments() async throws(ServiceError) -> [RecoveredPayment] {
    // A process paying now settles its own payment; one that cannot lock writes nothing.
    guard case .locked(let lock) = lockLedger() else { return [] }
    // Every payment is settled, whoever's it was; only this traveller's are told.
    let settled = try withExtendedLifetime(lock) { () throws(ServiceError) -> [RecoveredPayment] in
      try recoverUnderLock()
    }
    return settled.filter { payment in
      guard let quote = payment.quoteID else { return configuration.traveller == nil }
      let draft =
        (try? store.loadIfPresent(
          Quote.self, id: quote.rawValue, kind: AirlineRecords.quotes, policy: .report))??.draftID
      return draft.map { isMine($0) } ?? (configuration.traveller == nil)
    }
  }

  private func recoverUnderLock() throws(ServiceError) -> [RecoveredPayment] {
    try indexOrders()
    let open: [String]
    do {
      open = try store.ids(of: AirlineRecords.intents)
    } catch {
      throw .store(error)
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

  private func resolveUnderLock(_ draft: DraftID, charged: Bool) throws(ServiceError)
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
  private func awaitsWord(_ intent: PaymentIntent) throws(ServiceError) -> Bool {
    guard case .unreadable = try readCharge(intent.key.rawValue) else { return false }
    return try !exists(intent.reference, AirlineRecords.bookings)
  }

  /// Settles an open intent one way: `charged`, its charge record written and the payment
  /// rolled forward; else its key marked cut off before any charge and the draft released.
  private func decide(_ intent: PaymentIntent, charged: Bool) throws(ServiceError)
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

  /// Quote, brand, last four and expiry: enough to tell "the same payment" from another.
  static func fingerprint(_ quoteID: QuoteID, _ card: PaymentCard) -> String {
    "\(quoteID)|\(card.brand.rawValue)|\(card.lastFour)|\(card.expiryMonth)/\(card.expiryYear)"
  }

  private func attemptPayment(_ quoteID: QuoteID, _ card: PaymentCard, _ key: IdempotencyKey)
    async -> Result<Booking, ServiceError>
  {
    await configuration.latency.pause()
    // Its published fare worked out before the lock: the lock is held only to read and write.
    let published = publishedFare(quote: quoteID)
    let lock: LedgerLock
    do {
      lock = try await lockAirline()
    } catch {
      return .failure(error)
    }
    return withExtendedLifetime(lock) { () -> Result<Booking, ServiceError> in
      do throws(ServiceError) {
        return .success(try charge(quoteID, card, key, published: published))
      } catch {
        return .failure(error)
      }
    }
  }

  /// Everything after the wait, with no suspension point and under the ledger lock, so two
  /// payments never interleave, in this process or across processes.
  private func charge(
    _ quoteID: QuoteID, _ card: PaymentCard, _ key: IdempotencyKey, published given: Money?
  ) throws(ServiceError) -> Booking {
    try indexOrders(beforeCharging: true)
    let quote = try load(
      Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes,
      missing: .quoteNotFound(quoteID))
    let draftID = quote.draftID
    guard isMine(draftID) else { throw .quoteNotFound(quoteID) }
    // A payment of this draft that a crash (or a full disk) cut off is settled first.
    _ = try settle(draft: draftID)
    let fingerprint = Self.fingerprint(quoteID, card)
    // The same key returns its first outcome. An attempt cut off before any charge may be tried
    // again under its key, for the same quote, with any card.
    let keyRecord = try readCharge(key.rawValue)
    if case .found(let earlier) = keyRecord,
      earlier.outcome != .interrupted || earlier.quoteID != quoteID
    {
      // An empty fingerprint: the record was written again from its booking, which holds none.
      guard earlier.fingerprint.isEmpty || earlier.fingerprint == fingerprint else {
        throw .idempotencyKeyReused
      }
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
    let draft = try load(
      BookingDraft.self, id: draftID.rawValue, kind: AirlineRecords.drafts,
      missing: .draftNotFound(draftID))
    let published = given ?? publishedFare(of: draft.offer)
    try checkPrice(of: quote, draft: draft, published: published)
    // The bucket its fare came from sold out since it was quoted: the next fare is dearer.
    let fareNow = self.fareNow(for: draft.offer, published: published)
    let quoted = quote.priceChange?.pricePerAdult ?? draft.offer.pricePerAdult
    if fareNow.currency == quoted.currency, fareNow.amount > quoted.amount {
      throw .fareSoldOut(quoteID)
    }
    let reference = try newReference()
    // Its seats must still be its own (held by its draft, or free): checked before anything is
    // written, so a taken seat writes nothing.
    let sale = try plannedSale(of: quote, draft: draft, to: reference)

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

    let intent = PaymentIntent(
      key: key, fingerprint: fingerprint,
      booking: Booking(
        reference: reference, draftID: draftID, quoteID: quoteID, offer: draft.offer,
        passengers: draft.passengers, contact: draft.contact, extras: quote.extras,
        totalPaid: quote.total, paymentMethod: card.method, paidAt: now))
    // 1. The intent, before any charge.
    try save(intent, id: draftID.rawValue, kind: AirlineRecords.intents)
    // 2. The order: the draft is taken.
    try save(order(of: intent), id: draftID.rawValue, kind: AirlineRecords.orders)
    // 2b. The seats, sold to the booking.
    try write(sale)
    // 3. The charge, then its sealed copy. Should a write fail, it may still have happened: the
    // intent stays, and settling it decides by what is on disk.
    try save(chargeRecord(intent), id: key.rawValue, kind: AirlineRecords.payments)
    try save(chargeRecord(intent), id: key.rawValue, kind: AirlineRecords.charges)
    // 4. The booking: from here on the payment has succeeded.
    do {
      try saveBooking(intent.booking)
    } catch {
      throw .chargedButNotSaved(error.description)
    }
    // 5 and 6: the claim, then the intent goes.
    finishBookkeeping(intent)
    return intent.booking
  }

  /// The quote as the airline would give it for its draft and extras now: the same lines and
  /// total in an ISO 4217 currency, a price above zero, and a price-hold no longer than the
  /// airline grants, from a draft whose offer is the one the airline sold.
  private func checkPrice(of quote: Quote, draft: BookingDraft, published: Money?)
    throws(ServiceError)
  {
    func refuse(_ reason: String) -> ServiceError { .quoteNotHonoured(quote.id, reason) }
    if let sold = try? store.loadIfPresent(
      Offer.self, id: draft.offer.id.rawValue, kind: AirlineRecords.offers, policy: .keepInPlace),
      sold.pricePerAdult != draft.offer.pricePerAdult || sold.cabin != draft.offer.cabin
        || sold.slices != draft.offer.slices || sold.party != draft.offer.party
        || sold.total != draft.offer.total
    {
      throw refuse("its draft's flight is not the one that was offered.")
    }
    // A change of price must be the one change the airline makes to this offer, or one of its
    // fare buckets' prices.
    if let change = quote.priceChange, change != Repricing.change(for: draft.offer),
      !isBucketChange(change, for: draft, published: published)
    {
      throw refuse("its change of price is not the airline's.")
    }
    let lines: [LineItem]
    do {
      lines = try QuotePricing.lineItems(
        draft: draft, extras: quote.extras, seatMaps: seatMaps.seatMaps(for: draft.offer),
        pricePerAdult: quote.priceChange?.pricePerAdult)
    } catch {
      throw refuse("its extras are not valid (\(error.description))")
    }
    guard Currency.isoCodes.contains(quote.total.currency.code) else {
      throw refuse("\(quote.total.currency) is not a currency.")
    }
    guard lines == quote.lineItems else {
      throw refuse("its lines are not the airline's prices for its passengers and extras.")
    }
    guard quote.total.amount > 0,
      let sum = try? Money.sum(lines.map(\.amount), in: quote.total.currency),
      sum == quote.total
    else { throw refuse("its total is not the sum of the airline's prices.") }
    guard let issued = quote.issuedAt,
      quote.expiresAt.timeIntervalSince(issued) <= Configuration.longestPriceHold,
      quote.expiresAt > issued
    else {
      throw refuse(
        "its price is held longer than the airline holds a price "
          + "(\(Int(Configuration.longestPriceHold)) seconds).")
    }
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

  private func order(of intent: PaymentIntent) -> Order {
    Order(reference: intent.reference, quoteID: intent.quoteID, key: intent.key)
  }

  private func order(of claim: Claim) -> Order {
    Order(reference: claim.reference, quoteID: claim.quoteID, key: claim.key)
  }

  /// Steps 5 and 6; a failure leaves the intent for the next settle, which finishes them.
  private func finishBookkeeping(_ intent: PaymentIntent) {
    do {
      try save(Claim(intent), id: intent.draftID.rawValue, kind: AirlineRecords.claims)
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
  private func release(_ intent: PaymentIntent) throws(ServiceError) {
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
  private func rollForward(_ intent: PaymentIntent) throws(ServiceError) {
    if case .found = try readGuard(
      Booking.self, id: intent.reference.rawValue, kind: AirlineRecords.bookings)
    {
      // Written by a payment cut off, perhaps before its line in the bookings' index: the next
      // listing rebuilds the index.
      store.dropIndex(AirlineRecords.bookingsIndex)
    } else {
      try writeBooking(intent.booking)
    }
    try completeSale(of: intent.booking)
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
  private func claimedOrder(_ draft: DraftID) throws(ServiceError) -> Order? {
    guard
      case .found(let claim) = try readGuard(
        Claim.self, id: draft.rawValue, kind: AirlineRecords.claims)
    else { return nil }
    return order(of: claim)
  }

  /// A claimed booking, or its charge record, that is gone is written again from the claim (the
  /// booking also when it is unreadable).
  private func restoreBooking(_ claim: Claim) throws(ServiceError) {
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

  /// What the charge and the booking an order names say of it.
  private enum Confirmation {
    /// Paid: the claim to write again (nil for an order of an older version, with no key).
    case paid(Claim?)
    /// A payment cut off before its charge, whose intent is gone.
    case notPaid
  }

  /// An order without its claim, checked against the charge and the booking it names (the
  /// booking written again from the charge when it is gone).
  private func confirm(_ order: Order, of draft: DraftID) throws(ServiceError) -> Confirmation {
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
      throw .store(error)
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
    try writeBooking(
      Booking(
        reference: reference, draftID: draft.id, quoteID: quoteID, offer: draft.offer,
        passengers: draft.passengers, contact: draft.contact, extras: quote.extras,
        totalPaid: amount, paymentMethod: method, paidAt: paidAt))
  }

  // MARK: - Records

  /// What reading a guard record found.
  enum GuardRead<Value> {
    case missing
    case found(Value)
    /// Unreadable: its bytes were copied aside and it was left where it is.
    case unreadable(StoreError)
  }

  /// The record of what key `id` did: `payments/<id>`, or, when that is gone or cannot be read,
  /// its copy `charges/<id>`, which every charge writes right after it (and which is then
  /// written back). A key record that cannot be read with no copy beside it records no charge
  /// the airline sealed: a refusal, a mark of a cut-off attempt, or a file planted where a
  /// payment stopped before its charge. It is answered as missing, its bytes kept aside, so
  /// nothing is booked on it; only a copy that cannot be read either leaves it undecided.
  func readCharge(_ id: String) throws(ServiceError) -> GuardRead<PaymentRecord> {
    let record = try readGuard(PaymentRecord.self, id: id, kind: AirlineRecords.payments)
    if case .found = record { return record }
    switch try readGuard(PaymentRecord.self, id: id, kind: AirlineRecords.charges) {
    case .found(let copy):
      try save(copy, id: id, kind: AirlineRecords.payments)
      return .found(copy)
    case .missing:
      return .missing
    case .unreadable:
      return record
    }
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
  /// where it is (its bytes copied aside), and the error says so. The charges are scanned for
  /// that once per process: every later booking that cannot be read costs one read. Runs under
  /// the ledger lock.
  private func loadBooking(_ reference: BookingReference) throws(ServiceError) -> Booking {
    let found = try readGuard(Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings)
    if case .found(let booking) = found { return booking }
    guard !ledgerScanned else {
      if case .unreadable(let error) = found { throw .storage(error.description) }
      throw .bookingNotFound(reference)
    }
    ledgerScanned = true
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

  private func writeBooking(_ booking: Booking) throws(ServiceError) {
    do {
      try saveBooking(booking)
    } catch {
      throw .store(error)
    }
  }

  /// Step 6, with no fsync of the folder: an intent a power cut brings back beside its claim (or
  /// after its release) is settled again, and settling one is idempotent.
  private func removeIntent(_ draft: DraftID) throws(ServiceError) {
    try delete(draft.rawValue, AirlineRecords.intents, syncingFolder: false)
  }

  private func delete(_ id: String, _ kind: RecordKind, syncingFolder: Bool = true)
    throws(ServiceError)
  {
    do {
      try store.delete(id: id, kind: kind, syncingFolder: syncingFolder)
    } catch {
      throw .store(error)
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
      throw .store(error)
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
