import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import Runtime
import TestSupport
import Testing
import Words

/// The payment screen's input: a literal quote, a stopped clock, and an airline that answers only
/// what a test says (any other call fails the test).
struct PaymentScreen {
  let draft: BookingDraft
  let quote: Quote
  let clock = ManualClock(Fixture.now)
  var airline = TestAirline.failing

  init() throws {
    draft = try Fixture.draft("d1", for: Fixture.offer("o1"))
    quote = try Fixture.quote("q1", for: draft)
  }

  var environment: AppEnvironment { .test(airline: airline, clock: clock.wallClock) }
  var today: CalendarDay { CalendarDay(clock.now, in: .utc) }
}

@Suite("Payment feature")
struct PaymentFeatureTests {
  let strings = Strings.english

  func press(
    _ state: inout PaymentFeature.State, _ keys: [Key], _ world: PaymentScreen, now: Date? = nil
  ) -> [FeatureReply<PaymentFeature.Action, PaymentFeature.Output>] {
    keys.map {
      PaymentFeature.reduce(
        &state, .key($0), now: now ?? world.clock.now, today: world.today,
        environment: world.environment,
        strings: strings)
    }
  }

  func fill(_ state: inout PaymentFeature.State, card: String, _ world: PaymentScreen) {
    state.number.setText(card)
    state.expiry.setText("12/30")
    state.cvc.setText("123")
    state.focus = .pay
  }

  /// An exhaustive store on `state` in `world`, at the time of `world`'s clock when each action
  /// comes.
  func makeStore(_ world: PaymentScreen, _ state: PaymentFeature.State)
    -> TestStore<FeatureState<PaymentFeature.State, PaymentFeature.Output>, PaymentFeature.Action>
  {
    let (clock, today, environment) = (world.clock, world.today, world.environment)
    return TestStore.feature(state) {
      PaymentFeature.reduce(
        &$0, $1, now: clock.now, today: today, environment: environment, strings: .english)
    }
  }

  /// The panel for `world`'s quote with `card` typed, expiring 12/30, code 123, on Pay.
  func filled(_ world: PaymentScreen, card: String) -> PaymentFeature.State {
    var state = PaymentFeature.State(quote: world.quote)
    fill(&state, card: card, world)
    return state
  }

  @Test("a bad card number is refused at its field, keeping what was typed")
  func localValidation() async throws {
    let world = try PaymentScreen()
    let store = makeStore(world, PaymentFeature.State(quote: world.quote))
    store.send(.key(.paste("4242424242424241"))) { $0.state.number.setText("4242424242424241") }
    store.send(.key(.tab)) { $0.state.focus = .expiry }
    // The slash comes as the month is typed.
    store.send(.key(.character("1"))) { $0.state.expiry.setText("1") }
    store.send(.key(.character("2"))) { $0.state.expiry.setText("12/") }
    store.send(.key(.character("3"))) { $0.state.expiry.setText("12/3") }
    store.send(.key(.character("0"))) { $0.state.expiry.setText("12/30") }
    store.send(.key(.enter)) { $0.state.focus = .cvc }
    store.send(.key(.paste("123"))) { $0.state.cvc.setText("123") }
    store.send(.key(.tab)) { $0.state.focus = .pay }
    store.send(.key(.enter)) {
      $0.state.errors = [.number: "That card number is not valid: check the digits."]
      $0.state.focus = .number
    }
    // Editing the number takes its message away.
    store.send(.key(.backspace)) {
      $0.state.number.setText("424242424242424")
      $0.state.errors = [:]
    }
    store.finish()
  }

  @Test("every bad field is marked at once, and a card past its month is refused at its expiry")
  func allProblemsAtOnce() async throws {
    let world = try PaymentScreen()
    var state = PaymentFeature.State(quote: world.quote)
    state.number.setText("1234")
    state.expiry.setText("13")
    state.cvc.setText("1")
    state.focus = .pay
    let store = makeStore(world, state)
    store.send(.key(.enter)) {
      $0.state.errors = [
        .number: "That card number is not valid: check the digits.",
        .expiry: "Use MM/YY, like 12/29.", .cvc: "3 or 4 digits.",
      ]
      $0.state.focus = .number
    }
    store.finish()

    var expired = filled(world, card: "4242 4242 4242 4242")
    expired.expiry.setText("01/20")
    let past = makeStore(world, expired)
    // No payment is sent for a card known to have expired.
    past.send(.key(.enter)) {
      $0.state.errors = [.expiry: "This card has expired."]
      $0.state.focus = .expiry
    }
    past.finish()
  }

