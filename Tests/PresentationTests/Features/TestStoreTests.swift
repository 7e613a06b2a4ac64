import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Runtime
import TestSupport
import Testing

@testable import Presentation
@testable import Screens

/// The cancellation rule, and features run through the exhaustive `TestStore`: every change to
/// the state is stated, every reply received, and no work is left running at the end.
@Suite("Cancellation and the test store")
struct TestStoreTests {
  @Test("a test that ends with an effect running fails, though it never called finish")
  func unreceivedEffectFails() async {
    enum Work: Hashable, Sendable { case start, done }
    withKnownIssue("the store reports the running effect when the test lets go of it") {
      let store = TestStore(0) { (count: inout Int, action: Work) -> Effect<Work> in
        action == .start ? .run { .done } : .none
      }
      store.send(.start)
      #expect(store.running == 1)
    }
  }

  @Test("an effect's cancellation stops running work of its tags; untagged work runs on")
  func cancellationStopsTaggedWork() async {
    // A counter whose effects are tagged by the action: `start(tag)` starts work tagged `tag`
    // (nil: untagged), `stop(tags)` cancels, `done` is what work sends back.
    enum Counter: Hashable, Sendable { case start(Int?), stop([Int]), startAndStop(Int), done }
    let store = TestStore(0) { (count: inout Int, action: Counter) -> Effect<Counter> in
      switch action {
      case .start(let tag?): return Effect<Counter>.run { .done }.tagged(tag)
      case .start(nil): return .run { .done }
      case .stop(let tags): return .cancel(tags)
      case .startAndStop(let tag):
        // Work of a tag cancelled by the same effect never starts.
        return .batch([Effect<Counter>.run { .done }.tagged(tag), .cancel([tag])])
      case .done:
        count += 1
        return .none
      }
    }
    store.send(.start(1))
    store.send(.start(2))
    store.send(.start(nil))
    #expect(store.running == 3)
    store.send(.stop([1, 3]))
    #expect(store.running == 2, "the work tagged 1 stopped; 3 had none")
    store.send(.startAndStop(4))
    #expect(store.running == 2)
    await store.receive({ $0 == .done }) { $0 = 1 }
    await store.receive({ $0 == .done }) { $0 = 2 }
    store.finish()
  }

  @Test("Pay: the whole state after Enter and after the booking, with no work left running")
  func payExhaustively() async throws {
    var world = try PaymentScreen()
    let (quote, draft) = (world.quote, world.draft)
    world.airline.pay = { _, card, _ throws(ServiceError) in
      do { return try Fixture.booking(of: quote, for: draft, paidWith: card) } catch {
        throw .storage("\(error)")
      }
    }
    var state = PaymentFeature.State(quote: quote)
    state.number.setText("4242 4242 4242 4242")
    state.expiry.setText("12/30")
    state.cvc.setText("123")
    state.focus = .pay
    let card = try PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123")
    // The panel's first attempt: its key from the environment's seed, the quote and 1.
    let key = world.environment.paymentKeys.key(for: quote.id, attempt: 1)
    let (now, today, environment) = (world.clock.now, world.today, world.environment)
    let store = TestStore(state) { state, action in
      PaymentFeature.reduce(
        &state, action, now: now, today: today, environment: environment, strings: .english
      ).effect
    }

    store.send(.key(.enter)) {
      $0.paying = true
      $0.attempt = PaymentFeature.Attempt(card: card, key: key)
      $0.attemptsMade = 1
    }
    #expect(store.running == 1)
    store.send(.key(.enter))  // a second Enter while paying changes nothing
    await store.receive({
      if case .paid(.success(let booking)) = $0 { booking.quoteID == quote.id } else { false }
    }) {
      $0.paying = false
    }
    store.finish()
  }

