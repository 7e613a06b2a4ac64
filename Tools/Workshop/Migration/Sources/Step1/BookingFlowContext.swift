import Airline

/// The bag: every screen of the flow reads it, most of them write to it, and nobody owns it.
/// Each field is optional because at the start of the flow none of them exists. Frozen: no field
/// is added (`FreezeTests` counts them).
@MainActor
public final class BookingFlowContext {
  public static let shared = BookingFlowContext()

  public var criteria: Criteria?
  public var searchResults: [Offer]?
  public var selectedOffer: Offer?
  public var passengers: [Passenger]?
  public var contactEmail: String?
  public var draft: Draft?
  public var selectedSeat: String?
  public var baggage: Int?
  public var totalPrice: Int?
  public var quote: Quote?
  public var booking: Booking?
  public var isFromDeepLink = false

  public init() {}

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
