import Airline
import Domain
import FlowOwner
import Foundation
import Presentation
import Runtime
import TestSupport
import Testing

/// Which timers a state asks for, with literal input and a stopped clock: no simulator, no wait.
@Suite("Subscriptions")
struct SubscriptionsTests {
  @Test("with nothing loading and no quote, no timer runs")
  func idle() {
    #expect(
      RootFeature.subscriptions(RootFeature.State(now: Fixture.now), now: Fixture.now) == .none)
  }

  @Test("while a saved flow is restored the spinner turns")
  func spinnerWhileBusy() {
    let state = RootFeature.State(
      now: Fixture.now, restoring: RootFeature.Restoring(step: .payment))
    #expect(RootFeature.subscriptions(state, now: Fixture.now).spinner)
  }

  @Test("the countdown ticks when its shown second changes, the last at expiresAt, then stops")
  func countdownTicks() throws {
    let (state, quote) = try RootFeature.State.atPayment(expiringIn: 90.5)
    #expect(state.flow.current == .payment)
    let at = { (offset: TimeInterval) in
      RootFeature.subscriptions(state, now: Fixture.now.addingTimeInterval(offset)).countdownTick
    }
    // 90.5 s left shows 1:31; it shows 1:30 from 0.5 s on.
    #expect(at(0) == Fixture.now.addingTimeInterval(0.5))
    #expect(at(0.5) == Fixture.now.addingTimeInterval(1.5))
    #expect(at(45.25) == Fixture.now.addingTimeInterval(45.5))
    #expect(at(90) == quote.expiresAt, "the last tick shows 0:00 at expiresAt")
    #expect(at(90.5) == nil && at(600) == nil, "an expired quote needs no timer")
    // Every tick lands where the shown whole seconds drop by one.
    var now = Fixture.now
    var shown = quote.secondsRemaining(at: now)
    while let next = RootFeature.subscriptions(state, now: now).countdownTick {
      #expect(next > now)
      #expect(quote.secondsRemaining(at: next) == shown - 1)
      #expect(quote.secondsRemaining(at: next.addingTimeInterval(-0.001)) == shown)
      now = next
      shown -= 1
    }
    #expect(shown == 0)
  }
}
