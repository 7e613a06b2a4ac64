import Airline

/// The price held by the quote, and the card.
@MainActor
public final class PaymentScreen {
  let context: BookingFlowContext
  let airline: Airline
  let navigator: Navigator

  public init(context: BookingFlowContext = .shared, airline: Airline, navigator: Navigator) {
    self.context = context
    self.airline = airline
    self.navigator = navigator
  }

  public var lines: [String] {
    // The price again, in case it changed since the extras.
    context.totalPrice = context.quote!.total
    return [
      context.isFromDeepLink ? "Complete your payment" : context.selectedOffer!.flight,
      "Total €\(context.totalPrice!)",
    ]
  }

  public func pay(card: String) throws(AirlineError) {
    context.booking = try airline.pay(context.quote!, card: card)
    navigator.push(.confirmation)
  }
}
