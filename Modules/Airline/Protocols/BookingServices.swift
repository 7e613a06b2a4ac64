import Domain

/// The airline, as the flow sees it: one value bundling each service.
///
/// A real HTTP backend would be one more set of conformances; nothing above Services changes.
public struct BookingServices: Sendable, BookingLookup {
  /// Offers and seat maps.
  public let offers: any OfferService
  /// Drafts.
  public let drafts: any DraftService
  /// Quotes.
  public let pricing: any PricingService
  /// Payments and bookings.
  public let payments: any PaymentService

  /// Bundles the four services.
  public init(
    offers: any OfferService, drafts: any DraftService, pricing: any PricingService,
    payments: any PaymentService
  ) {
    self.offers = offers
    self.drafts = drafts
    self.pricing = pricing
    self.payments = payments
  }

  public func offer(id: OfferID) async throws(ServiceError) -> Offer {
    try await offers.offer(id: id)
  }

  public func draft(id: DraftID) async throws(ServiceError) -> BookingDraft {
    try await drafts.draft(id: id)
  }

  public func quote(id: QuoteID) async throws(ServiceError) -> Quote {
    try await pricing.quote(id: id)
  }

  public func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    try await payments.paymentState(of: quoteID)
  }
}
