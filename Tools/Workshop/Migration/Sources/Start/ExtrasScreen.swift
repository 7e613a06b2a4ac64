import Airline

/// A seat and bags, priced by the airline.
@MainActor
public final class ExtrasScreen {
  let context: BookingFlowContext
  let airline: Airline
  let navigator: Navigator

  public init(context: BookingFlowContext = .shared, airline: Airline, navigator: Navigator) {
    self.context = context
    self.airline = airline
    self.navigator = navigator
  }

  public var lines: [String] {
    [
      context.selectedOffer!.flight,
      "Seat \(context.selectedSeat ?? "none"), free: "
        + airline.seats(on: context.selectedOffer!).joined(separator: " "),
      "Bags \(context.baggage ?? 0)",
    ]
  }

  public func chooseSeat(_ seat: String) { context.selectedSeat = seat }

  public func addBag() { context.baggage = (context.baggage ?? 0) + 1 }

  public func confirm() throws(AirlineError) {
    let extras = Extras(seat: context.selectedSeat, bags: context.baggage ?? 0)
    let quote = try airline.quote(context.draft!, extras: extras)
    context.quote = quote
    context.totalPrice = quote.total
    navigator.push(.payment)
  }
}
