import Airline
import Canvas
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

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

  @Test("a bad card number, expiry or code is refused at its field, keeping what was typed")
  func localValidation() async throws {
    let world = try PaymentScreen()
    var state = PaymentFeature.State(quote: world.quote)
    _ = press(
      &state,
      typed("4242424242424241") + [.tab] + typed("1230") + [.tab] + typed("123") + [.tab, .enter],
      world)
    #expect(state.errors == [.number: "That card number is not valid: check the digits."])
    #expect(state.focus == .number)
    #expect(state.number.text == "4242424242424241")
    #expect(state.expiry.text == "12/30")
    #expect(!state.paying)
  }

  @Test("every bad field is marked at once, and a card past its month is refused at its expiry")
  func allProblemsAtOnce() async throws {
    let world = try PaymentScreen()
    var state = PaymentFeature.State(quote: world.quote)
    _ = press(
      &state, typed("1234") + [.tab] + typed("13") + [.tab] + typed("1") + [.tab, .enter], world)
    #expect(Set(state.errors.keys) == [.number, .expiry, .cvc], "\(state.errors)")
    #expect(state.focus == .number)
    #expect(!state.paying)

    var expired = PaymentFeature.State(quote: world.quote)
    fill(&expired, card: "4242 4242 4242 4242", world)
    expired.expiry.setText("01/20")
    let replies = press(&expired, [.enter], world)
    #expect(expired.errors == [.expiry: "This card has expired."])
    #expect(expired.focus == .expiry)
    #expect(replies[0].effect.isNone, "no payment is sent for a card known to have expired")
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

  @Test("Pay runs once: a second Enter and Esc do nothing while the payment is in flight")
  func payOnce() async throws {
    var world = try PaymentScreen()
    let (quote, draft) = (world.quote, world.draft)
    world.airline.pay = { quoteID, card, key throws(ServiceError) in
      #expect(quoteID == quote.id && key == PaymentKeys(seed: 1).key(for: quote.id, attempt: 1))
      do { return try Fixture.booking(of: quote, for: draft, paidWith: card) } catch {
        throw .storage("\(error)")
      }
    }
    var state = PaymentFeature.State(quote: world.quote)
    fill(&state, card: "4242 4242 4242 4242", world)
    let replies = press(&state, [.enter, .enter, .escape], world)
    #expect(state.paying)
    #expect(replies[0].effect.jobs.count == 1)
    #expect(replies[1].effect.isNone && replies[1].handled)
    #expect(replies[2].handled)
    let answer = await replies[0].effect.jobs[0].run()
    let output = PaymentFeature.reduce(
      &state, answer, now: world.clock.now, today: world.today, environment: world.environment,
      strings: strings
    ).output
    guard case .paid(let booking)? = output else {
      Issue.record("not paid: \(String(describing: output))")
      return
    }
    #expect(booking.totalPaid == state.quote.total)
  }

  @Test("a declined card shows the message and stays; the same card retries with the same key")
  func declined() async throws {
    var world = try PaymentScreen()
    world.airline.pay = { _, _, _ throws(ServiceError) in throw .cardDeclined }
    var state = PaymentFeature.State(quote: world.quote)
    fill(&state, card: "4000 0000 0000 0002", world)
    let first = press(&state, [.enter], world)[0]
    let key = state.attempt?.key
    let answer = await first.effect.jobs[0].run()
    let reply = PaymentFeature.reduce(
      &state, answer, now: world.clock.now, today: world.today, environment: world.environment,
      strings: strings)
    #expect(reply.output == nil)
    #expect(state.failure == "The card was declined. Try another card.")
    #expect(!state.paying)
    _ = press(&state, [.enter], world)
    #expect(state.attempt?.key == key)
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
    var state = PaymentFeature.State(quote: quote)
    #expect(!state.isExpired(at: quote.expiresAt.addingTimeInterval(-0.5)))
    #expect(state.isExpired(at: quote.expiresAt))
    world.clock.set(quote.expiresAt)
    fill(&state, card: "4242 4242 4242 4242", world)
    #expect(press(&state, [.enter], world)[0].effect.isNone)
    let reprice = press(&state, [.character("r")], world)[0]
    #expect(state.repricing)
    let answer = await reprice.effect.jobs[0].run()
    let output = PaymentFeature.reduce(
      &state, answer, now: world.clock.now, today: world.today, environment: world.environment,
      strings: strings
    ).output
    #expect(output == .repriced(fresh, card: state.typedCard), "the card typed goes with the price")
    #expect(state.typedCard?.number == "4242424242424242")
    #expect(!state.repricing)
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

  @Test("an expiry in the past is marked even while the card number is wrong too")
  func expiredWithBadNumber() async throws {
    let world = try PaymentScreen()
    var state = PaymentFeature.State(quote: world.quote)
    _ = press(
      &state,
      typed("4242424242424241") + [.tab] + typed("0124") + [.tab] + typed("123")
        + [.tab, .enter], world)
    #expect(Set(state.errors.keys) == [.number, .expiry], "\(state.errors)")
    #expect(state.errors[.expiry] == "This card has expired.")
  }
}
