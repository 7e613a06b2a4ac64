import Airline

/// The flights found, to choose one. It reads the bag, and reports the flight chosen and its
/// price.
@MainActor
public final class ResultsScreen {
  let context: BookingFlowContext
  let chose: @MainActor (Offer, Int) -> Void

  public init(
    context: BookingFlowContext = .shared, chose: @escaping @MainActor (Offer, Int) -> Void
  ) {
    self.context = context
    self.chose = chose
  }

  public var lines: [String] {
    let criteria = context.criteria!
    return ["\(criteria.origin) → \(criteria.destination), \(criteria.date)"]
      + context.searchResults!.map { "\($0.flight)  €\($0.price * criteria.adults)" }
  }

  public func select(_ index: Int) {
    let offer = context.searchResults![index]
    chose(offer, offer.price * context.criteria!.adults)
  }
}
