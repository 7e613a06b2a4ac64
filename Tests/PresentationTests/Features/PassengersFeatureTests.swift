import Airline
import Canvas
import Domain
import FlowOwner
import TestSupport
import Testing
import Words

@testable import Presentation
@testable import Screens

/// The passengers screen's input: a literal offer for two adults (or `party`), a stopped clock,
/// and an airline that answers only what a test says (any other call fails the test).
struct PassengersScreen {
  let offer: Offer
  var airline = TestAirline.failing

  init(party: Party? = nil) throws { offer = try Fixture.offer("o1", party: party) }

  var environment: AppEnvironment { .test(airline: airline) }
  var today: CalendarDay { CalendarDay(Fixture.now, in: .utc) }
}

@Suite("Passengers feature")
struct PassengersFeatureTests {
  @Test("the prefill from an earlier draft fills the forms and the contact")
  func prefill() async throws {
    let world = try PassengersScreen()
    let offer = world.offer
    let prefill = PassengerPrefill.fromDraft(
      passengers: try Fixture.travellers(), contact: try Fixture.contact())
    let state = PassengersFeature.State(offer: offer, prefill: prefill)
    #expect(state.forms.map(\.given.text) == ["Ada", "Grace"])
    #expect(state.forms.map(\.birth.text) == ["1985-12-10", "1986-12-09"])
    #expect(state.email.text == Fixture.email)
    let empty = PassengersFeature.State(offer: offer, prefill: .empty)
    #expect(empty.forms.map(\.given.text) == ["", ""])
  }

  /// The form for the test offer, filled from the test travellers and contact.
  func filled(_ world: PassengersScreen) throws -> PassengersFeature.State {
    PassengersFeature.State(
      offer: world.offer,
      prefill: .fromDraft(passengers: try Fixture.travellers(), contact: try Fixture.contact()))
  }

  /// An exhaustive store on `state` in `world`, in English.
  func makeStore(_ world: PassengersScreen, _ state: PassengersFeature.State)
    -> TestStore<
      FeatureState<PassengersFeature.State, PassengersFeature.Output>, PassengersFeature.Action
    >
  {
    let (today, environment) = (world.today, world.environment)
    return TestStore.feature(state) {
      PassengersFeature.reduce(&$0, $1, today: today, environment: environment, strings: .english)
    }
  }

  @Test("errors appear at their fields; Continue saves once; the reply produces the draft")
  func submit() async throws {
    var world = try PassengersScreen()
    world.airline.createDraft = { offer, passengers, contact throws(ServiceError) in
      do {
        return try BookingDraft(
          id: DraftID("d1"), offer: offer, passengers: passengers, contact: contact)
      } catch { throw .storage("\(error)") }
    }
    var empty = PassengersFeature.State(offer: world.offer, prefill: .empty)
    empty.focus = .proceed
    let blank = makeStore(world, empty)
    // Every empty field is marked at once, and the cursor goes to the first.
    blank.send(.key(.enter)) {
      $0.state.errors = [
        .title(0): "Choose a title.", .given(0): "Required.", .family(0): "Required.",
        .birth(0): "Required.", .title(1): "Choose a title.", .given(1): "Required.",
        .family(1): "Required.", .birth(1): "Required.", .email: "Required.", .phone: "Required.",
      ]
      $0.state.focus = .title(0)
    }
    blank.finish()

    var form = try filled(world)
    form.focus = .proceed
    let store = makeStore(world, form)
    let draft = try Fixture.draft("d1", for: world.offer)
    store.send(.key(.enter)) { $0.state.saving = true }
    #expect(store.running == 1)
    // While the airline saves, Enter and typing do nothing; Esc goes to the root.
    store.send(.key(.enter))
    store.send(.key(.character("x")))
    store.send(.key(.escape)) { $0.handled = false }
    await store.receive({
      if case .draftSaved(.success) = $0 { true } else { false }
    }) {
      $0.state.saving = false
      $0.handled = true
      $0.output = .passengersSaved(draft)
    }
    store.finish()
  }

