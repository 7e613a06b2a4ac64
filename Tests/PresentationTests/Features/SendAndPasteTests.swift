import Airline
import Canvas
import Domain
import Runtime
import SimulatedAirline
import TestSupport
import Testing
import Words

@testable import Presentation
@testable import Screens

/// Ctrl-S sends a form from any field, as its button does; a paste holding line breaks fills
/// the form's fields in order, each part by its field's rules.
@Suite("Sending a form with Ctrl-S, and pastes across fields")
struct SendAndPasteTests {
  static let send = Key.control("s")

  // MARK: Passengers

  func passengers(_ state: inout PassengersFeature.State, _ keys: [Key], _ world: PassengersScreen)
    -> [FeatureReply<PassengersFeature.Action, PassengersFeature.Output>]
  {
    keys.map {
      PassengersFeature.reduce(
        &state, .key($0), today: world.today, environment: world.environment, strings: .english)
    }
  }

  func filledPassengers(_ world: PassengersScreen) throws -> PassengersFeature.State {
    PassengersFeature.State(
      offer: world.offer,
      prefill: .fromDraft(passengers: try Fixture.travellers(), contact: try Fixture.contact()))
  }

  @Test("a filled passengers form is sent from its first name field with one Ctrl-S")
  func passengersSendFromAnyField() throws {
    let world = try PassengersScreen()
    var state = try filledPassengers(world)
    state.focus = .given(0)
    // What the Continue button does with the same form, the cursor left where it was.
    var viaButton = state
    viaButton.focus = .proceed
    _ = passengers(&viaButton, [.enter], world)
    viaButton.focus = .given(0)
    #expect(viaButton.saving, "the button saves the filled form")
    let replies = passengers(&state, [Self.send], world)
    #expect(state == viaButton)
    #expect(replies.first?.handled == true)
    #expect(replies.first?.effect.isNone == false, "the draft is saved")
  }

  @Test("an incomplete passengers form sent with Ctrl-S marks every field and goes to the first")
  func passengersSendIncomplete() throws {
    let world = try PassengersScreen()
    var state = try filledPassengers(world)
    state.forms[1].family.setText("")
    state.email.setText("nobody")
    state.focus = .phone
    var expected = state
    expected.errors = [.family(1): "Required.", .email: Strings.english.invalidEmail("nobody")]
    expected.focus = .family(1)
    _ = passengers(&state, [Self.send], world)
    #expect(state == expected)
  }

  @Test("a paste with line breaks fills the next text fields in order, skipping the titles")
  func passengersPasteAcrossFields() throws {
    let world = try PassengersScreen()
    var state = PassengersFeature.State(offer: world.offer, prefill: .empty)
    state.focus = .given(0)
    var expected = state
    expected.forms[0].given.setText("Ada")
    expected.forms[0].family.setText("Lovelace")
    expected.forms[0].birth.setText("1985-12-10")
    // The second title is a choice, not a field a text goes to.
    expected.forms[1].given.setText("Grace")
    expected.focus = .given(1)
    _ = passengers(&state, [.paste("Ada\r\nLovelace\r\n1985-12-10\nGrace\n")], world)
    #expect(state == expected)
  }

  @Test("each pasted part is judged by its own field: a date's letters are left out")
  func passengersPastePartsByTheirRules() throws {
    let world = try PassengersScreen()
    var state = try filledPassengers(world)
    state.focus = .family(1)
    var expected = state
    // The first part goes in at the cursor, as a paste does; the next replaces the next field.
    expected.forms[1].family.setText("HopperKay")
    expected.forms[1].birth.setText("1986-12-09")
    expected.focus = .birth(1)
    _ = passengers(&state, [.paste("K3ay\nborn 1986-12-09")], world)
    #expect(state == expected)
  }

  // MARK: Payment

  func payment(_ state: inout PaymentFeature.State, _ keys: [Key], _ world: PaymentScreen)
    -> [FeatureReply<PaymentFeature.Action, PaymentFeature.Output>]
  {
    keys.map {
      PaymentFeature.reduce(
        &state, .key($0), now: world.clock.now, today: world.today,
        environment: world.environment, strings: .english)
    }
  }

  @Test("a complete card is paid from its number field with one Ctrl-S")
  func paymentSendFromAnyField() throws {
    let world = try PaymentScreen()
    var state = PaymentFeature.State(quote: world.quote)
    state.number.setText("4242424242424242")
    state.expiry.setText("12/30")
    state.cvc.setText("123")
    state.focus = .number
    let card = try PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123")
    var expected = state
    expected.paying = true
    expected.attempt = PaymentFeature.Attempt(
      card: card, key: PaymentKeys(seed: 1).key(for: world.quote.id, attempt: 1))
    expected.attemptsMade = 1
    let replies = payment(&state, [Self.send], world)
    #expect(state == expected)
    #expect(replies.first?.effect.isNone == false, "the payment is made")
  }

