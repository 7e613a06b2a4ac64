import Airline

/// The app, and the flow's owner: the only reader and writer of the bag. Screens take an input
/// the owner builds from the bag as they show, and report what happened; the owner writes it
/// down and shows the next screen.
@MainActor
public final class BookingApp {
  public let context: BookingFlowContext
  public let airline: Airline
  public let navigator = Navigator()
  /// The extras screen shown for the current draft: its choices live as long as that draft.
  private var extrasScreen: ExtrasScreen?

  public init(context: BookingFlowContext = .shared, airline: Airline = Airline()) {
    self.context = context
    self.airline = airline
  }

  public var search: SearchScreen {
    SearchScreen { [self] criteria in
      context.searched(criteria, found: airline.search(criteria))
      navigator.push(.results)
    }
  }

  public func results() throws(FlowError) -> ResultsScreen {
    guard let criteria = context.criteria else { throw .missing("criteria") }
    guard let offers = context.searchResults else { throw .missing("searchResults") }
    return ResultsScreen(input: ResultsInput(criteria: criteria, offers: offers)) {
      [self] offer in
      context.offerSelected(offer)
      navigator.push(.passengers)
    }
  }

  public func passengers() throws(FlowError) -> PassengersScreen {
    guard let criteria = context.criteria else { throw .missing("criteria") }
    guard let offer = context.selectedOffer else { throw .missing("selectedOffer") }
    return PassengersScreen(
      input: PassengersInput(offer: offer, adults: criteria.adults), airline: airline
    ) { [self] draft in
      context.passengersEntered(draft)
      navigator.push(.extras)
    }
  }

  /// The extras screen for the current draft: the same one while the draft is, a new one (with
  /// nothing chosen) for a new draft.
  public func extras() throws(FlowError) -> ExtrasScreen {
    guard let draft = context.draft else { throw .missing("draft") }
    if let screen = extrasScreen, screen.draft == draft { return screen }
    let screen = ExtrasScreen(draft: draft, airline: airline) { [self] quote in
      context.quoted(quote)
      navigator.push(.payment)
    }
    extrasScreen = screen
    return screen
  }

  public func payment() throws(FlowError) -> PaymentScreen {
    guard let quote = context.quote else { throw .missing("quote") }
    return PaymentScreen(input: PaymentInput(quote: quote), airline: airline) { [self] booking in
      context.paid(booking)
      navigator.push(.confirmation)
    }
  }

  public func confirmation() throws(FlowError) -> ConfirmationScreen {
    guard let booking = context.booking else { throw .missing("booking") }
    return ConfirmationScreen(booking: booking)
  }

  /// Back, as the system's back button: the bag is left as it is.
  public func back() { navigator.pop() }

  /// `booking://pay/<quoteID>`: the payment's input is the quote, nothing more.
  public func openLink(quoteID: String) throws(AirlineError) {
    context.quoted(try airline.quote(id: quoteID))
    navigator.replace(with: [.payment])
  }
}

/// A field the next screen needs is not in the bag.
public enum FlowError: Error, Equatable, Sendable {
  case missing(String)
}
