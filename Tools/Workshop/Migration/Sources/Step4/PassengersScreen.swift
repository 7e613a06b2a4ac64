import Airline

/// Who flies, and where to write to them. It reads the bag, and reports the airline's draft.
@MainActor
public final class PassengersScreen {
  let context: BookingFlowContext
  let airline: Airline
  let submitted: @MainActor (Draft) -> Void

  public init(
    context: BookingFlowContext = .shared, airline: Airline,
    submitted: @escaping @MainActor (Draft) -> Void
  ) {
    self.context = context
    self.airline = airline
    self.submitted = submitted
  }

  public var lines: [String] {
    ["\(context.selectedOffer!.flight), \(context.criteria!.adults) adult(s)"]
  }

  public func submit(names: [String], email: String) {
    let passengers = names.map(Passenger.init(name:))
    submitted(airline.draft(context.selectedOffer!, passengers: passengers, email: email))
  }
}
