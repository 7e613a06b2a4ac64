import Airline

/// `booking://pay/<quoteID>`: fills the bag by hand, imitating what the four screens before
/// the payment would have written.
@MainActor
public func openPaymentLink(
  quoteID: String, context: BookingFlowContext = .shared, airline: Airline, navigator: Navigator
) throws(AirlineError) {
  context.openedFromLink(try airline.quote(id: quoteID))
  navigator.replace(with: [.payment])
}
