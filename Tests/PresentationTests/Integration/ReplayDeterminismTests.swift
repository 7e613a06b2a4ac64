import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import SimulatedAirline
import TestSupport
import Testing

/// The root's reducer takes its time from each action: replayed, the same actions at the same
/// times give the same states, whatever the clock of the environment says and with no airline.
@Suite("Replaying the root's actions")
struct ReplayDeterminismTests {
  /// One action the root reduced, when, and the state it left.
  struct Step {
    let action: RootFeature.Action
    let at: Date
    let after: RootFeature.State
  }

  /// Sends `actions` one by one, a second of the world's clock apart, running every effect to
  /// completion (its replies reduced in order); returns every reduction.
  func record(
    _ state: inout RootFeature.State, _ actions: [RootFeature.Action], _ world: TestWorld
  ) async -> [Step] {
    var steps: [Step] = []
    for action in actions {
      world.clock.advance(by: 1)
      var pending: [RootFeature.Action] = [action]
      while !pending.isEmpty {
        let next = pending.removeFirst()
        let now = world.clock.now
        let effect = RootFeature.reduce(&state, next, at: now, environment: world.environment)
        steps.append(Step(action: next, at: now, after: state))
        for job in effect.jobs { pending.append(await job.run()) }
      }
    }
    return steps
  }

  @Test("a whole booking's actions replayed at their times give the same state after each")
  func wholeBookingReplayed() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let start = RootFeature.State(now: TestWorld.start)
    var state = start
    let actions: [RootFeature.Action] =
      keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
      + keys("2026-12-24") + [.key(.tab), .key(.character("+")), .key(.control("s")), .key(.enter)]
      + [.key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace") + [.key(.tab)]
      + keys("1985-12-10") + [.key(.tab), .key(.right), .key(.tab)] + keys("Grace")
      + [.key(.tab)] + keys("Hopper") + [.key(.tab)] + keys("1986-12-09") + [.key(.tab)]
      + keys("ada@example.com") + [.key(.tab)] + keys("+31201234567")
      + [.key(.tab), .key(.enter), .key(.enter), .key(.character("c"))]
      + cardKeys() + [.key(.tab), .key(.enter)]
    let recorded = await record(&state, actions, world)
    #expect(state.current == .confirmation, "the booking did not go through")

    // No airline, and a clock years away: a reducer that read either would differ.
    let elsewhere = AppEnvironment(
      services: TestAirline.failing.services, airports: world.environment.airports,
      fares: world.environment.fares,
      clock: .fixed(TestWorld.start.addingTimeInterval(3 * 365 * 86_400)),
      paymentKeys: world.environment.paymentKeys)
    var replayed = start
    var first: Int?
    for (index, step) in recorded.enumerated() {
      _ = RootFeature.reduce(&replayed, step.action, at: step.at, environment: elsewhere)
      if replayed != step.after, first == nil { first = index }
    }
    #expect(first == nil, "the replay left the recording at action \(first ?? 0)")
    #expect(replayed == state)
  }
}
