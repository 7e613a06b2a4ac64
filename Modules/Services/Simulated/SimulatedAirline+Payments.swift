import Domain
import FoundationEssentials

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

  public func booking(paidFor quoteID: QuoteID) async throws(ServiceError) -> BookingReference? {
    await configuration.latency.pause()
    return try loadIfPresent(
      PaidQuote.self, id: quoteID.rawValue, kind: AirlineRecords.paidQuotes)?.reference
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
    let fingerprint =
      "\(quoteID)|\(card.brand.rawValue)|\(card.lastFour)|\(card.expiryMonth)/\(card.expiryYear)"
    if let earlier = try loadIfPresent(
      PaymentRecord.self, id: key.rawValue, kind: AirlineRecords.payments)
    {
      guard earlier.fingerprint == fingerprint else { throw .idempotencyKeyReused }
      return try replay(earlier.outcome)
    }
    let quote = try load(
      Quote.self, id: quoteID.rawValue, kind: AirlineRecords.quotes,
      missing: .quoteNotFound(quoteID))
    if let paid = try loadIfPresent(
      PaidQuote.self, id: quoteID.rawValue, kind: AirlineRecords.paidQuotes)
    {
      // A crash between booking and recording the key: the same key gets its booking back.
      guard paid.idempotencyKey == key.rawValue else { throw .quoteAlreadyPaid(paid.reference) }
      return try replay(.booked(paid.reference))
    }
    let now = clock.now()
    guard quote.isValid(at: now) else { throw .quoteExpired(quoteID) }

    let refusal: PaymentRecord.Outcome? =
      if !card.isValid(on: CalendarDay(now, in: .utc)) {
        .cardExpired
      } else if card.number == TestCard.declined {
        .declined
      } else if card.number == TestCard.insufficientFunds {
        .insufficientFunds
      } else {
        nil
      }
    if let refusal {
      try record(
        PaymentRecord(quoteID: quoteID, fingerprint: fingerprint, outcome: refusal, at: now), key)
      return try replay(refusal)
    }

    let draft = try load(
      BookingDraft.self, id: quote.draftID.rawValue, kind: AirlineRecords.drafts,
      missing: .draftNotFound(quote.draftID))
    let booking = Booking(
      reference: try newReference(), draftID: draft.id, quoteID: quote.id, offer: draft.offer,
      passengers: draft.passengers, contact: draft.contact, extras: quote.extras,
      totalPaid: quote.total, paymentMethod: card.method, paidAt: now)
    // Order matters for a crash part-way: the booking, then the quote's marker, then the key.
    try save(booking, id: booking.reference.rawValue, kind: AirlineRecords.bookings)
    try save(
      PaidQuote(reference: booking.reference, idempotencyKey: key.rawValue),
      id: quoteID.rawValue, kind: AirlineRecords.paidQuotes)
    try record(
      PaymentRecord(
        quoteID: quoteID, fingerprint: fingerprint, outcome: .booked(booking.reference), at: now),
      key)
    return booking
  }

  private func record(_ payment: PaymentRecord, _ key: IdempotencyKey) throws(ServiceError) {
    try save(payment, id: key.rawValue, kind: AirlineRecords.payments)
  }

  private func replay(_ outcome: PaymentRecord.Outcome) throws(ServiceError) -> Booking {
    switch outcome {
    case .booked(let reference):
      return try load(
        Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings,
        missing: .bookingNotFound(reference))
    case .declined: throw .cardDeclined
    case .insufficientFunds: throw .insufficientFunds
    case .cardExpired: throw .cardExpired
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
      do {
        if try !store.exists(id: reference.rawValue, kind: AirlineRecords.bookings) {
          return reference
        }
      } catch {
        throw .storage(error.description)
      }
    }
    throw .storage("no free booking reference could be found")
  }
}
