import Domain
import FlowOwner

/// Fault: a late reply still advances. When an output's origin has left the path, the real flow
/// drops it; this one pushes the output's step on top anyway.
struct LateReplyAdvances: WrapsRealFlow {
  var base = RealFlow()
  /// Steps pushed by replies whose origin was gone, above the real path.
  private var strays: [BookingStep] = []

  mutating func offerSelected(_ offer: Offer, from origin: BookingStep) {
    let event = base.flow.offerSelected(offer, from: origin)
    pushIfLate(event, .passengers(offer, prefill: .empty))
  }

  mutating func passengersSaved(_ draft: BookingDraft, from origin: BookingStep) {
    pushIfLate(base.flow.passengersSaved(draft, from: origin), .extras(draft))
  }

  mutating func extrasPriced(_ quote: Quote, from origin: BookingStep) {
    pushIfLate(base.flow.extrasPriced(quote, from: origin), .payment(quote))
  }

  mutating func back() {
    if strays.isEmpty { base.back() } else { strays.removeLast() }
  }

  var path: [Stop] { base.path + strays.map(Stop.init) }

  private mutating func pushIfLate(_ event: FlowEvent, _ step: BookingStep) {
    if case .dropped(.originNotOnPath) = event.outcome { strays.append(step) }
  }
}
