import Domain
import FlowOwner

/// Fault: the payment screen never reports that the payment completed (lesson 002's stuck flow).
/// The screen's own state says paid; the flow owner is never told, so the path stays at payment.
struct PayUnreported: WrapsRealFlow {
  var base = RealFlow()

  /// The report that never arrives.
  mutating func paid(_ reference: BookingReference, from origin: BookingStep) {}
}