  @Test("the airline's refusal is shown in the panel, the form stays, and editing clears it")
  func refusal() async throws {
    var world = try PassengersScreen()
    let offer = world.offer
    world.airline.createDraft = { _, _, _ throws(ServiceError) in
      throw .offerNoLongerAvailable(offer.id)
    }
    var form = try filled(world)
    form.focus = .proceed
    let store = makeStore(world, form)
    store.send(.key(.enter)) { $0.state.saving = true }
    await store.receive({ $0 == .draftSaved(.failure(.offerNoLongerAvailable(offer.id))) }) {
      $0.state.saving = false
      $0.state.failure = "That offer is no longer available - pick another."
    }
    store.send(.key(.backTab)) { $0.state.focus = .phone }
    store.send(.key(.backspace)) {
      $0.state.phone.setText(String(Fixture.phone.dropLast()))
      $0.state.failure = nil
    }
    store.finish()
  }

  @Test("a birth date today or later, or over 120 years before the flight, is refused at its field")
  func birthDates() async throws {
    let world = try PassengersScreen()
    var form = try filled(world)
    form.forms[0].birth.setText("2030-01-01")
    form.forms[1].birth.setText("1899-02-03")
    form.focus = .proceed
    let store = makeStore(world, form)
    store.send(.key(.enter)) {
      $0.state.errors = [
        .birth(0): "A date of birth must be in the past.",
        .birth(1): "120 years or more before the flight: check the year.",
      ]
      $0.state.focus = .birth(0)
    }
    store.finish()
  }

  /// An airline that saves any draft it is asked to.
  static func saving(_ world: inout PassengersScreen) {
    world.airline.createDraft = { offer, passengers, contact throws(ServiceError) in
      do {
        return try BookingDraft(
          id: DraftID("d1"), offer: offer, passengers: passengers, contact: contact)
      } catch { throw .storage("\(error)") }
    }
  }

  @Test("a row per traveller of the party, adults first, each headed by its type")
  func rowsByType() throws {
    let world = try PassengersScreen(party: Party(adults: 2, children: 1, infants: 1))
    let state = PassengersFeature.State(offer: world.offer, prefill: .empty)
    #expect(state.forms.count == 4)
    #expect(state.forms.indices.map(state.type(of:)) == [.adult, .adult, .child, .infant])
    let headings = { (strings: Strings) in
      state.forms.indices.map { strings.passengerHeading(state.type(of: $0), state.number(of: $0)) }
    }
    #expect(headings(.english) == ["Adult 1", "Adult 2", "Child", "Infant (on a lap)"])
    #expect(headings(.turkish) == ["1. yetişkin", "2. yetişkin", "Çocuk", "Bebek (kucakta)"])
    var canvas = Canvas(width: 80, height: 30)
    PassengersView.draw(
      state, on: &canvas, in: canvas.bounds, theme: .color, strings: .english, spinner: 0)
    let screen = canvas.description
    for heading in ["Adult 1", "Adult 2", "Child", "Infant (on a lap)"] {
      #expect(screen.contains(heading), "\(screen)")
    }
  }

  @Test("the prefill fills the rows of its travellers' types, in order; other rows stay empty")
  func prefillByType() throws {
    let world = try PassengersScreen(party: Party(adults: 2, children: 1))
    let tim = try Passenger(
      id: PassengerID("p2"), title: .mstr, givenName: "Tim", familyName: "Lovelace",
      dateOfBirth: CalendarDay(iso: "2018-03-01"))
    let travellers = try Fixture.travellers()
    let prefill = PassengerPrefill.fromDraft(
      passengers: [travellers[0], tim, travellers[1]], contact: try Fixture.contact())
    let state = PassengersFeature.State(offer: world.offer, prefill: prefill)
    #expect(state.forms.map(\.given.text) == ["Ada", "Grace", "Tim"])
    #expect(state.forms.map(\.title) == [.ms, .dr, .mstr])
    // Two adults carried to a party of an adult and a child: the child's row is empty.
    let fewer = try PassengersScreen(party: Party(adults: 1, children: 1))
    let carried = PassengersFeature.State(
      offer: fewer.offer,
      prefill: .fromDraft(passengers: travellers, contact: try Fixture.contact()))
    #expect(carried.forms.map(\.given.text) == ["Ada", ""])
  }