  @Test("Pay runs once: a second Enter and Esc do nothing while the payment is in flight")
  func payOnce() async throws {
    var world = try PaymentScreen()
    let (quote, draft) = (world.quote, world.draft)
    let key = PaymentKeys(seed: 1).key(for: quote.id, attempt: 1)
    world.airline.pay = { quoteID, card, asked throws(ServiceError) in
      #expect(quoteID == quote.id && asked == key)
      do { return try Fixture.booking(of: quote, for: draft, paidWith: card) } catch {
        throw .storage("\(error)")
      }
    }
    let card = try PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123")
    let booking = try Fixture.booking(of: quote, for: draft, paidWith: card)
    let store = makeStore(world, filled(world, card: "4242 4242 4242 4242"))
    store.send(.key(.enter)) {
      $0.state.paying = true
      $0.state.attempt = PaymentFeature.Attempt(card: card, key: key)
      $0.state.attemptsMade = 1
    }
    store.send(.key(.enter))
    store.send(.key(.escape))  // used, so it does not go back while money may be moving
    await store.receive({ $0 == .paid(.success(booking)) }) {
      $0.state.paying = false
      $0.output = .paid(booking)
    }
    #expect(booking.totalPaid == quote.total)
    store.finish()
  }

  @Test(
    "a declined card shows the message and puts the cursor on the card number; the same card retries with the same key"
  )
  func declined() async throws {
    var world = try PaymentScreen()
    world.airline.pay = { _, _, _ throws(ServiceError) in throw .cardDeclined }
    let quote = world.quote
    let keys = PaymentKeys(seed: 1)
    let declined = try PaymentCard(number: "4000000000000002", expiry: "12/30", cvc: "123")
    let other = try PaymentCard(number: "5555555555554444", expiry: "12/30", cvc: "123")
    let first = PaymentFeature.Attempt(card: declined, key: keys.key(for: quote.id, attempt: 1))
    let store = makeStore(world, filled(world, card: "4000 0000 0000 0002"))
    store.send(.key(.enter)) {
      $0.state.paying = true
      $0.state.attempt = first
      $0.state.attemptsMade = 1
    }
    await store.receive({ $0 == .paid(.failure(.cardDeclined)) }) {
      $0.state.paying = false
      $0.state.failure = "The card was declined. Try another card."
      $0.state.focus = .number
    }
    // The same card again (Ctrl-S pays from any field): the same attempt and key, so a lost
    // reply cannot charge twice.
    store.send(.key(.control("s"))) {
      $0.state.paying = true
      $0.state.failure = nil
    }
    await store.receive({ $0 == .paid(.failure(.cardDeclined)) }) {
      $0.state.paying = false
      $0.state.failure = "The card was declined. Try another card."
    }
    // Another card, typed where the cursor already is, is a new attempt with the next key.
    store.send(.key(.control("u"))) { $0.state.number.setText("") }
    store.send(.key(.paste("5555555555554444"))) { $0.state.number.setText("5555555555554444") }
    store.send(.key(.backTab)) { $0.state.focus = .pay }
    store.send(.key(.enter)) {
      $0.state.paying = true
      $0.state.failure = nil
      $0.state.attempt = PaymentFeature.Attempt(
        card: other, key: keys.key(for: quote.id, attempt: 2))
      $0.state.attemptsMade = 2
    }
    await store.receive({ $0 == .paid(.failure(.cardDeclined)) }) {
      $0.state.paying = false
      $0.state.failure = "The card was declined. Try another card."
      $0.state.focus = .number
    }
    store.finish()
  }

