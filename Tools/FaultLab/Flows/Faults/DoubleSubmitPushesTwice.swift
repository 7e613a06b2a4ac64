import Domain
import FlowOwner

/// Fault: a double submit pushes twice. When the same output already follows its origin, the real
/// flow drops it; this one shows the step a second time, and back pops only the copy.
struct DoubleSubmitPushesTwice: WrapsRealFlow {
  var base = RealFlow()
  /// Steps on the real path that are shown twice.
  private var doubled: [BookingStep] = []

  mutating func advance(to next: BookingStep, from origin: BookingStep) {
    pushAgainIfRepeated(base.flow.advance(to: next, from: origin))
  }

  mutating func back() {
    if let top = base.flow.path.last, doubled.contains(top) {
      doubled.removeAll { $0 == top }
    } else {
      base.back()
    }
  }

  var path: [Stop] {
    base.flow.path.flatMap { step in
      doubled.contains(step) ? [Stop(step), Stop(step)] : [Stop(step)]
    }
  }

  private mutating func pushAgainIfRepeated(_ event: FlowEvent) {
    if event.outcome == .dropped(.alreadyAdvanced), let top = base.flow.path.last {
      doubled.append(top)
    }
    doubled.removeAll { !base.flow.path.contains($0) }
  }
}
