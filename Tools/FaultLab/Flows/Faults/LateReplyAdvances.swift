import Domain
import FlowOwner

/// Fault: a late reply still advances. When an output's origin has left the path, the real flow
/// drops it; this one pushes the output's step on top anyway.
struct LateReplyAdvances: WrapsRealFlow {
  var base = RealFlow()
  /// Steps pushed by replies whose origin was gone, above the real path.
  private var strays: [BookingStep] = []

  mutating func advance(to next: BookingStep, from origin: BookingStep) {
    pushIfLate(base.flow.advance(to: next, from: origin), next)
  }

  mutating func back() {
    if strays.isEmpty { base.back() } else { strays.removeLast() }
  }

  var path: [Stop] { base.path + strays.map(Stop.init) }

  private mutating func pushIfLate(_ event: FlowEvent, _ step: BookingStep) {
    if case .dropped(.originNotOnPath) = event.outcome { strays.append(step) }
  }
}
