import Airline
import Canvas
import Domain
import FlowOwner
import TestSupport
import Testing

@testable import Presentation
@testable import Screens

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
  /// An exhaustive store on the extras for `world`'s draft, in English.
  func makeStore(_ world: ExtrasScreen)
    -> TestStore<FeatureState<ExtrasFeature.State, ExtrasFeature.Output>, ExtrasFeature.Action>
  {
    let environment = world.environment
    return TestStore.feature(ExtrasFeature.State(draft: world.draft)) {
      ExtrasFeature.reduce(&$0, $1, environment: environment, strings: .english)
    }
  }

  /// `store` after its seat map has loaded: the cursor on the first free seat, 10A.
  func appear(
    _ store: TestStore<
      FeatureState<ExtrasFeature.State, ExtrasFeature.Output>, ExtrasFeature.Action
    >, _ world: ExtrasScreen
  ) async throws -> SeatMap {
    let map = try Fixture.seatMap(for: world.draft.offer)
    store.run(ExtrasFeature.onAppear(store.state.state, environment: world.environment))
    await store.receive({ $0 == .seatMapsLoaded(.success([map])) }) {
      $0.state.seatMaps = .loaded([map])
      $0.state.cursor = try? SeatDesignator("10A")
      $0.state.estimate = [fare(world)]
    }
    return map
  }

  /// The fare line every estimate starts with.
  func fare(_ world: ExtrasScreen) -> LineItem {
    LineItem(kind: .fare, label: "Fare", amount: world.draft.offer.total)
  }

  /// The estimate the fixture fares give for `extras` on the fixture seat map.
  func estimate(_ extras: Extras, _ world: ExtrasScreen) throws -> [LineItem]? {
    FixtureFares().lineItems(
      draft: world.draft, extras: extras, seatMaps: [try Fixture.seatMap(for: world.draft.offer)])
  }

  @Test("Enter picks the cursor's seat for the current passenger, then the next passenger")
  func pickSeats() async throws {
    let world = try ExtrasScreen()
    let store = makeStore(world)
    _ = try await appear(store, world)
    let (p1, p2) = (try PassengerID("p1"), try PassengerID("p2"))
    var extras = Extras.none
    extras.seats[p1] = try SeatDesignator("10A")
    let one = try estimate(extras, world)
    store.send(.key(.enter)) {
      $0.state.extras = extras
      $0.state.passenger = 1
      $0.state.estimate = one
    }
    store.send(.key(.right)) { $0.state.cursor = try? SeatDesignator("10B") }
    extras.seats[p2] = try SeatDesignator("10B")
    let two = try estimate(extras, world)
    // Everyone is seated: the second passenger stays the one choosing.
    store.send(.key(.enter)) {
      $0.state.extras = extras
      $0.state.estimate = two
    }
    #expect(two != one, "the second seat is priced")
    // Enter on a passenger's own seat gives it back.
    store.send(.key(.enter)) {
      $0.state.extras.seats[p2] = nil
      $0.state.estimate = one
    }
    store.finish()
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
    world.airline.lowestFares = { _, _, _ throws(ServiceError) in
      FareCalendar(days: [], scale: nil)
    }
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

  @Test("an occupied seat is refused with a message, and the next key clears it")
  func takenSeat() async throws {
    let world = try ExtrasScreen()
    let store = makeStore(world)
    _ = try await appear(store, world)
    store.send(.key(.right)) { $0.state.cursor = try? SeatDesignator("10B") }
    store.send(.key(.right)) { $0.state.cursor = try? SeatDesignator("10C") }
    store.send(.key(.enter)) { $0.state.message = "Seat 10C is taken - pick another." }
    store.send(.key(.left)) {
      $0.state.cursor = try? SeatDesignator("10B")
      $0.state.message = nil
    }
    store.finish()
  }

  @Test("bags go 0 to 3 per passenger; insurance toggles; the estimate follows")
  func bagsAndInsurance() async throws {
    let world = try ExtrasScreen()
    let store = makeStore(world)
    _ = try await appear(store, world)
    let p1 = try PassengerID("p1")
    store.send(.key(.tab)) { $0.state.focus = .bags }
    var extras = Extras.none
    for count in 1...3 {
      extras.bags[p1] = count
      let lines = try estimate(extras, world)
      store.send(.key(.character("+"))) {
        $0.state.extras = extras
        $0.state.estimate = lines
      }
    }
    store.send(.key(.character("+")))  // 3 is the most
    store.send(.key(.down)) { $0.state.bagPassenger = 1 }
    store.send(.key(.down))  // the last passenger
    store.send(.key(.character("-")))  // none is the fewest
    store.send(.key(.tab)) { $0.state.focus = .insurance }
    extras.insurance = true
    let insured = try estimate(extras, world)
    store.send(.key(.character(" "))) {
      $0.state.extras.insurance = true
      $0.state.estimate = insured
    }
    #expect(insured?.map(\.kind) == [.fare, .bag, .insurance])
    store.send(.key(.character("x"))) { $0.handled = false }
    store.finish()
  }

  @Test("c prices the extras once; Esc goes to the root meanwhile; the reply produces the quote")
  func continueToPayment() async throws {
    var world = try ExtrasScreen()
    let draft = world.draft
    world.airline.price = { draftID, extras throws(ServiceError) in
      #expect(draftID == draft.id)
      do { return try Fixture.quote("q1", for: draft, extras: extras) } catch {
        throw .storage("\(error)")
      }
    }
    let store = makeStore(world)
    _ = try await appear(store, world)
    store.send(.key(.character("c"))) { $0.state.pricing = true }
    #expect(store.running == 1)
    store.send(.key(.character("c")))
    store.send(.key(.escape)) { $0.handled = false }
    let quote = try Fixture.quote("q1", for: draft, extras: Extras.none)
    await store.receive({ $0 == .priced(.success(quote)) }) {
      $0.state.pricing = false
      $0.handled = true
      $0.output = .extrasPriced(quote)
    }
    store.finish()
  }

  @Test("a price the airline changed is a question: Esc keeps choosing, Enter accepts old → new")
  func priceChanged() async throws {
    var world = try ExtrasScreen()
    let draft = world.draft
    let change = try PriceChange(
      before: draft.offer.total, after: Money("460", "EUR"), pricePerAdult: Money("230", "EUR"))
    world.airline.price = { _, extras throws(ServiceError) in
      do {
        let quote = try Fixture.quote("q1", for: draft, extras: extras)
        return try Quote(
          id: quote.id, draftID: quote.draftID, extras: quote.extras,
          lineItems: quote.lineItems, total: quote.total, expiresAt: quote.expiresAt,
          priceChange: change)
      } catch {
        throw .storage("\(error)")
      }
    }
    let store = makeStore(world)
    _ = try await appear(store, world)
    store.send(.key(.character("c"))) { $0.state.pricing = true }
    let plain = try Fixture.quote("q1", for: draft, extras: Extras.none)
    let quote = try Quote(
      id: plain.id, draftID: plain.draftID, extras: plain.extras, lineItems: plain.lineItems,
      total: plain.total, expiresAt: plain.expiresAt, priceChange: change)
    await store.receive({ $0 == .priced(.success(quote)) }) {
      $0.state.pricing = false
      $0.state.priceChange = quote
    }
    // Until it is answered, the question holds the keys.
    store.send(.key(.character("c")))
    store.send(.key(.tab))
    store.send(.key(.escape)) { $0.state.priceChange = nil }
    store.send(.key(.character("c"))) { $0.state.pricing = true }
    await store.receive({ $0 == .priced(.success(quote)) }) {
      $0.state.pricing = false
      $0.state.priceChange = quote
    }
    store.send(.key(.enter)) {
      $0.state.priceChange = nil
      $0.output = .priceChangeAccepted(quote)
    }
    store.finish()
  }

  @Test("a seat map that cannot be read says so; r reads it again")
  func seatMapFailure() async throws {
    var world = try ExtrasScreen()
    let map = try Fixture.seatMap(for: world.draft.offer)
    let answers = Answers([.failure(.storage("disk full")), .success(map)])
    world.airline.seatMap = { _ throws(ServiceError) in try answers.next().get() }
    let store = makeStore(world)
    store.run(ExtrasFeature.onAppear(store.state.state, environment: world.environment))
    await store.receive({ $0 == .seatMapsLoaded(.failure(.storage("disk full"))) }) {
      $0.state.seatMaps = .failed("The booking records could not be used: disk full")
    }
    // Without a seat map, the seat keys do nothing.
    store.send(.key(.enter)) { $0.handled = false }
    store.send(.key(.character("r"))) {
      $0.state.seatMaps = .loading
      $0.handled = true
    }
    await store.receive({ $0 == .seatMapsLoaded(.success([map])) }) {
      $0.state.seatMaps = .loaded([map])
      $0.state.cursor = try? SeatDesignator("10A")
      $0.state.estimate = [fare(world)]
    }
    store.finish()
  }

  @Test(
    "a seat someone else took while pricing is given up with the reason, every other choice kept, and the map drawn again"
  )
  func seatTakenWhilePricing() async throws {
    var world = try ExtrasScreen()
    let map = try Fixture.seatMap(for: world.draft.offer)
    let (a, b) = (try SeatDesignator("10A"), try SeatDesignator("10B"))
    // The airline's map once another traveller's quote holds 10A.
    let held = SeatMap(
      offerID: map.offerID, slice: map.slice, flight: map.flight, aircraft: map.aircraft,
      columns: map.columns, rows: map.rows,
      seats: map.seats.map { seat in
        seat.designator == a
          ? Seat(designator: a, kind: seat.kind, price: seat.price, occupied: true) : seat
      })
    let maps = Answers([.success(map), .success(held)])
    world.airline.seatMap = { _ throws(ServiceError) in try maps.next().get() }
    world.airline.price = { _, _ throws(ServiceError) in throw .seatTaken(a, slice: 0) }
    let store = makeStore(world)
    _ = try await appear(store, world)
    let (p1, p2) = (try PassengerID("p1"), try PassengerID("p2"))
    var extras = Extras(seats: [p1: a])
    store.send(.key(.enter)) {
      $0.state.extras = extras
      $0.state.passenger = 1
      $0.state.estimate = try? self.estimate(extras, world)
    }
    store.send(.key(.right)) { $0.state.cursor = b }
    extras.seats[p2] = b
    store.send(.key(.enter)) {
      $0.state.extras = extras
      $0.state.estimate = try? self.estimate(extras, world)
    }
    store.send(.key(.character("c"))) { $0.state.pricing = true }
    extras.seats[p1] = nil
    await store.receive({ $0 == .priced(.failure(.seatTaken(a, slice: 0))) }) {
      $0.state.pricing = false
      $0.state.extras = extras
      $0.state.passenger = 0
      $0.state.failure = "10A was just taken - choose another."
      $0.state.estimate = try? self.estimate(extras, world)
    }
    await store.receive({ $0 == .seatMapsLoaded(.success([held])) }) {
      $0.state.seatMaps = .loaded([held])
    }
    // The seat is taken on the map now: choosing it again is refused at the key.
    store.send(.key(.left)) { $0.state.cursor = a }
    store.send(.key(.enter)) { $0.state.message = "Seat 10A is taken - pick another." }
    store.finish()
  }
}
