import Airline

/// Who flies, and where to write to them.
@MainActor
public final class PassengersScreen {
  let context: BookingFlowContext
  let airline: Airline
  let navigator: Navigator

  public init(context: BookingFlowContext = .shared, airline: Airline, navigator: Navigator) {
    self.context = context
    self.airline = airline
    self.navigator = navigator
  }

  public var lines: [String] {
    ["\(context.selectedOffer!.flight), \(context.criteria!.adults) adult(s)"]
  }

  public func submit(names: [String], email: String) {
    let passengers = names.map(Passenger.init(name:))
    context.passengers = passengers
    context.contactEmail = email
    context.draft = airline.draft(context.selectedOffer!, passengers: passengers, email: email)
    navigator.push(.extras)
  }
}
