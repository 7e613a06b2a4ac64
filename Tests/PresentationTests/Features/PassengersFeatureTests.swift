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
  let strings = Strings.english

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

  /// Presses Continue.
  func pressContinue(_ state: inout PassengersFeature.State, _ world: PassengersScreen)
    -> FeatureReply<PassengersFeature.Action, PassengersFeature.Output>
  {
    state.focus = .proceed
    return PassengersFeature.reduce(
      &state, .key(.enter), today: world.today, environment: world.environment, strings: strings)
  }

  @Test("a birth date today or later, or over 120 years before the flight, is refused at its field")
  func birthDates() async throws {
    let world = try PassengersScreen()
    var state = try filled(world)
    state.forms[0].birth.setText("2030-01-01")
    state.forms[1].birth.setText("1899-02-03")
    let reply = pressContinue(&state, world)
    #expect(reply.effect.isNone)
    #expect(state.errors[.birth(0)] == "A date of birth must be in the past.")
    #expect(state.errors[.birth(1)] == "120 years or more before the flight: check the year.")
    #expect(state.focus == .birth(0))
    #expect(!state.saving)
  }

  @Test("no adult, or more infants than adults, is said under Continue before asking the airline")
  func travellingTogether() async throws {
    let world = try PassengersScreen()
    var state = try filled(world)
    state.forms[0].birth.setText("2020-01-01")
    state.forms[1].birth.setText("2019-06-01")
    state.forms[0].title = .miss
    state.forms[1].title = .mstr
    var reply = pressContinue(&state, world)
    #expect(reply.effect.isNone)
    #expect(state.failure == "At least one passenger must be an adult (12 or older on the day).")
    state.forms[0].birth.setText("1985-12-10")
    state.forms[0].title = .ms
    state.forms[1].birth.setText("2026-01-01")
    reply = PassengersFeature.reduce(
      &state, .key(.enter), today: world.today, environment: world.environment, strings: .turkish)
    #expect(reply.effect.jobs.count == 1, "one adult with one infant may fly")
    #expect(state.failure == nil)
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
    let offer = world.offer
    var state = PassengersFeature.State(offer: offer, prefill: .empty)
    state.focus = .proceed
    var reply = PassengersFeature.reduce(
      &state, .key(.enter), today: world.today, environment: world.environment, strings: strings)
    #expect(reply.effect.isNone)
    #expect(state.errors[.given(0)] == "Required.")
    #expect(state.errors[.birth(1)] == "Required.")
    #expect(state.errors[.email] == "Required.")
    #expect(state.errors[.title(0)] == "Choose a title.")
    #expect(state.focus == .title(0))

    let filled = PassengersFeature.State(
      offer: offer,
      prefill: .fromDraft(passengers: try Fixture.travellers(), contact: try Fixture.contact()))
    state = filled
    state.focus = .proceed
    reply = PassengersFeature.reduce(
      &state, .key(.enter), today: world.today, environment: world.environment, strings: strings)
    #expect(state.saving)
    #expect(state.errors.isEmpty)
    #expect(reply.effect.jobs.count == 1)
    let again = PassengersFeature.reduce(
      &state, .key(.enter), today: world.today, environment: world.environment, strings: strings)
    #expect(again.effect.isNone)
    #expect(
      PassengersFeature.reduce(
        &state, .key(.character("x")), today: world.today, environment: world.environment,
        strings: strings
      ).handled)
    #expect(state.forms == filled.forms)

    let job = try #require(reply.effect.jobs.first)
    let answer = await job.run()
    let output = PassengersFeature.reduce(
      &state, answer, today: world.today, environment: world.environment, strings: strings
    ).output
    guard case .passengersSaved(let draft)? = output else {
      Issue.record("no draft: \(String(describing: output))")
      return
    }
    #expect(draft.passengers.map(\.fullName) == ["Ada Lovelace", "Grace Hopper"])
    let contact = try Fixture.contact()
    #expect(draft.offer == world.offer && draft.contact == contact)
    #expect(!state.saving)
  }

  @Test("the airline's refusal is shown in the panel and the form stays")
  func refusal() async throws {
    let world = try PassengersScreen()
    let offer = world.offer
    var state = PassengersFeature.State(offer: offer, prefill: .empty)
    state.saving = true
    _ = PassengersFeature.reduce(
      &state, .draftSaved(.failure(.offerNoLongerAvailable(offer.id))),
      today: world.today, environment: world.environment, strings: strings)
    #expect(state.failure == "That offer is no longer available - pick another.")
    #expect(!state.saving)
  }

  func press(_ state: inout PassengersFeature.State, _ keys: [Key], _ world: PassengersScreen) {
    for key in keys {
      _ = PassengersFeature.reduce(
        &state, .key(key), today: world.today, environment: world.environment, strings: strings)
    }
  }

  @Test("a title is the traveller's choice: none by default, and Continue asks for one")
  func noDefaultTitle() async throws {
    let world = try PassengersScreen()
    var state = PassengersFeature.State(offer: world.offer, prefill: .empty)
    #expect(state.forms.allSatisfy { $0.title == nil })
    state.forms[0].given.setText("Ada")
    state.forms[0].family.setText("Lovelace")
    state.forms[0].birth.setText("1985-12-10")
    state.forms[1] = try #require(try filled(world).forms.last)
    state.email.setText("ada@example.com")
    state.phone.setText("+31201234567")
    let reply = pressContinue(&state, world)
    #expect(reply.effect.isNone)
    #expect(state.errors[.title(0)] == "Choose a title.")
    #expect(state.focus == .title(0))
  }

  @Test("the titles offered fit the traveller: Mstr and Miss for a child, not Mr")
  func titlesByType() async throws {
    let world = try PassengersScreen()
    var state = PassengersFeature.State(offer: world.offer, prefill: .empty)
    state.forms[1].birth.setText("2020-05-05")
    state.focus = .title(1)
    var seen: [Title?] = []
    for _ in 0..<4 {
      press(&state, [.right], world)
      seen.append(state.forms[1].title)
    }
    #expect(Set(seen.compactMap { $0 }) == [.miss, .mstr], "\(seen)")
    state.focus = .title(0)
    press(&state, [.right], world)
    #expect(state.forms[0].title != nil)
    // A title picked before the birth date that does not fit it is refused at the title.
    state.forms[1].title = .mr
    _ = pressContinue(&state, world)
    #expect(state.errors[.title(1)] == "Mr is not a title for a child: choose Miss or Mstr.")
  }
}
