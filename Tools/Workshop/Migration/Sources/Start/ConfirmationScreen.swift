import Airline

/// The booking made.
@MainActor
public final class ConfirmationScreen {
  let context: BookingFlowContext

  public init(context: BookingFlowContext = .shared) {
    self.context = context
  }

  public var lines: [String] {
    [
      "Booked: \(context.booking!.reference)",
      "\(context.passengers!.count) passenger(s) on \(context.selectedOffer!.flight)",
      "Sent to \(context.contactEmail!)",
    ]
  }
}
