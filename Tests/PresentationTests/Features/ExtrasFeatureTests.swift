import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import TestSupport
import Testing

/// The extras screen's input: a literal draft and seat map, and an airline that answers the seat
/// map (and whatever else a test says; any other call fails the test).
struct ExtrasScreen: AppWorld {
  let draft: BookingDraft
  var airline = TestAirline.failing

  init(draft: BookingDraft? = nil) throws {
    let draft = try draft ?? Fixture.draft("d1", for: Fixture.offer("o1"))
    self.draft = draft
    let map = try Fixture.seatMap(for: draft.offer)
    airline.seatMap = { id throws(ServiceError) in
      guard id == map.offerID else { throw .offerNoLongerAvailable(id) }
      return map
    }
  }

  var environment: AppEnvironment { .test(airline: airline) }
}

@Suite("Extras feature")
struct ExtrasFeatureTests {
  let strings = Strings.english

  func loaded(_ world: ExtrasScreen) async throws -> (ExtrasFeature.State, SeatMap) {
    let draft = world.draft
    var state = ExtrasFeature.State(draft: draft)
    await settle(&state, ExtrasFeature.onAppear(state, environment: world.environment)) {
      ExtrasFeature.reduce(&$0, $1, environment: world.environment, strings: strings).effect
    }
    guard case .loaded(let map) = state.seatMap else {
      Issue.record("seat map not loaded")
      throw CancellationError()
    }
    return (state, map)
  }

  func press(_ state: inout ExtrasFeature.State, _ keys: [Key], _ world: ExtrasScreen)
    -> [FeatureReply<ExtrasFeature.Action, ExtrasFeature.Output>]
  {
    keys.map {
      ExtrasFeature.reduce(&state, .key($0), environment: world.environment, strings: strings)
    }
  }

  @Test("Enter picks the cursor's seat for the current passenger, then the next passenger")
  func pickSeats() async throws {
    let world = try ExtrasScreen()
    var (state, map) = try await loaded(world)
    let first = try #require(state.cursor)
    #expect(map.seat(first)?.occupied == false)
    _ = press(&state, [.enter], world)
    #expect(state.extras.seats == [try PassengerID("p1"): first])
    #expect(state.passenger == 1)
    // Walk right until a free seat, then pick it for passenger 2.
    for _ in 0..<12 {
      _ = press(&state, [.right], world)
      if let cursor = state.cursor, map.seat(cursor)?.occupied == false, cursor != first { break }
    }
    let second = try #require(state.cursor)
    _ = press(&state, [.enter], world)
    #expect(state.extras.seats[try PassengerID("p2")] == second)
  }

  @Test("passengers keep their draft numbers: with an infant second, 3 picks the third passenger")
  func numbersWithAnInfant() async throws {
    let passengers = [
      try Fixture.travellers()[0],
      try Passenger(
        id: PassengerID("p2"), title: .mr, givenName: "Bob", familyName: "Kaya",
        dateOfBirth: CalendarDay(iso: "2026-03-01")),
      try Passenger(
        id: PassengerID("p3"), title: .mr, givenName: "Cem", familyName: "Kaya",
        dateOfBirth: CalendarDay(iso: "1980-01-01")),
    ]
    let draft = try BookingDraft(
      id: DraftID("d3"), offer: Fixture.offer("o3", passengers: 3), passengers: passengers,
      contact: Fixture.contact())
    var world = try ExtrasScreen(draft: draft)
    // The root lists the results above extras (the offers and the fare strip) too.
    world.airline.offers = { _ throws(ServiceError) in [draft.offer] }
    world.airline.lowestFares = { _, _ throws(ServiceError) in [] }
    // Through the root, as the app runs it: resumed at extras with this draft.
    var flow = BookingFlow()
    _ = flow.searchSubmitted(try Fixture.criteria(passengers: 3))
    _ = flow.offerSelected(draft.offer, from: try #require(flow.path.last))
    _ = flow.passengersSaved(draft, from: try #require(flow.path.last))
    var root = RootFeature.State(now: Fixture.now)
    let restored = Restoration(flow: flow, outcome: .resumed(at: .extras))
    await drive(&root, [.restored(restored), .key(.character("3")), .key(.enter)], world)
    guard let state = root.steps.last?.screen.state(ExtrasFeature.self) else {
      Issue.record("not at extras: \(root.flow.path)")
      return
    }
    #expect(state.seatedPassengers.map(\.givenName) == ["Ada", "Cem"])
    let seat = try #require(state.extras.seats[try PassengerID("p3")], "3 is Cem")
    await drive(&root, [.key(.character("2"))], world)
    guard let after = root.steps.last?.screen.state(ExtrasFeature.self) else { return }
    #expect(after.passenger == state.passenger, "2 is the infant, who has no seat: nothing changes")
    let text = RootView.render(root, width: 100, height: 30, theme: .color).lines.joined(
      separator: "\n")
    #expect(text.contains("3 Cem Kaya  \(seat)"), "\(text)")
    #expect(text.contains("2 Bob Kaya  on a lap"), "\(text)")
    #expect(text.contains("[3]"), "the seat map labels Cem's seat 3:\n\(text)")
  }

  @Test("an occupied seat is refused with a message, and nothing changes")
  func takenSeat() async throws {
    let world = try ExtrasScreen()
    var (state, map) = try await loaded(world)
    let taken = try #require(map.seats.first { $0.occupied })
    state.cursor = taken.designator
    let before = state.extras
    _ = press(&state, [.enter], world)
    #expect(state.extras == before)
    #expect(state.message == "Seat \(taken.designator) is taken - pick another.")
  }

  @Test("bags go 0 to 3 per passenger; insurance toggles; the estimate follows")
  func bagsAndInsurance() async throws {
    let world = try ExtrasScreen()
    var (state, _) = try await loaded(world)
    let fareOnly = try #require(state.estimate)
    _ = press(&state, [.tab] + Array(repeating: .character("+"), count: 5), world)
    #expect(state.extras.bags == [try PassengerID("p1"): 3])
    _ = press(&state, [.down, .character("+"), .character("-"), .character("-")], world)
    #expect(state.extras.bags == [try PassengerID("p1"): 3])
    _ = press(&state, [.tab, .character(" ")], world)
    #expect(state.extras.insurance)
    let estimate = try #require(state.estimate)
    #expect(estimate.map(\.kind) == [.fare, .bag, .insurance])
    #expect(fareOnly.map(\.kind) == [.fare])
  }

  @Test("c prices the extras once; the reply produces the quote")
  func continueToPayment() async throws {
    var world = try ExtrasScreen()
    let draft = world.draft
    world.airline.price = { draftID, extras throws(ServiceError) in
      #expect(draftID == draft.id)
      do { return try Fixture.quote("q1", for: draft, extras: extras) } catch {
        throw .storage("\(error)")
      }
    }
    var (state, _) = try await loaded(world)
    _ = press(&state, [.enter], world)
    let replies = press(&state, [.character("c"), .character("c"), .escape], world)
    #expect(state.pricing)
    #expect(replies[0].effect.jobs.count == 1)
    #expect(replies[1].effect.isNone)
    #expect(!replies[2].handled)
    let answer = await replies[0].effect.jobs[0].run()
    let output = ExtrasFeature.reduce(
      &state, answer, environment: world.environment, strings: strings
    ).output
    guard case .extrasPriced(let quote)? = output else {
      Issue.record("no quote")
      return
    }
    #expect(quote.extras == state.extras)
  }
}
