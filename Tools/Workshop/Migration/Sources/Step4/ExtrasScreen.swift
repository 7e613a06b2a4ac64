import Airline

/// A seat and bags, priced by the airline. It reads the bag, and reports each choice and the
/// quote.
@MainActor
public final class ExtrasScreen {
  /// What the extras screen reports.
  public enum Output {
    case seatChosen(String)
    case bagAdded
    case quoted(Quote)
  }

  let context: BookingFlowContext
  let airline: Airline
  let output: @MainActor (Output) -> Void

  public init(
    context: BookingFlowContext = .shared, airline: Airline,
    output: @escaping @MainActor (Output) -> Void
  ) {
    self.context = context
    self.airline = airline
    self.output = output
  }

  public var lines: [String] {
    [
      context.selectedOffer!.flight,
      "Seat \(context.selectedSeat ?? "none"), free: "
        + airline.seats(on: context.selectedOffer!).joined(separator: " "),
      "Bags \(context.baggage ?? 0)",
    ]
  }

  public func chooseSeat(_ seat: String) { output(.seatChosen(seat)) }

  public func addBag() { output(.bagAdded) }

  public func confirm() throws(AirlineError) {
    let extras = Extras(seat: context.selectedSeat, bags: context.baggage ?? 0)
    output(.quoted(try airline.quote(context.draft!, extras: extras)))
  }
}
