import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import TestSupport
import Testing

/// The cancellation rule, and features run through the exhaustive `TestStore`: every change to
/// the state is stated, every reply received, and no work is left running at the end.
@Suite("Cancellation and the test store")
struct TestStoreTests {
  @Test("a step's work stops when the step leaves; the root's own work never does")
  func cancellationRule() {
    #expect(Cancellation.cancels(3, alive: [1, 2]))
    #expect(!Cancellation.cancels(2, alive: [1, 2]))
    #expect(!Cancellation.cancels(nil, alive: []))
    #expect(!Cancellation.cancels(nil, alive: [1]))
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
    let key = try IdempotencyKey("pay-test-1")
    let (now, today, environment) = (world.clock.now, world.today, world.environment)
    var store = TestStore(state) { state, action in
      PaymentFeature.reduce(
        &state, action, now: now, today: today, environment: environment, strings: .english
      ).effect
    }

    store.send(.key(.enter)) {
      $0.paying = true
      $0.attempt = PaymentFeature.Attempt(card: card, key: key)
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

  @Test("results loading when Esc goes back: their work is dropped, as the app drops it")
  func rootDropsTheWorkOfAStepThatLeft() async throws {
    let criteria = try Fixture.criteria()
    var flow = BookingFlow()
    flow.searchSubmitted(criteria)
    var store = TestStore.root(RootFeature.State(now: Fixture.now), .test())
    // `.test()` answers nothing: were the results' work run, the test airline would fail the test.
    store.send(.restored(Restoration(flow: flow, outcome: .resumed(at: .results))))
    #expect(store.state.current == .results)
    #expect(store.running == 2, "the offers and the week's fares")
    store.send(.key(.escape))
    #expect(store.state.current == .search)
    #expect(store.running == 0)
    store.finish()
  }
}
