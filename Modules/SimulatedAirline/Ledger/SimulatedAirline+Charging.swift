import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Charging a card for a quote, under the ledger lock: the price checked again, the card's
/// refusal, and the records of a charge in the order `SimulatedAirline+Payments.swift` gives.
extension SimulatedAirline {
  /// Quote, brand, last four and expiry: enough to tell "the same payment" from another.
  static func fingerprint(_ quoteID: QuoteID, _ card: PaymentCard) -> String {
    "\(quoteID)|\(card.brand.rawValue)|\(card.lastFour)|\(card.expiryMonth)/\(card.expiryYear)"
  }

  func attemptPayment(_ quoteID: QuoteID, _ card: PaymentCard, _ key: IdempotencyKey)
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
  func charge(
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
      if order.key == key {
        let booking = try loadBooking(order.reference)
        return booking.applying(try changeRecord(of: order.reference)?.history ?? [])
          .with(cancellation: try cancellationRecord(of: order.reference)?.cancellation)
      }
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
        reference: reference, draftID: draftID, quoteID: quoteID,
        offer: paidOffer(draft.offer, quote: quote, published: published),
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
  func checkPrice(of quote: Quote, draft: BookingDraft, published: Money?)
    throws(ServiceError)
  {
    func refuse(_ reason: String) -> ServiceError { .quoteNotHonoured(quote.id, reason) }
    if let sold = try? store.loadIfPresent(
      Offer.self, id: draft.offer.id.rawValue, kind: AirlineRecords.offers, policy: .keepInPlace),
      sold.pricePerAdult != draft.offer.pricePerAdult || sold.cabin != draft.offer.cabin
        || sold.slices != draft.offer.slices || sold.party != draft.offer.party
        || sold.total != draft.offer.total || sold.conditions != draft.offer.conditions
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

  func refusal(of card: PaymentCard, at now: Date) -> PaymentRecord.Outcome? {
    if !card.isValid(on: CalendarDay(now, in: .utc)) { return .cardExpired }
    if card.number == TestCard.declined { return .declined }
    if card.number == TestCard.insufficientFunds { return .insufficientFunds }
    return nil
  }

  /// The key record of an intent's charge.
  func chargeRecord(_ intent: PaymentIntent) -> PaymentRecord {
    PaymentRecord(
      quoteID: intent.quoteID, fingerprint: intent.fingerprint,
      outcome: .booked(intent.reference), at: intent.booking.paidAt, draftID: intent.draftID,
      method: intent.booking.paymentMethod, amount: intent.booking.totalPaid)
  }

  func order(of intent: PaymentIntent) -> Order {
    Order(reference: intent.reference, quoteID: intent.quoteID, key: intent.key)
  }

  func order(of claim: Claim) -> Order {
    Order(reference: claim.reference, quoteID: claim.quoteID, key: claim.key)
  }

  /// Steps 5 and 6; a failure leaves the intent for the next settle, which finishes them.
  func finishBookkeeping(_ intent: PaymentIntent) {
    do {
      try save(Claim(intent), id: intent.draftID.rawValue, kind: AirlineRecords.claims)
      try removeIntent(intent.draftID)
    } catch {
      notices.yield(.bookkeepingDeferred(reference: intent.reference, reason: error.description))
    }
  }

  /// What the key's first attempt did, again.
  func replay(_ record: PaymentRecord, key: IdempotencyKey) throws(ServiceError) -> Booking {
    switch record.outcome {
    case .booked(let reference):
      // As it stands now: changed or cancelled since it was paid.
      let booking = try loadBooking(reference)
      return booking.applying(try changeRecord(of: reference)?.history ?? [])
        .with(cancellation: try cancellationRecord(of: reference)?.cancellation)
    case .declined: throw .cardDeclined
    case .insufficientFunds: throw .insufficientFunds
    case .cardExpired: throw .cardExpired
    case .interrupted: throw .paymentUnresolved("the attempt was cut off before any charge")
    }
  }
}