  @Test("a quote paid already produces its booking's reference, not an error")
  func alreadyBooked() async throws {
    var world = try PaymentScreen()
    let reference = try Fixture.reference()
    world.airline.pay = { _, _, _ throws(ServiceError) in throw .quoteAlreadyPaid(reference) }
    let card = try PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123")
    let key = PaymentKeys(seed: 1).key(for: world.quote.id, attempt: 1)
    let store = makeStore(world, filled(world, card: "4242 4242 4242 4242"))
    store.send(.key(.enter)) {
      $0.state.paying = true
      $0.state.attempt = PaymentFeature.Attempt(card: card, key: key)
      $0.state.attemptsMade = 1
    }
    await store.receive({ $0 == .paid(.failure(.quoteAlreadyPaid(reference))) }) {
      $0.state.paying = false
      $0.output = .alreadyBooked(reference)
    }
    store.finish()
  }

  @Test("at expiry the panel offers r, which prices the same draft and extras again")
  func expiry() async throws {
    var world = try PaymentScreen()
    let quote = world.quote
    let fresh = try Fixture.quote(
      "q2", for: world.draft, expiresAt: quote.expiresAt.addingTimeInterval(15 * 60))
    world.airline.price = { draftID, extras throws(ServiceError) in
      #expect(draftID == quote.draftID && extras == quote.extras, "the same draft and extras")
      return fresh
    }
    let state = filled(world, card: "4242 4242 4242 4242")
    #expect(!state.isExpired(at: quote.expiresAt.addingTimeInterval(-0.5)))
    #expect(state.isExpired(at: quote.expiresAt))
    world.clock.set(quote.expiresAt)
    let store = makeStore(world, state)
    // Pay is not offered once the price has run out.
    store.send(.key(.enter)) { $0.handled = false }
    store.send(.key(.character("r"))) {
      $0.state.repricing = true
      $0.handled = true
    }
    // While pricing, no key acts.
    store.send(.key(.character("r")))
    await store.receive({ $0 == .repriced(.success(fresh)) }) {
      $0.state.repricing = false
      // The payment step that takes this one's place takes the card (`keepCard(_:from:)`).
      $0.output = .repriced(fresh)
    }
    store.finish()
  }

  @Test("an expiry in the past is marked even while the card number is wrong too")
  func expiredWithBadNumber() async throws {
    let world = try PaymentScreen()
    var state = filled(world, card: "4242424242424241")
    state.expiry.setText("01/24")
    let store = makeStore(world, state)
    store.send(.key(.enter)) {
      $0.state.errors = [
        .number: "That card number is not valid: check the digits.",
        .expiry: "This card has expired.",
      ]
      $0.state.focus = .number
    }
    store.finish()
  }

  @Test("the expiry's slash comes as the month is typed, and Backspace can delete it")
  func expirySlash() async throws {
    let world = try PaymentScreen()
    var state = PaymentFeature.State(quote: world.quote)
    state.focus = .expiry
    _ = press(&state, typed("01"), world)
    #expect(state.expiry.text == "01/")
    _ = press(&state, typed("13"), world)
    #expect(state.expiry.text == "01/13")
    _ = press(&state, [.backspace, .backspace, .backspace], world)
    #expect(state.expiry.text == "01")
    _ = press(&state, [.backspace, .backspace], world)
    #expect(state.expiry.text == "")
  }

  @Test(
    "the expiry takes what its label shows: 12/30, 12 30, 1/30 and 1230 all read 12/30 or 01/30")
  func expiryAsTyped() async throws {
    let world = try PaymentScreen()
    let quote = world.quote
    for (typed, expected) in [
      ("12/30", "12/30"), ("12 30", "12/30"), ("1230", "12/30"), ("1/30", "01/30"),
      ("12//30", "12/30"), ("/1230", "12/30"),
    ] {
      var state = PaymentFeature.State(quote: quote)
      state.focus = .expiry
      _ = press(&state, TestSupport.typed(typed), world)
      #expect(state.expiry.text == expected, "typed \(typed)")
    }
    // Backspace can still take the slash away.
    var state = PaymentFeature.State(quote: quote)
    state.focus = .expiry
    _ = press(&state, TestSupport.typed("12") + [.backspace], world)
    #expect(state.expiry.text == "12")
  }

}
