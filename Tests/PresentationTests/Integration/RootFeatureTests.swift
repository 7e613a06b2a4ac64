import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import SimulatedAirline
import TestSupport
import Testing
import Zones

@Suite("Root feature")
struct RootFeatureTests {
  /// The root at results for IST→AMS on 24 Dec for two, offers loaded.
  func atResults(_ world: TestWorld) async -> RootFeature.State {
    var state = RootFeature.State(now: TestWorld.start)
    await drive(
      &state,
      keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
        + keys("2026-12-24") + [.key(.tab), .key(.character("+")), .key(.control("s"))], world)
    return state
  }

  /// Keys filling both passengers and the contact, ending with the focus on Continue.
  let fillPassengers: [RootFeature.Action] =
    [.key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace") + [.key(.tab)]
    + keys("1985-12-10")
    + [.key(.tab), .key(.right), .key(.tab)] + keys("太郎") + [.key(.tab)] + keys("山田") + [.key(.tab)]
    + keys("1986-12-09") + [.key(.tab)] + keys("ada@example.com") + [.key(.tab)]
    + keys("+31201234567") + [.key(.tab)]

  /// Every entry matches its step on the path, one each, in order.
  func expectOneStatePerStep(
    _ state: RootFeature.State, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(state.steps.map(\.screen.step) == state.flow.path, sourceLocation: sourceLocation)
    #expect(BookingFlow.isValidChain(state.flow.path), sourceLocation: sourceLocation)
  }

  @Test("today is where the traveller is, in the zone the app gives, never the machine's")
  func todayFollowsTheGivenZone() throws {
    // 22:30 UTC on 29 Nov is already 30 Nov in Istanbul (UTC+3).
    let late = TestWorld.start.addingTimeInterval(10.5 * 3600)
    let istanbul = try #require(ZoneSource.live.zone(named: "Europe/Istanbul"))
    let there = RootFeature.State(now: late, zone: istanbul)
    let here = RootFeature.State(now: late)
    #expect(there.today == (try CalendarDay(iso: "2026-11-30")))
    #expect(there.search.today == there.today)
    #expect(here.today == (try CalendarDay(iso: "2026-11-29")), "UTC unless the app says")
  }

  @Test("what a resume said goes at the next step; a lasting notice (a replay) stays")
  func noticeLifetime() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    let criteria = try world.criteria()
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: criteria, position: .results), using: world.environment.services,
      now: TestWorld.start)
    await drive(&state, [.restored(restored)], world)
    #expect(state.shell.notice == "Resumed at results")
    await drive(&state, [.key(.enter)], world)
    #expect(state.flow.current == .passengers)
    #expect(state.shell.notice == nil, "the resume notice outlived the next step")

    await drive(&state, [.announce("Replaying", lasting: true), .key(.escape)], world)
    #expect(state.flow.current == .results)
    #expect(state.shell.notice == "Replaying")
    await drive(&state, [.announce("Stopped"), .key(.enter)], world)
    #expect(state.shell.notice == nil)
  }

  @Test("a whole booking through the root: each output moves the flow, one state per step")
  func wholeBooking() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    #expect(state.flow.path == [.results(try world.criteria())])
    expectOneStatePerStep(state)

    await drive(&state, [.key(.enter)], world)
    #expect(state.current == .passengers)
    await drive(
      &state,
      [.key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace") + [.key(.tab)]
        + keys("1985-12-10")
        + [.key(.tab), .key(.right), .key(.tab)] + keys("Grace") + [.key(.tab)] + keys("Hopper") + [
          .key(.tab)
        ]
        + keys("1986-12-09") + [.key(.tab)] + keys("ada@example.com") + [.key(.tab)]
        + keys("+31201234567") + [.key(.tab), .key(.enter)], world)
    #expect(state.current == .extras)
    expectOneStatePerStep(state)

    await drive(&state, [.key(.enter), .key(.character("c"))], world)
    #expect(state.current == .payment)
    await drive(
      &state,
      cardKeys() + [.key(.tab), .key(.enter)], world)
    #expect(state.current == .confirmation)
    #expect(state.flow.path.count == 1)
    expectOneStatePerStep(state)
    guard let feature = state.steps.last?.screen.state(ConfirmationFeature.self),
      case .loaded(let booking) = feature.booking
    else {
      Issue.record("no booking shown")
      return
    }
    #expect(booking.passengers.map(\.givenName) == ["Ada", "Grace"])
    #expect(state.shell.events.allSatisfy { $0.isAccepted })
    await drive(&state, [.key(.escape)], world)
    #expect(state.current == .confirmation, "Esc does not leave the booking's confirmation")
    await drive(&state, [.key(.character("n"))], world)
    #expect(state.flow.path.isEmpty, "n starts a new booking")
  }

  @Test("details typed but not saved survive going back and choosing another flight")
  func typedDetailsSurviveBack() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(
      &state,
      [.key(.enter), .key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace"),
      world)
    #expect(state.current == .passengers)
    await drive(&state, [.key(.escape), .key(.down), .key(.enter)], world)
    #expect(state.current == .passengers)
    guard let form = state.steps.last?.screen.state(PassengersFeature.self) else {
      Issue.record("not at passengers")
      return
    }
    #expect(form.forms[0].given.text == "Ada")
    #expect(form.forms[0].family.text == "Lovelace")
    // The names travel as the new passengers step's input, decided by the flow owner.
    guard case .passengers(_, .typed(let passengers, _, _))? = state.flow.path.last else {
      Issue.record("the step's input carries no prefill: \(state.flow.path)")
      return
    }
    #expect(passengers.first?.givenName == "Ada" && passengers.first?.familyName == "Lovelace")
  }

  @Test("a new search, a payment and a new booking start with empty forms")
  func typedDetailsEndWithTheSearch() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(
      &state, [.key(.enter), .key(.right), .key(.tab)] + keys("Ada") + [.key(.escape)], world)
    #expect(state.current == .results)
    #expect(state.flow.typedTravellers != .empty)
    // Another day is a new search: the path is replaced from its first step.
    await drive(&state, [.key(.character("]"))], world)
    #expect(state.current == .results)
    #expect(state.flow.typedTravellers == .empty)
    await drive(&state, [.key(.enter)], world)
    let form = state.steps.last?.screen.state(PassengersFeature.self)
    #expect(form?.forms.first?.given.text == "", "\(String(describing: form?.forms.first))")
  }

  @Test("a card number and expiry typed survive a new price; the security code is typed again")
  func typedCardSurvivesNewPrice() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.enter)] + fillPassengers + [.key(.enter)], world)
    await drive(&state, [.key(.character("c"))], world)
    #expect(state.current == .payment)
    await drive(
      &state,
      cardKeys() + [.key(.escape)], world)
    #expect(state.current == .extras)
    await drive(&state, [.key(.character("c"))], world)
    guard let form = state.steps.last?.screen.state(PaymentFeature.self) else {
      Issue.record("not at payment")
      return
    }
    #expect(form.number.text == "4242424242424242")
    #expect(form.expiry.text == "12/30")
    #expect(form.cvc.text.isEmpty, "the security code is never kept")
    #expect(form.focus == .cvc)
    #expect(state.flow.path.last == .payment(form.quote), "the step's input is the quote alone")
  }

  @Test("a card typed for one flight is not offered for another")
  func typedCardStaysWithItsDraft() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.enter)] + fillPassengers + [.key(.enter)], world)
    await drive(&state, [.key(.character("c"))] + cardKeys(), world)
    #expect(state.current == .payment)
    await drive(&state, [.key(.escape), .key(.escape), .key(.escape)], world)
    #expect(state.current == .results)
    await drive(&state, [.key(.down), .key(.enter)], world)
    // The names come along (two travellers and the contact); Continue saves them for it.
    await drive(&state, Array(repeating: .key(.tab), count: 10) + [.key(.enter)], world)
    #expect(state.current == .extras)
    await drive(&state, [.key(.character("c"))], world)
    guard let form = state.steps.last?.screen.state(PaymentFeature.self) else {
      Issue.record("not at payment: \(state.current)")
      return
    }
    #expect(form.number.text.isEmpty && form.expiry.text.isEmpty)
    #expect(form.focus == .number)
  }

  @Test("the help scrolls with the arrows on a short screen, and any other key closes it")
  func helpScrolls() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    await drive(&state, [.key(.resize(width: 70, height: 14)), .key(.function(1))], world)
    var screen = RootView.render(state, width: 70, height: 14, theme: .color).description
    #expect(screen.contains("Tab / Shift-Tab") && screen.contains("▾"), "\(screen)")
    await drive(&state, Array(repeating: .key(.down), count: 30), world)
    screen = RootView.render(state, width: 70, height: 14, theme: .color).description
    #expect(!screen.contains("Tab / Shift-Tab") && screen.contains("▴"), "\(screen)")
    #expect(screen.contains("resume."), "the end can be reached:\n\(screen)")
    await drive(&state, [.key(.up)], world)
    screen = RootView.render(state, width: 70, height: 14, theme: .color).description
    #expect(screen.contains("▾"), "one ↑ after a long ↓ moves back at once:\n\(screen)")
    await drive(&state, [.key(.character("x"))], world)
    #expect(state.shell.modal == nil && state.shell.modalScroll == 0)
  }

  @Test("the confirmation marks an infant on a lap and lists the insurance bought")
  func confirmationWithInfantAndInsurance() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    // One adult and an infant on a lap, chosen at search: Tab from the date to the infants.
    await drive(
      &state,
      keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
        + keys("2026-12-24") + [.key(.tab), .key(.tab), .key(.tab), .key(.character("+"))]
        + [.key(.control("s"))], world)
    #expect(state.current == .results)
    // The rows follow the party: the adult, then the infant (Miss or Mstr: two steps to Mstr).
    await drive(
      &state,
      [.key(.enter), .key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace") + [
        .key(.tab)
      ]
        + keys("1985-12-10") + [.key(.tab), .key(.right), .key(.right), .key(.tab)] + keys("Bob")
        + [.key(.tab)] + keys("Kaya") + [.key(.tab)] + keys("2026-05-01") + [.key(.tab)]
        + keys("ada@example.com") + [.key(.tab)] + keys("+31201234567")
        + [.key(.tab), .key(.enter)], world)
    #expect(state.current == .extras)
    // Tab to the bags, Tab to insurance, Space to take it, then price and pay.
    await drive(
      &state, [.key(.tab), .key(.tab), .key(.character(" ")), .key(.character("c"))], world)
    #expect(state.current == .payment)
    await drive(
      &state,
      cardKeys() + [.key(.tab), .key(.enter)], world)
    #expect(state.current == .confirmation)
    let screen = RootView.render(state, width: 100, height: 30, theme: .color).description
    #expect(screen.contains("Bob Kaya · on a lap"), "\(screen)")
    #expect(screen.contains("Travel insurance"), "\(screen)")
  }

  @Test("a price the airline changed is shown old → new; Esc stays on extras, Enter pays it")
  func priceChangedBeforePayment() async throws {
    let world = TestWorld(priceChanges: .always)
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.enter)] + fillPassengers + [.key(.enter)], world)
    #expect(state.current == .extras)
    await drive(&state, [.key(.character("c"))], world)
    #expect(state.current == .extras)
    var screen = RootView.render(state, width: 100, height: 30, theme: .color).description
    #expect(screen.contains("The airline changed the price"), "\(screen)")
    let extras = try #require(state.steps.last?.screen.state(ExtrasFeature.self))
    let change = try #require(extras.priceChange?.priceChange)
    #expect(screen.contains("→ " + change.after.formatted(MoneyStyle.english)), "\(screen)")
    await drive(&state, [.key(.escape)], world)
    #expect(state.current == .extras)
    screen = RootView.render(state, width: 100, height: 30, theme: .color).description
    #expect(!screen.contains("The airline changed the price"), "\(screen)")
    await drive(&state, [.key(.character("c")), .key(.enter)], world)
    #expect(state.current == .payment)
    guard case .payment(let quote)? = state.flow.path.last else {
      Issue.record("not at payment: \(state.flow.path)")
      return
    }
    #expect(quote.priceChange == change)
    // The payment step says it too, as a pay link opening it directly would show it.
    screen = RootView.render(state, width: 100, height: 30, theme: .color).description
    #expect(
      screen.contains(
        "Fare and taxes: \(change.before.formatted(MoneyStyle.english)) → "
          + change.after.formatted(MoneyStyle.english)), "\(screen)")
    await drive(&state, cardKeys() + [.key(.tab), .key(.enter)], world)
    #expect(state.current == .confirmation)
  }

  @Test("a reply that arrives after its step was popped changes nothing")
  func lateReply() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.enter)] + fillPassengers, world)
    let passengersID = try #require(state.steps.last?.id)
    var sneaky = state
    // Continue starts saving; the person goes back before the airline answers.
    let saving = RootFeature.reduce(
      &sneaky, .key(.enter), at: world.environment.clock.now(), environment: world.environment)
    #expect(saving.jobs.count == 1)
    _ = RootFeature.reduce(
      &sneaky, .key(.escape), at: world.environment.clock.now(), environment: world.environment)
    #expect(sneaky.flow.path.map(\.kind) == [.results])
    let before = sneaky
    let late = await saving.jobs[0].run()
    guard case .step(let id, _) = late else {
      Issue.record("unexpected \(late)")
      return
    }
    #expect(id == passengersID)
    let effect = RootFeature.reduce(
      &sneaky, late, at: world.environment.clock.now(), environment: world.environment)
    // No work and no save: only the event log hears of it.
    #expect(effect.jobs.isEmpty && effect.cancellations.isEmpty)
    #expect(
      effect.commands == [
        .log("flow: dropped a reply for step \(passengersID): that step has left the path")
      ])
    #expect(sneaky.flow == before.flow)
    #expect(sneaky.steps == before.steps)
    #expect(
      sneaky.shell.activity.last
        == "dropped a reply for step \(passengersID): that step has left the path")
  }

  @Test("back, then another offer: names prefilled, no seats, new step IDs")
  func anotherOffer() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.enter)] + fillPassengers, world)
    guard let form = state.steps.last?.screen.state(PassengersFeature.self) else { return }
    await drive(&state, [.key(.enter)], world)
    #expect(state.current == .extras)
    let oldIDs = state.steps.map(\.id)
    await drive(&state, [.key(.escape), .key(.escape), .key(.down), .key(.enter)], world)
    #expect(state.current == .passengers)
    guard let fresh = state.steps.last?.screen.state(PassengersFeature.self) else { return }
    #expect(fresh.offer != form.offer)
    #expect(fresh.forms.map(\.given.text) == ["Ada", "太郎"])
    #expect(state.steps.last.map { !oldIDs.contains($0.id) } == true)
    #expect(!state.flow.path.contains { $0.kind == .extras })
    expectOneStatePerStep(state)
  }

  @Test("the search form survives going back to it")
  func searchSurvives() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.escape)], world)
    #expect(state.flow.path.isEmpty)
    #expect(state.steps.isEmpty)
    #expect(state.search.origin.text == "IST")
    #expect(state.search.destination.text == "AMS")
  }

  @Test("q asks before quitting; n stays; y quits")
  func quit() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.character("q"))], world)
    #expect(state.shell.modal == .confirmQuit)
    let stayed = await drive(&state, [.key(.character("n"))], world)
    #expect(state.shell.modal == nil && !stayed.contains(.quit(code: 0)))
    let quit = await drive(&state, [.key(.control("c")), .key(.character("y"))], world)
    #expect(quit.last == .quit(code: 0))
  }
}
