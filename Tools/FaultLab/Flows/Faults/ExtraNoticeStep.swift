import Domain
import FlowOwner

/// Fault: paying inserts an extra notice screen before the confirmation. The path still ends at
/// the confirmation; only the screens on the way differ.
struct ExtraNoticeStep: WrapsRealFlow {
  var base = RealFlow()
  /// Whether paying showed the notice.
  private var noticed = false

  mutating func paid(_ reference: BookingReference, from origin: BookingStep) {
    if base.flow.paid(reference, from: origin).isAccepted { noticed = true }
  }

  var path: [Stop] {
    let real = base.path
    guard noticed, let last = real.last, last.screen == .confirmation else { return real }
    return real.dropLast() + [Stop.notice, last]
  }
}
