import Airline

/// The flights found, to choose one.
@MainActor
public final class ResultsScreen {
  let context: BookingFlowContext
  let navigator: Navigator

  public init(context: BookingFlowContext = .shared, navigator: Navigator) {
    self.context = context
    self.navigator = navigator
  }

  public var lines: [String] {
    let criteria = context.criteria!
    return ["\(criteria.origin) → \(criteria.destination), \(criteria.date)"]
      + context.searchResults!.map { "\($0.flight)  €\($0.price * criteria.adults)" }
  }

  public func select(_ index: Int) {
    let offer = context.searchResults![index]
    context.offerSelected(offer, price: offer.price * context.criteria!.adults)
    navigator.push(.passengers)
  }
}
