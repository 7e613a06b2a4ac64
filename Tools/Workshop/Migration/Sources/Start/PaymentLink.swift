import Airline

/// `booking://pay/<quoteID>`: fills the bag by hand, imitating what the four screens before
/// the payment would have written.
@MainActor
public func openPaymentLink(
  quoteID: String, context: BookingFlowContext = .shared, airline: Airline, navigator: Navigator
) throws(AirlineError) {
  let quote = try airline.quote(id: quoteID)
  context.quote = quote
  context.totalPrice = quote.total
  context.isFromDeepLink = true
  navigator.replace(with: [.payment])
}