  @Test("an incomplete card sent with Ctrl-S is marked at its fields, the cursor at the first")
  func paymentSendIncomplete() throws {
    let world = try PaymentScreen()
    var state = PaymentFeature.State(quote: world.quote)
    state.number.setText("4242424242424242")
    state.focus = .cvc
    var expected = state
    expected.errors = [
      .expiry: Strings.english.invalidExpiry, .cvc: Strings.english.invalidCVC,
    ]
    expected.focus = .expiry
    _ = payment(&state, [Self.send], world)
    #expect(state == expected)
    #expect(!state.paying)
  }

  @Test("pasting card⏎expiry⏎code fills the number, the expiry and the code, and never pays")
  func paymentPasteAcrossFields() throws {
    let world = try PaymentScreen()
    var state = PaymentFeature.State(quote: world.quote)
    var expected = state
    expected.number.setText("4242424242424242")
    expected.expiry.setText("12/30")
    expected.cvc.setText("123")
    expected.focus = .cvc
    _ = payment(&state, [.paste("4242 4242 4242 4242\n12/30\r\n123\n")], world)
    #expect(state == expected)
  }

  @Test(
    "a pasted part a field refuses leaves only what it allows; the rest past the code is dropped")
  func paymentPastePartsByTheirRules() throws {
    let world = try PaymentScreen()
    var state = PaymentFeature.State(quote: world.quote)
    state.expiry.setText("01/29")
    state.focus = .number
    var expected = state
    expected.number.setText("4242")
    // The expiry held a date: the pasted part takes its place, by the expiry's rules.
    expected.expiry.setText("12/30")
    expected.cvc.setText("99")
    expected.focus = .cvc
    _ = payment(&state, [.paste("4242\nexp 12/30\ncode 99\nextra line")], world)
    #expect(state == expected)
    #expect(!state.paying)
  }

  // MARK: Search

  /// An exhaustive store on the search form at `state`.
  func searchStore(_ state: SearchFeature.State)
    -> TestStore<FeatureState<SearchFeature.State, SearchFeature.Output>, SearchFeature.Action>
  {
    let airports = AirportDirectory.builtIn
    return TestStore.feature(state) {
      SearchFeature.reduce(&$0, $1, airports: airports, strings: .english)
    }
  }

  @Test("a complete search is sent from its origin field with one Ctrl-S")
  func searchSendFromAnyField() throws {
    let today = CalendarDay(Fixture.now, in: .utc)
    var state = SearchFeature.State(today: today)
    state.origin.setText("IST")
    state.destination.setText("AMS")
    state.focus = .adults
    let store = searchStore(state)
    let expected = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: today.adding(days: 1),
      party: .adults(1))
    let (ist, ams) = try Self.istanbulAmsterdam()
    // Sending reads the airports typed: both are named.
    store.send(.key(Self.send)) {
      $0.state.named = [.origin: ist, .destination: ams]
      $0.output = .submitted(expected)
    }
    store.finish()
  }

  /// Istanbul and Amsterdam, as the built-in airports have them.
  static func istanbulAmsterdam() throws -> (Airport, Airport) {
    let airports = AirportDirectory.builtIn
    return (
      try #require(airports.airport(IATACode("IST"))),
      try #require(airports.airport(IATACode("AMS")))
    )
  }

  @Test(
    "a search pasted as lines fills the airports and the date in order, and one Ctrl-S sends it")
  func searchPasteAcrossFields() throws {
    let airports = AirportDirectory.builtIn
    let today = CalendarDay(Fixture.now, in: .utc)
    let store = searchStore(SearchFeature.State(today: today))
    store.send(.key(.paste("IST\nAMS\n2026-12-24\n"))) {
      $0.state.origin.setText("IST")
      $0.state.destination.setText("AMS")
      $0.state.date.setText("2026-12-24")
      $0.state.focus = .date
      SearchFeature.refresh(&$0.state, airports: airports)
    }
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), party: .adults(1))
    store.send(.key(Self.send)) { $0.output = .submitted(criteria) }
    store.finish()
  }

  @Test("an incomplete search sent with Ctrl-S says what is missing and goes to the first field")
  func searchSendIncomplete() throws {
    let today = CalendarDay(Fixture.now, in: .utc)
    var state = SearchFeature.State(today: today)
    state.destination.setText("AMS")
    state.focus = .infants
    let store = searchStore(state)
    let (_, ams) = try Self.istanbulAmsterdam()
    store.send(.key(Self.send)) {
      $0.state.errors = [.origin: Strings.english.airportRequired]
      $0.state.focus = .origin
      $0.state.named = [.destination: ams]
    }
    store.finish()
  }
}
