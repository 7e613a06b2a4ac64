import Airline

/// The app, and the flow's owner: the path of steps is its state, each step carrying its
/// screen's input. A screen reports what happened from its step; the owner moves the path
/// (`advance(from:to:)`): later steps are dropped, and a report from a step no longer on the
/// path moves nothing. Paying replaces the path.
@MainActor
public final class BookingApp {
  public let airline: Airline
  public private(set) var path: [BookingStep] = [.search]
  /// The extras screen of the extras step on the path: its choices live as long as that step.
  private var extrasScreen: ExtrasScreen?

  public init(airline: Airline = Airline()) {
    self.airline = airline
  }

  /// The screens on the path, in order.
  public var routes: [Route] { path.map(\.route) }

  /// The step on top.
  public var current: BookingStep { path.last ?? .search }

  /// Moves the path on from `step`: the steps after it are dropped and `next` follows it. A
  /// step no longer on the path (a late report) moves nothing.
  public func advance(from step: BookingStep, to next: BookingStep) {
    guard let index = path.lastIndex(of: step) else { return }
    path = Array(path[...index]) + [next]
  }

  public var search: SearchScreen {
    SearchScreen { [self] criteria in
      let input = ResultsInput(criteria: criteria, offers: airline.search(criteria))
      advance(from: .search, to: .results(input))
    }
  }

  public func results() throws(FlowError) -> ResultsScreen {
    let input = try onPath(.results) { if case .results(let input) = $0 { input } else { nil } }
    return ResultsScreen(input: input) { [self] offer in
      let next = PassengersInput(offer: offer, adults: input.criteria.adults)
      advance(from: .results(input), to: .passengers(next))
    }
  }

  public func passengers() throws(FlowError) -> PassengersScreen {
    let input = try onPath(.passengers) {
      if case .passengers(let input) = $0 { input } else { nil }
    }
    return PassengersScreen(input: input, airline: airline) { [self] draft in
      advance(from: .passengers(input), to: .extras(draft))
    }
  }

  /// The extras screen of the extras step: the same one while the step is on the path.
  public func extras() throws(FlowError) -> ExtrasScreen {
    let draft = try onPath(.extras) { if case .extras(let draft) = $0 { draft } else { nil } }
    if let screen = extrasScreen, screen.draft == draft { return screen }
    let screen = ExtrasScreen(draft: draft, airline: airline) { [self] quote in
      advance(from: .extras(draft), to: .payment(PaymentInput(quote: quote)))
    }
    extrasScreen = screen
    return screen
  }

  public func payment() throws(FlowError) -> PaymentScreen {
    let input = try onPath(.payment) { if case .payment(let input) = $0 { input } else { nil } }
    return PaymentScreen(input: input, airline: airline) { [self] booking in
      // Paid: the path is replaced, so nothing leads back to a paid quote.
      guard path.contains(.payment(input)) else { return }
      path = [.confirmation(booking)]
    }
  }

  public func confirmation() throws(FlowError) -> ConfirmationScreen {
    let booking = try onPath(.confirmation) {
      if case .confirmation(let booking) = $0 { booking } else { nil }
    }
    return ConfirmationScreen(booking: booking)
  }

  /// Back: the step on top is dropped, and what it carried with it. Nothing goes back from a
  /// confirmation, the only step after paying.
  public func back() {
    if path.count > 1 { path.removeLast() }
  }

  /// A new booking, from the search.
  public func newBooking() { path = [.search] }

  /// `booking://pay/<quoteID>`: a path of one step, the payment of that quote.
  public func openLink(quoteID: String) throws(AirlineError) {
    path = [.payment(PaymentInput(quote: try airline.quote(id: quoteID)))]
  }

  /// The input of the last step of kind `route` on the path.
  private func onPath<Input>(_ route: Route, _ input: (BookingStep) -> Input?) throws(FlowError)
    -> Input
  {
    guard let found = path.lazy.compactMap(input).last else { throw .notOnPath(route) }
    return found
  }
}

/// The screen asked for has no step on the path.
public enum FlowError: Error, Equatable, Sendable {
  case notOnPath(Route)
}
