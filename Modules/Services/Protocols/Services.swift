import Domain

/// Finds offers for a search and the seats of an offer.
public protocol OfferService: Sendable {
  /// The offers for `criteria`.
  func offers(for criteria: SearchCriteria) async throws(ServiceError) -> [Offer]
  /// The offer with `id`, or `offerNoLongerAvailable` once it has expired or gone.
  func offer(id: OfferID) async throws(ServiceError) -> Offer
  /// The seats of the offer's aircraft, with which are taken.
  func seatMap(for offerID: OfferID) async throws(ServiceError) -> SeatMap
}

/// Saves passengers and contact against an offer.
public protocol DraftService: Sendable {
  /// Validates the passengers and contact for `offer` and saves them as a draft.
  func createDraft(offer: Offer, passengers: [Passenger], contact: Contact)
    async throws(ServiceError) -> BookingDraft
  /// The draft with `id`, or `draftNotFound`.
  func draft(id: DraftID) async throws(ServiceError) -> BookingDraft
}

/// Prices a draft with its extras into a quote that holds for a while.
public protocol PricingService: Sendable {
  /// Validates `extras` against the seat map and prices the draft with them.
  func price(draftID: DraftID, extras: Extras) async throws(ServiceError) -> Quote
  /// The quote with `id` (expired or not), or `quoteNotFound`.
  func quote(id: QuoteID) async throws(ServiceError) -> Quote
}

/// Takes payment for a quote and books it.
public protocol PaymentService: Sendable {
  /// Charges `method` for the quote. The same `idempotencyKey` returns the first result and never
  /// books twice; the same key with other details is `idempotencyKeyReused`.
  func pay(quoteID: QuoteID, method: PaymentCard, idempotencyKey: IdempotencyKey)
    async throws(ServiceError) -> Booking
  /// The booking with `reference`, or `bookingNotFound`.
  func booking(reference: BookingReference) async throws(ServiceError) -> Booking
  /// The reference of the booking the quote was paid for, or nil while it is unpaid.
  func booking(paidFor quoteID: QuoteID) async throws(ServiceError) -> BookingReference?
}

/// Names one payment attempt, so a retry after a lost reply cannot charge twice.
public typealias IdempotencyKey = Identifier<PaymentAttempt>

/// The owner type of an `IdempotencyKey`.
public enum PaymentAttempt {}
