import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import TestSupport
import Testing

/// The passengers screen's input: a literal offer for two, a stopped clock, and an airline that
/// answers only what a test says (any other call fails the test).
struct PassengersScreen {
  let offer: Offer
  var airline = TestAirline.failing

  init() throws { offer = try Fixture.offer("o1") }

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

  @Test("no adult, or more infants than adults, is said under Continue before asking the airline")
  func travellingTogether() async throws {
    var world = try PassengersScreen()
    world.airline.createDraft = { offer, passengers, contact throws(ServiceError) in
      do {
        return try BookingDraft(
          id: DraftID("d1"), offer: offer, passengers: passengers, contact: contact)
      } catch { throw .storage("\(error)") }
    }
    var form = try filled(world)
    form.forms[0].birth.setText("2020-01-01")
    form.forms[1].birth.setText("2019-06-01")
    form.forms[0].title = .miss
    form.forms[1].title = .mstr
    form.focus = .proceed
    let store = makeStore(world, form)
    store.send(.key(.enter)) {
      $0.state.failure = "At least one passenger must be an adult (12 or older on the day)."
    }
    store.finish()

    // One adult may fly with one infant: Continue saves.
    form.forms[0].birth.setText("1985-12-10")
    form.forms[0].title = .ms
    form.forms[1].birth.setText("2026-01-01")
    let draft = try BookingDraft(
      id: DraftID("d1"), offer: world.offer,
      passengers: [
        Passenger(
          id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
          dateOfBirth: CalendarDay(iso: "1985-12-10")),
        Passenger(
          id: PassengerID("p2"), title: .mstr, givenName: "Grace", familyName: "Hopper",
          dateOfBirth: CalendarDay(iso: "2026-01-01")),
      ], contact: Fixture.contact())
    let together = makeStore(world, form)
    together.send(.key(.enter)) { $0.state.saving = true }
    await together.receive({ $0 == .draftSaved(.success(draft)) }) {
      $0.state.saving = false
      $0.output = .passengersSaved(draft)
    }
    together.finish()
  }

  @Test("a title is the traveller's choice: none by default, and those offered fit the traveller")
  func titles() async throws {
    let world = try PassengersScreen()
    var form = PassengersFeature.State(offer: world.offer, prefill: .empty)
    form.forms[1].birth.setText("2020-05-05")
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
    // With no birth date, every title is offered, the first first.
    store.send(.key(.right)) { $0.state.forms[0].title = .mr }
    store.finish()
  }

  @Test("a title picked before a birth date it does not fit is refused at the title")
  func titleNotForType() async throws {
    let world = try PassengersScreen()
    var form = try filled(world)
    form.forms[1].birth.setText("2020-05-05")
    form.forms[1].title = .mr
    form.focus = .proceed
    let store = makeStore(world, form)
    store.send(.key(.enter)) {
      $0.state.errors = [.title(1): "Mr is not a title for a child: choose Miss or Mstr."]
      $0.state.focus = .title(1)
    }
    store.finish()
  }
}
