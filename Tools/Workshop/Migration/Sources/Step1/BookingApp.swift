import Airline

/// The app: one bag, one airline, one stack, and each screen made on the bag when it shows.
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
  public var payment: PaymentScreen {
    PaymentScreen(context: context, airline: airline, navigator: navigator)
  }
  public var confirmation: ConfirmationScreen { ConfirmationScreen(context: context) }

  /// Back, as the system's back button: the bag is left as it is.
  public func back() { navigator.pop() }

  public func openLink(quoteID: String) throws(AirlineError) {
    try openPaymentLink(quoteID: quoteID, context: context, airline: airline, navigator: navigator)
  }
}
