import Canvas
import Domain
import FlowFaults
import Presentation
import Runtime

/// Lesson 004 on the app's own extras screen: the real `ExtrasFeature` reducer against a faulty
/// one whose `-` on a passenger's bags removes them all instead of one (the lesson's cart
/// reducer removing the whole line instead of one). The same keys are replayed on both.
public enum BagsReplay {
  /// Tab to the bags, `+` twice, `-` once: one bag should be left (the lesson's add, add, remove).
  public static let twoThenRemove: [Key] = [
    .tab, .character("+"), .character("+"), .character("-"),
  ]
  /// Tab to the bags, `+` once, `-` once: no bag is left in either version (add, remove).
  public static let oneThenRemove: [Key] = [.tab, .character("+"), .character("-")]

  /// The extras screen for draft A after `keys`, reduced by the real reducer or by the faulty one.
  public static func replay(_ keys: [Key], faulty: Bool, _ fixtures: LabFixtures)
    -> ExtrasFeature.State
  {
    let environment = Unreachable.environment(keys: fixtures.paymentKeys)
    var state = ExtrasFeature.State(draft: fixtures.draftA)
    for key in keys {
      if faulty {
        _ = faultyReduce(&state, .key(key), environment)
      } else {
        _ = ExtrasFeature.reduce(&state, .key(key), environment: environment, strings: .english)
      }
    }
    return state
  }

  /// The real reducer, except that `-` on the bags removes all of the passenger's bags.
  static func faultyReduce(
    _ state: inout ExtrasFeature.State, _ action: ExtrasFeature.Action,
    _ environment: AppEnvironment
  ) -> FeatureReply<ExtrasFeature.Action, ExtrasFeature.Output> {
    let passengers = state.draft.passengers
    if action == .key(.character("-")), state.focus == .bags, !state.pricing,
      passengers.indices.contains(state.bagPassenger)
    {
      state.extras.bags[passengers[state.bagPassenger].id] = nil
      state.message = nil
      return .handled
    }
    return ExtrasFeature.reduce(&state, action, environment: environment, strings: .english)
  }

  /// The bags as the lesson prints its cart: `p1x1,p2x2`, or `none` (the lesson's `bos`).
  public static func bags(_ state: ExtrasFeature.State) -> String {
    let lines = state.extras.bags.sorted { $0.key.rawValue < $1.key.rawValue }
      .map { "\($0.key.rawValue)x\($0.value)" }
    return lines.isEmpty ? "none" : lines.joined(separator: ",")
  }

  /// How many bags the first passenger has (the lesson's `quantity(of:in:)`).
  public static func firstPassengersBags(_ state: ExtrasFeature.State) -> Int {
    state.draft.passengers.first.flatMap { state.extras.bags[$0.id] } ?? 0
  }
}
