import Airline

/// What the results screen shows: the criteria and the flights they found.
public struct ResultsInput: Equatable, Sendable {
  public let criteria: Criteria
  public let offers: [Offer]

  public init(criteria: Criteria, offers: [Offer]) {
    self.criteria = criteria
    self.offers = offers
  }
}

/// The flights found, to choose one; it reports the flight chosen.
@MainActor
public final class ResultsScreen {
  public let input: ResultsInput
  let chose: @MainActor (Offer) -> Void

  public init(input: ResultsInput, chose: @escaping @MainActor (Offer) -> Void) {
    self.input = input
    self.chose = chose
  }

  public var lines: [String] {
    let criteria = input.criteria
    return ["\(criteria.origin) → \(criteria.destination), \(criteria.date)"]
      + input.offers.map { "\($0.flight)  €\($0.price * criteria.adults)" }
  }

  public func select(_ index: Int) { chose(input.offers[index]) }
}
