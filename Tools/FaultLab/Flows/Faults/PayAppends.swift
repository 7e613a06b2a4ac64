import Domain
import FlowOwner

/// Fault: paying appends the confirmation to the path instead of replacing it, so payment and
/// everything before it stay under the confirmation (and back reaches payment again).
struct PayAppends: WrapsRealFlow {
  var base = RealFlow()
  /// The path as it was when paying, kept under the confirmation.
  private var kept: [BookingStep] = []

  mutating func paid(_ reference: BookingReference, from origin: BookingStep) {
    let before = base.flow.path
    if base.flow.paid(reference, from: origin).isAccepted { kept = before }
  }

  var path: [Stop] { (kept + base.flow.path).map(Stop.init) }
}
