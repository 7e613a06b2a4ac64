import Airline

/// The bag, smaller: only the owner (`BookingApp`) reads and writes it, to build each screen's
/// input. A field whose last reader went was deleted with it. Frozen: no field is added
/// (`FreezeTests` counts them).
@MainActor
public final class BookingFlowContext {
  public static let shared = BookingFlowContext()

  public private(set) var criteria: Criteria?
  public private(set) var searchResults: [Offer]?
  public private(set) var selectedOffer: Offer?
  public private(set) var draft: Draft?
  public private(set) var quote: Quote?
  public private(set) var booking: Booking?

  public init() {}

  /// The criteria the search screen reported and the flights they found.
  public func searched(_ criteria: Criteria, found offers: [Offer]) {
    self.criteria = criteria
    searchResults = offers
  }

  /// The flight the results screen reported.
  public func offerSelected(_ offer: Offer) { selectedOffer = offer }

  /// The draft the passengers screen reported.
  public func passengersEntered(_ draft: Draft) { self.draft = draft }

  /// The quote the extras screen reported, or a payment link's.
  public func quoted(_ quote: Quote) { self.quote = quote }

  /// The booking the payment screen reported.
  public func paid(_ booking: Booking) { self.booking = booking }

  /// Sets each field back by hand.
  public func reset() {
    criteria = nil
    searchResults = nil
    selectedOffer = nil
    draft = nil
    quote = nil
    booking = nil
  }
}