  @Test("a sequence starts its next part once every job of the part before is received")
  func sequenceWaitsForItsJobs() async {
    enum Step: Hashable, Sendable { case go, stop, first, second, third }
    let store = TestStore(0) { (count: inout Int, action: Step) -> Effect<Step> in
      switch action {
      case .go:
        return .sequence([
          .batch([Effect<Step>.run { .first }.tagged(1), .run { .second }]),
          .command(.log("between")),
          .run { .third },
        ])
      case .stop: return .cancel([1])
      case .first, .second, .third:
        count += 1
        return .none
      }
    }
    store.send(.go)
    #expect(store.running == 2, "the first part's two jobs; nothing of the rest yet")
    await store.receive({ $0 == .first }) { $0 = 1 }
    #expect(store.running == 1)
    await store.receive({ $0 == .second }) { $0 = 2 }
    store.commands([.log("between")])
    #expect(store.running == 1, "the last part")
    await store.receive({ $0 == .third }) { $0 = 3 }

    // Cancelling a job of a part stops the rest of the sequence.
    store.send(.go)
    store.send(.stop)
    await store.receive({ $0 == .second }) { $0 = 4 }
    #expect(store.running == 0)
    store.finish()
  }

  @Test("commands of a batch keep their order; a sequence's later commands wait for its jobs")
  func commandOrder() {
    let effect = Effect<Int>.batch([
      .command(.log("a")), .sequence([.run { 1 }, .command(.log("c"))]), .command(.log("b")),
    ])
    #expect(effect.commands == [.log("a"), .log("b")])
    #expect(effect.jobs.count == 1)
    #expect(effect.groups.compactMap(\.continuation).map(\.commands) == [[.log("c")]])
    let mapped = effect.map { $0 + 1 }.tagged(7)
    #expect(mapped.commands == [.log("a"), .log("b")])
    #expect(mapped.jobs.map(\.tag) == [7])
    #expect(mapped.groups.compactMap(\.continuation).map(\.commands) == [[.log("c")]])
  }

  @Test("results loading when Esc goes back: their work is dropped, as the app drops it")
  func rootDropsTheWorkOfAStepThatLeft() async throws {
    let criteria = try Fixture.criteria()
    var flow = BookingFlow()
    flow.searchSubmitted(criteria)
    let environment = AppEnvironment.test()
    // `.test()` answers nothing: were the results' work run, the test airline would fail the test.
    let store = TestStore(RootFeature.State(now: Fixture.now)) { state, action in
      RootFeature.reduce(&state, action, at: Fixture.now, environment: environment)
    }
    let context = StepEnvironment(
      now: Fixture.now, zone: .utc, environment: environment, language: .english)
    let restoration = Restoration(flow: flow, outcome: .resumed(at: .results))
    let restored = BookingSnapshot(criteria: criteria, position: .results)
    // The restored path is the start's work's to save, not asked for again; the log hears of the
    // restore and of what the header says.
    store.send(.restored(restoration, saving: true)) {
      $0.flow = flow
      $0.saving.willSave(restored)
      $0.savingRestoredPath = true
      _ = $0.shell.record(restoration.event)
      $0.search = SearchFeature.State(today: $0.search.today, criteria: criteria)
      _ = $0.shell.announce("Resumed at results")
      _ = $0.stack.reconcile(to: flow.path, context: context, embed: RootFeature.embed)
    }
    #expect(store.state.current == .results)
    #expect(store.running == 2, "the offers and the week's fares")
    store.commands([
      .log("flow: accepted restore -> Resumed at results. -> [results]"),
      .log("notice: Resumed at results"),
    ])
    // Until the start's work says the path is on disk, the root holds; then it lets go.
    #expect(RootFeature.status(of: store.state).holding)
    store.send(.restoredPathSaved(restored, error: nil)) {
      $0.savingRestoredPath = false
      _ = $0.saving.wrote(restored, error: nil)
    }
    #expect(!RootFeature.status(of: store.state).holding)
    store.send(.key(.escape)) {
      let event = $0.flow.back(typed: .empty)
      $0.saving.willSave(.search)
      _ = $0.shell.record(event)
      _ = $0.stack.reconcile(to: [], context: context, embed: RootFeature.embed)
      SearchFeature.refresh(&$0.search, airports: environment.airports)
    }
    #expect(store.state.current == .search)
    #expect(store.running == 0)
    store.commands([
      .recordKey(.escape, use: .used),
      .saveSnapshot,
      .log("flow: accepted back() -> [], removed results"),
    ])
    store.finish()
  }
}
