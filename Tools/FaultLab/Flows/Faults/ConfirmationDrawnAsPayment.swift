import Domain
import FlowOwner

/// Fault: the route is right, the screen is not (lesson 002's MM1). Paying replaces the path with
/// the confirmation, as the real flow does, but the code that builds each step's screen builds
/// the confirmation with the screen of the payment it replaced. Every check on the route passes;
/// only what is drawn differs.
struct ConfirmationDrawnAsPayment: WrapsRealFlow {
  var base = RealFlow()
  /// The payment step that was paid: its screen is the one drawn for the confirmation.
  private var paidFrom: BookingStep?

  mutating func paid(_ reference: BookingReference, from origin: BookingStep) {
    if base.flow.paid(reference, from: origin).isAccepted { paidFrom = origin }
  }

  var path: [Stop] {
    base.flow.path.map { step in
      guard case .confirmation = step, let paidFrom else { return Stop(step) }
      return Stop(step, drawnAs: paidFrom)
    }
  }
}
