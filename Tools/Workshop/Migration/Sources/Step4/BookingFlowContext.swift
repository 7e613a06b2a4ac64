import Airline

/// The bag: screens read it, and one writer, the flow's owner (`BookingApp`), writes to it
/// through the named methods below. Frozen: no field is added (`FreezeTests` counts them).
@MainActor
public final class BookingFlowContext {
  public static let shared = BookingFlowContext()

  public private(set) var criteria: Criteria?
  public private(set) var searchResults: [Offer]?
  public private(set) var selectedOffer: Offer?
  public private(set) var passengers: [Passenger]?
  public private(set) var contactEmail: String?
  public private(set) var draft: Draft?
  public private(set) var selectedSeat: String?
  public private(set) var baggage: Int?
  public private(set) var totalPrice: Int?
  public private(set) var quote: Quote?
  public private(set) var booking: Booking?
  public private(set) var isFromDeepLink = false

  public init() {}

  /// The criteria the search screen reported and the flights they found.
  public func searched(_ criteria: Criteria, found offers: [Offer]) {
    self.criteria = criteria
    searchResults = offers
  }

  /// The flight and price the results screen reported. The seat, bags, draft and quote of a flight
  /// chosen before are left as they were.
  public func offerSelected(_ offer: Offer, price: Int) {
    selectedOffer = offer
    totalPrice = price
  }

  /// The draft the passengers screen reported.
  public func passengersEntered(_ passengers: [Passenger], contact email: String, draft: Draft) {
    self.passengers = passengers
    contactEmail = email
    self.draft = draft
  }

  /// The seat the extras screen reported.
  public func seatChosen(_ seat: String) { selectedSeat = seat }

  /// A bag the extras screen reported.
  public func bagAdded() { baggage = (baggage ?? 0) + 1 }

  /// The quote the extras screen reported, and its total as the price.
  public func quoted(_ quote: Quote) {
    self.quote = quote
    totalPrice = quote.total
  }

  /// The booking the payment screen reported.
  public func paid(_ booking: Booking) { self.booking = booking }

  /// A payment link's quote: what the screens before the payment would have written, by hand.
  public func openedFromLink(_ quote: Quote) {
    self.quote = quote
    totalPrice = quote.total
    isFromDeepLink = true
  }

  /// Sets each field back by hand; the newest field is the one usually missing.
  public func reset() {
    criteria = nil
    searchResults = nil
    selectedOffer = nil
    passengers = nil
    contactEmail = nil
    draft = nil
    selectedSeat = nil
    baggage = nil
    totalPrice = nil
    quote = nil
    booking = nil
  }
}
