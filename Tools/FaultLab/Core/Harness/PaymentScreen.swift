import Canvas
import Domain
import FlowFaults
import Presentation
import Runtime

/// The real payment screen (`PaymentFeature`'s reducer) paying quote A, as the app drives it:
/// the card typed key by key, Enter on Pay, then the airline's reply handed back.
///
/// Its state says whether the payment completed; what happens next is the flow owner's decision,
/// which the screen never sees: the seeds' view model beside their coordinator.
struct PaymentScreen {
  /// The screen's state after the reply.
  let state: PaymentFeature.State
  /// The booking the screen reported as its output, if it reported one.
  let reported: BookingReference?

  /// Types the test card, pays, and hands the screen the airline's booking.
  init(_ fixtures: LabFixtures) {
    let environment = Unreachable.environment(keys: fixtures.paymentKeys)
    var state = PaymentFeature.State(quote: fixtures.quoteA)
    let keys: [Key] =
      "4242424242424242".map { Key.character($0) } + [.tab] + "1230".map { Key.character($0) }
      + [.tab] + "123".map { Key.character($0) } + [.tab, .enter]
    for key in keys {
      _ = Self.reduce(&state, .key(key), fixtures.today, environment)
    }
    let reply = Self.reduce(
      &state, .paid(.success(fixtures.booking)), fixtures.today, environment)
    if case .paid(let booking)? = reply.output {
      reported = booking.reference
    } else {
      reported = nil
    }
    self.state = state
  }

  /// The seeds' `done`: no payment in flight, no refusal shown, and a booking reported.
  var completed: Bool { !state.paying && state.failure == nil && reported != nil }

  private static func reduce(
    _ state: inout PaymentFeature.State, _ action: PaymentFeature.Action, _ today: CalendarDay,
    _ environment: AppEnvironment
  ) -> FeatureReply<PaymentFeature.Action, PaymentFeature.Output> {
    PaymentFeature.reduce(
      &state, action, now: LabFixtures.now, today: today, environment: environment,
      strings: .english)
  }
}
