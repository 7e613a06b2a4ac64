import Domain
import FlowOwner

/// Fault: paying returns to the search form instead of showing the confirmation, like the seeds'
/// coordinator that sends the person back to the cart.
struct PayReturnsToSearch: WrapsRealFlow {
  var base = RealFlow()

  mutating func paid(_ reference: BookingReference, from origin: BookingStep) {
    guard case .payment = origin, base.flow.path.contains(origin) else { return }
    base.flow.startOver()
  }
}
