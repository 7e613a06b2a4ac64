import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import TestSupport
import Testing
import Words

/// A countdown tick redraws the header only: the screen it leaves is the one a whole redraw
/// draws, second by second and across the expiry.
@Suite("Clock redraw")
struct ClockRedrawTests {
  @Test(
    "each tick's header-only redraw equals a whole redraw; the expiry and a modal redraw it all",
    arguments: [(100, 30), (80, 24), (40, 12), (39, 11)])
  func tickMatchesWholeRedraw(size: (width: Int, height: Int)) throws {
    var state = try RootFeature.State.atPayment(expiringIn: 3.5).state
    var canvas = RootView.render(state, width: size.width, height: size.height, theme: .color)
    var drawnByClock: [Bool] = []
    for second in 1...5 {
      let previous = state
      state.now = Fixture.now.addingTimeInterval(Double(second))
      // Trusted (the app knows only ticks came since): the same answer and the same cells.
      var trusted = canvas
      let drawnTrusted = RootView.drawClock(
        state, after: previous, on: &trusted, theme: .color, onlyTheClockMoved: true)
      drawnByClock.append(RootView.drawClock(state, after: previous, on: &canvas, theme: .color))
      #expect(drawnTrusted == drawnByClock[drawnByClock.count - 1])
      if !drawnByClock[drawnByClock.count - 1] {
        RootView.draw(state, on: &canvas, theme: .color)
        RootView.draw(state, on: &trusted, theme: .color)
      }
      let whole = RootView.render(state, width: size.width, height: size.height, theme: .color)
      #expect(canvas == whole, "second \(second) at \(size.width)x\(size.height)")
      #expect(trusted == whole, "trusted, second \(second) at \(size.width)x\(size.height)")
    }
    // 2.5 s, 1.5 s and 0.5 s left by the clock alone; at 4 s the price expired (the payment
    // panel changes); at 5 s it stays expired.
    #expect(drawnByClock == [true, true, true, false, true])

    // F1 opens help, a box that may cover the header: the next tick redraws everything.
    _ = RootFeature.reduce(
      &state, .key(.function(1)), at: AppEnvironment.test().clock.now(), environment: .test())
    #expect(state.shell.modal == .help)
    let previous = state
    state.now = state.now.addingTimeInterval(1)
    #expect(!RootView.drawClock(state, after: previous, on: &canvas, theme: .color))
  }

  @Test(
    "a tick moves only the clock, whatever the state: no other field, no effect",
    arguments: ["search", "payment", "expired", "help open", "trips", "restoring"])
  func tickMovesOnlyTheClock(kind: String) throws {
    var state = try RootFeature.State.atPayment(expiringIn: 2).state
    switch kind {
    case "search": state = RootFeature.State(now: Fixture.now)
    case "expired": state.now = Fixture.now.addingTimeInterval(10)
    case "help open":
      _ = RootFeature.reduce(
        &state, .key(.function(1)), at: AppEnvironment.test().clock.now(), environment: .test())
    case "trips":
      state = RootFeature.State(now: Fixture.now)
      _ = RootFeature.reduce(
        &state, .key(.control("t")), at: AppEnvironment.test().clock.now(), environment: .test())
    case "restoring":
      state = RootFeature.State(
        now: Fixture.now,
        restoring: RootFeature.Restoring(step: .payment, link: .pay(try QuoteID("quote-a"))))
    default: break
    }
    for seconds in [0.4, 1, 1.6, 3, 60] {
      let action = RootFeature.Action.tick(state.now.addingTimeInterval(seconds))
      #expect(action.movesOnlyTheClock)
      var ticked = state
      let effect = RootFeature.reduce(
        &ticked, action, at: AppEnvironment.test().clock.now(), environment: .test())
      #expect(effect.jobsToStart.isEmpty && effect.cancellations.isEmpty, "\(kind)")
      var unmoved = ticked
      unmoved.now = state.now
      #expect(unmoved == state, "\(kind): a tick of \(seconds) s moved more than the clock")
      #expect(ticked.now == state.now.addingTimeInterval(seconds))
    }
    #expect(!RootFeature.Action.spin.movesOnlyTheClock)
    #expect(!RootFeature.Action.key(.character("a")).movesOnlyTheClock)
  }

  @Test("the countdown's texts read in place are the language's own", arguments: Language.allCases)
  func countdownTextsAreTheLanguages(language: Language) {
    for field in [\Strings.priceHeld, \Strings.priceExpired, \Strings.appName] {
      #expect(language.text(field) == language.strings[keyPath: field])
    }
    #expect(Language.english.text(\.priceHeld) != Language.turkish.text(\.priceHeld))
  }

  @Test("a change besides the clock is never drawn by the clock alone")
  func otherChangesRedrawEverything() throws {
    let state = try RootFeature.State.atPayment(expiringIn: 90).state
    var canvas = RootView.render(state, width: 100, height: 30, theme: .color)
    var changed = state
    changed.now = state.now.addingTimeInterval(1)
    changed.spinnerTick += 1
    #expect(!RootView.drawClock(changed, after: state, on: &canvas, theme: .color))
    #expect(!RootView.drawClock(state, after: state, on: &canvas, theme: .color))
  }
}
