import Airline

/// The app: one bag, one airline, one stack, and each screen made when it shows: on the bag, or
/// (the payment and the confirmation) on an input the owner builds from it.
@MainActor
public final class BookingApp {
  public let context: BookingFlowContext
  public let airline: Airline
  public let navigator = Navigator()

  public init(context: BookingFlowContext = .shared, airline: Airline = Airline()) {
    self.context = context
    self.airline = airline
  }

  public var search: SearchScreen {
    SearchScreen(context: context, airline: airline, navigator: navigator)
  }
  public var results: ResultsScreen { ResultsScreen(context: context, navigator: navigator) }
  public var passengers: PassengersScreen {
    PassengersScreen(context: context, airline: airline, navigator: navigator)
  }
  public var extras: ExtrasScreen {
    ExtrasScreen(context: context, airline: airline, navigator: navigator)
  }

  /// The payment screen, its input built from the bag as it shows.
  public func payment() throws(FlowError) -> PaymentScreen {
    PaymentScreen(input: try paymentInput(), airline: airline) { [self] booking in
      context.paid(booking)
      navigator.push(.confirmation)
    }
  }

  /// The confirmation, its input built from the bag as it shows.
  public func confirmation() throws(FlowError) -> ConfirmationScreen {
    guard let booking = context.booking else { throw .missing("booking") }
    return ConfirmationScreen(booking: booking)
  }

  /// The one adapter from the bag to the payment's input: where the screen's force unwraps
  /// went, and where a missing field is an error the caller handles, not a trap.
  func paymentInput() throws(FlowError) -> PaymentInput {
    guard let quote = context.quote else { throw .missing("quote") }
    return PaymentInput(quote: quote, fromLink: context.isFromDeepLink)
  }

  /// Back, as the system's back button: the bag is left as it is.
  public func back() { navigator.pop() }

  public func openLink(quoteID: String) throws(AirlineError) {
    try openPaymentLink(quoteID: quoteID, context: context, airline: airline, navigator: navigator)
  }
}

/// A field the next screen needs is not in the bag.
public enum FlowError: Error, Equatable, Sendable {
  case missing(String)
}
