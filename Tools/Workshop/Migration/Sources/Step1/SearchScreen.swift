import Airline

/// Where a trip is searched for.
@MainActor
public final class SearchScreen {
  let context: BookingFlowContext
  let airline: Airline
  let navigator: Navigator

  public init(context: BookingFlowContext = .shared, airline: Airline, navigator: Navigator) {
    self.context = context
    self.airline = airline
    self.navigator = navigator
  }

  public func search(_ criteria: Criteria) {
    context.criteria = criteria
    context.searchResults = airline.search(criteria)
    navigator.push(.results)
  }
}
