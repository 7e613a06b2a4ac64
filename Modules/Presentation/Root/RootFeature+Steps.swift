import Airline
import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the steps produced, turned into transitions of the flow, and the stack made to match
/// the path.
extension RootFeature {
  /// How a step's work comes back: an action for that step's ID.
  static let embed: @Sendable (StepID, StepAction) -> Action = { .step($0, $1) }

  /// What every step's reducer is given.
  static func stepEnvironment(_ state: State, _ environment: AppEnvironment)
    -> StepEnvironment
  {
    StepEnvironment(
      now: state.now, zone: state.zone, environment: environment, language: state.language)
  }

  /// Turns what a step produced into a flow transition.
  static func handle(
    _ state: inout State, _ reply: StepStack<BookingSteps>.Reply<Action>,
    _ environment: AppEnvironment
  ) -> (handled: Bool, effect: Effect<Action>) {
    let (effect, origin) = (reply.effect, reply.origin)
    switch reply.output {
    case nil:
      return (reply.handled, effect)
    case .produced(let records):
      return (
        true,
        .batch([effect, move(&state, environment) { $0.advance(with: records, from: origin) }])
      )
    case .searchDay(let day):
      // Another day is a new search: it replaces the path, and the form shows it.
      guard let (form, moved) = state.search.another(day: day, from: origin) else {
        return (true, effect)
      }
      state.search = form
      return (true, .batch([effect, startSearch(&state, moved, environment)]))
    case .paid(let reference):
      return (
        true, .batch([effect, move(&state, environment) { $0.paid(reference, from: origin) }])
      )
    case .alreadyBooked(let reference):
      // Booked already (with another quote of the same draft): that booking is shown.
      let moved = move(&state, environment) { $0.paid(reference, from: origin) }
      let notice = state.shell.announce(state.strings.alreadyBooked(reference))
      return (true, .batch([effect, moved, .commands(notice)]))
    case .repriced(let quote):
      // The new quote takes this payment step's place; its screen takes the card typed so far.
      return (
        true, .batch([effect, move(&state, environment) { $0.repriced(quote, from: origin) }])
      )
    case .priceChangeAccepted(let quote):
      let moved = move(&state, environment) { $0.acceptPriceChange(quote, from: origin) }
      return (true, .batch([effect, moved]))
    case .startOver:
      let moved = move(&state, environment) { $0.startOver() }
      return (true, .batch([effect, moved, .commands(state.shell.announce(nil))]))
    }
  }

  /// Makes the stack match `flow.path` (see `StepStack.reconcile`): screens of unchanged steps
  /// stay, new ones are built by the table from their step's input alone and start their work,
  /// and the work of screens that left is cancelled by the effect returned.
  ///
  /// The one thing typed that the root keeps beside the path is a card: a payment screen that
  /// leaves (going back, a new price) is kept as `departedPayment`, and a new payment screen
  /// for the same draft takes its number and expiry (`PaymentFeature.keepCard`). Card data
  /// never reaches the flow owner; it is dropped when the path leaves the draft behind.
  static func reconcile(_ state: inout State, _ environment: AppEnvironment) -> Effect<Action> {
    let (change, effect) = state.stack.reconcile(
      to: state.flow.path, context: stepEnvironment(state, environment), embed: embed)
    if let left = change.left.last(where: { $0.screen.isShown(by: PaymentFeature.self) }) {
      state.departedPayment = left.screen.state(PaymentFeature.self)
    }
    if let departed = state.departedPayment,
      let added = change.added.last(where: { $0.screen.isShown(by: PaymentFeature.self) }),
      let fresh = added.screen.state(PaymentFeature.self)
    {
      state.stack.update(added.id) {
        $0 = PaymentFeature.screen(PaymentFeature.keepCard(fresh, from: departed))
      }
    }
    let draftStays = state.flow.path.contains { step in
      step.draft.map { $0.id == state.departedPayment?.quote.draftID } ?? false
    }
    if !draftStays { state.departedPayment = nil }
    return effect
  }
}
