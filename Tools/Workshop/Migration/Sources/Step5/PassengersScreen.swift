import Airline

/// What the passengers screen needs: the flight, and how many fly.
public struct PassengersInput: Equatable, Sendable {
  public let offer: Offer
  public let adults: Int

  public init(offer: Offer, adults: Int) {
    self.offer = offer
    self.adults = adults
  }
}

/// Who flies, and where to write to them; it reports the airline's draft.
@MainActor
public final class PassengersScreen {
  public let input: PassengersInput
  let airline: Airline
  let submitted: @MainActor (Draft) -> Void

  public init(
    input: PassengersInput, airline: Airline, submitted: @escaping @MainActor (Draft) -> Void
  ) {
    self.input = input
    self.airline = airline
    self.submitted = submitted
  }

  public var lines: [String] { ["\(input.offer.flight), \(input.adults) adult(s)"] }

  public func submit(names: [String], email: String) {
    let passengers = names.map(Passenger.init(name:))
    submitted(airline.draft(input.offer, passengers: passengers, email: email))
  }
}
