import Domain

/// Reads back what the airline keeps by ID: what restoring a saved flow needs.
public protocol BookingLookup: Sendable {
  /// The offer with `id`, or `offerNoLongerAvailable` once it has expired or gone.
  func offer(id: OfferID) async throws(ServiceError) -> Offer
  /// The draft with `id`, or `draftNotFound`.
  func draft(id: DraftID) async throws(ServiceError) -> BookingDraft
  /// The quote with `id` (expired or not), or `quoteNotFound`.
  func quote(id: QuoteID) async throws(ServiceError) -> Quote
  /// The reference of the booking the quote was paid for, or nil while it is unpaid: a payment
  /// link or a resume after a crash right after paying then shows the booking, not the form.
  func booking(paidFor quoteID: QuoteID) async throws(ServiceError) -> BookingReference?
}
