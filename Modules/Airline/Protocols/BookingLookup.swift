import Domain

/// Reads back what the airline keeps by ID: what restoring a saved flow needs.
public protocol BookingLookup: Sendable {
  /// The offer with `id`, or `offerNoLongerAvailable` once it has expired or gone.
  func offer(id: OfferID) async throws(ServiceError) -> Offer
  /// The draft with `id`, or `draftNotFound`.
  func draft(id: DraftID) async throws(ServiceError) -> BookingDraft
  /// The quote with `id` (expired or not), or `quoteNotFound`.
  func quote(id: QuoteID) async throws(ServiceError) -> Quote
  /// Whether the quote's draft is booked (with this quote or another of the draft): a payment
  /// link or a resume after a crash right after paying then shows the booking, not the form.
  /// `paymentUnresolved` when the airline cannot tell yet: the quote must not be offered.
  func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState
}
