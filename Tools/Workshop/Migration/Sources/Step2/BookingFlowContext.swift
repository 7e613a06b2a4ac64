import Airline

/// The bag: every screen of the flow reads it, and writes to it only through the named methods
/// below, so the list of who writes what is their callers. Frozen: no field is added
/// (`FreezeTests` counts them).
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

  /// The search screen's: the criteria and the flights they found.
  public func searched(_ criteria: Criteria, found offers: [Offer]) {
    self.criteria = criteria
    searchResults = offers
  }

  /// The results screen's: a flight and its price. The seat, bags, draft and quote of a flight
  /// chosen before are left as they were.
  public func offerSelected(_ offer: Offer, price: Int) {
    selectedOffer = offer
    totalPrice = price
  }

  /// The passengers screen's.
  public func passengersEntered(_ passengers: [Passenger], contact email: String, draft: Draft) {
    self.passengers = passengers
    contactEmail = email
    self.draft = draft
  }

  /// The extras screen's.
  public func seatChosen(_ seat: String) { selectedSeat = seat }

  /// The extras screen's.
  public func bagAdded() { baggage = (baggage ?? 0) + 1 }

  /// The extras screen's: the quote, and its total as the price.
  public func quoted(_ quote: Quote) {
    self.quote = quote
    totalPrice = quote.total
  }

  /// The payment screen's: the price read again.
  public func priceRefreshed(_ total: Int) { totalPrice = total }

  /// The payment screen's.
  public func paid(_ booking: Booking) { self.booking = booking }

  /// The payment link's: what the screens before the payment would have written, by hand.
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