  @Test(
    "a birth date of another type on the departure day is refused at its field; fitting ones save")
  func birthContradictsRow() async throws {
    var world = try PassengersScreen(party: Party(adults: 1, children: 1, infants: 1))
    Self.saving(&world)
    var form = PassengersFeature.State(
      offer: world.offer, prefill: .fromDraft(passengers: [], contact: try Fixture.contact()))
    let rows: [(Title, String, String)] = [
      (.ms, "Ada", "2020-01-01"), (.mstr, "Tim", "1985-12-10"),
      // Under 2 today (29 Nov), but 2 on the day of the flight (24 Dec): a child then.
      (.miss, "Eve", "2024-12-10"),
    ]
    for (index, (title, name, born)) in rows.enumerated() {
      form.forms[index].title = title
      form.forms[index].given.setText(name)
      form.forms[index].family.setText("Lovelace")
      form.forms[index].birth.setText(born)
    }
    form.focus = .proceed
    let store = makeStore(world, form)
    store.send(.key(.enter)) {
      $0.state.errors = [
        .birth(0): "A child on Thu 24 Dec, not an adult (12+).",
        .birth(1): "An adult on Thu 24 Dec, not a child (2-11).",
        .birth(2): "A child on Thu 24 Dec, not an infant (under 2).",
      ]
      $0.state.focus = .birth(0)
    }
    store.finish()

    for (index, born) in ["1985-12-10", "2018-03-01", "2024-12-25"].enumerated() {
      form.forms[index].birth.setText(born)
    }
    let draft = try BookingDraft(
      id: DraftID("d1"), offer: world.offer,
      passengers: rows.enumerated().map { index, row in
        try Passenger(
          id: PassengerID("p\(index + 1)"), title: row.0, givenName: row.1,
          familyName: "Lovelace", dateOfBirth: CalendarDay(iso: form.forms[index].birth.text))
      }, contact: Fixture.contact())
    let together = makeStore(world, form)
    together.send(.key(.enter)) { $0.state.saving = true }
    await together.receive({ $0 == .draftSaved(.success(draft)) }) {
      $0.state.saving = false
      $0.output = .passengersSaved(draft)
    }
    together.finish()
  }

  @Test("the Turkish form says a contradicting birth date in Turkish")
  func birthContradictsRowInTurkish() throws {
    let world = try PassengersScreen(party: Party(adults: 1, infants: 1))
    var form = try filled(world)
    #expect(form.forms[1].given.text.isEmpty, "no infant was carried over")
    form.forms[1].title = .miss
    form.forms[1].given.setText("Grace")
    form.forms[1].family.setText("Hopper")
    form.forms[1].birth.setText("1986-12-09")
    form.focus = .proceed
    _ = PassengersFeature.reduce(
      &form, .key(.enter), today: world.today, environment: world.environment, strings: .turkish)
    #expect(form.errors == [.birth(1): "24 Ara Per günü yetişkin, bebek değil (2 yaş altı)."])
  }

  @Test("a title is the traveller's choice: none by default, and those offered fit the row's type")
  func titles() async throws {
    let world = try PassengersScreen(party: Party(adults: 1, children: 1))
    var form = PassengersFeature.State(offer: world.offer, prefill: .empty)
    form.focus = .title(1)
    let store = makeStore(world, form)
    #expect(store.state.state.forms.allSatisfy { $0.title == nil })
    // A child is a Miss or a Mstr; Right and Space go round them, Left goes back.
    store.send(.key(.right)) { $0.state.forms[1].title = .miss }
    store.send(.key(.character(" "))) { $0.state.forms[1].title = .mstr }
    store.send(.key(.right)) { $0.state.forms[1].title = .miss }
    store.send(.key(.left)) { $0.state.forms[1].title = .mstr }
    // Typing on a title does nothing there.
    store.send(.key(.character("m"))) { $0.handled = false }
    store.send(.key(.up)) {
      $0.state.focus = .birth(0)
      $0.handled = true
    }
    store.send(.key(.up)) { $0.state.focus = .family(0) }
    store.send(.key(.up)) { $0.state.focus = .given(0) }
    store.send(.key(.up)) { $0.state.focus = .title(0) }
    // An adult's titles, the first first.
    store.send(.key(.right)) { $0.state.forms[0].title = .mr }
    store.send(.key(.left)) { $0.state.forms[0].title = .dr }
    store.finish()
  }

  @Test("a title carried over that does not fit the row's type is refused at the title")
  func titleNotForType() async throws {
    let world = try PassengersScreen()
    var form = try filled(world)
    form.forms[1].title = .mstr
    form.focus = .proceed
    let store = makeStore(world, form)
    store.send(.key(.enter)) {
      $0.state.errors = [
        .title(1): "Mstr is not a title for an adult: choose Mr, Mrs, Ms, Miss, Mx or Dr."
      ]
      $0.state.focus = .title(1)
    }
    store.finish()
  }
}
