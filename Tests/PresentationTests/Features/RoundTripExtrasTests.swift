import Airline
import Canvas
import Domain
import FlowOwner
import TestSupport
import Testing
import Widgets
import Words

@testable import Presentation
@testable import Screens

/// The extras screen for a round trip: a seat map per slice, `]` to the return's and `[` back.
@Suite("Extras on a round trip")
struct RoundTripExtrasTests {
  typealias Store = TestStore<
    FeatureState<ExtrasFeature.State, ExtrasFeature.Output>, ExtrasFeature.Action
  >

  /// The extras screen for the fixture round trip, its airline answering both slices' maps
  /// (only the outbound's when `returnMap` is false).
  func world(returnMap: Bool = true, chosen: Extras = .none) throws -> ExtrasScreen {
    let offer = try Fixture.roundTrip("r1")
    var world = try ExtrasScreen(draft: Fixture.draft("d1", for: offer))
    let maps = try maps(offer)
    let answered = returnMap ? maps : [maps[0]]
    world.airline.seatMaps = { id throws(ServiceError) in
      guard id == offer.id else { throw .offerNoLongerAvailable(id) }
      return answered
    }
    return world
  }

  /// The outbound's and the return's seat maps of `offer`.
  func maps(_ offer: Offer) throws -> [SeatMap] {
    [try Fixture.seatMap(for: offer, slice: 0), try Fixture.seatMap(for: offer, slice: 1)]
  }

  func makeStore(_ world: ExtrasScreen, chosen: Extras = .none) -> Store {
    let environment = world.environment
    return TestStore.feature(ExtrasFeature.State(draft: world.draft, chosen: chosen)) {
      ExtrasFeature.reduce(&$0, $1, environment: environment, strings: .english)
    }
  }

  /// The estimate the fixture fares give for `extras` on both slices' maps.
  func estimate(_ extras: Extras, _ world: ExtrasScreen) throws -> [LineItem]? {
    FixtureFares().lineItems(
      draft: world.draft, extras: extras, seatMaps: try maps(world.draft.offer))
  }

  /// `store` once both maps have loaded: a cursor on each map's first free seat (10A out, 10C
  /// back), the outbound shown.
  func appear(_ store: Store, _ world: ExtrasScreen, chosen: Extras = .none) async throws {
    let maps = try maps(world.draft.offer)
    let lines = try estimate(chosen, world)
    store.run(ExtrasFeature.onAppear(store.state.state, environment: world.environment))
    await store.receive({ $0 == .seatMapsLoaded(.success(maps)) }) {
      $0.state.seatMaps = .loaded(maps)
      $0.state.cursors = [try? SeatDesignator("10A"), try? SeatDesignator("10C")]
      $0.state.estimate = lines
    }
  }

  @Test("] shows the return's map: seats are chosen per slice, and the estimate prices both")
  func seatsOnBothSlices() async throws {
    let world = try world()
    let store = makeStore(world)
    try await appear(store, world)
    let (p1, p2) = (try PassengerID("p1"), try PassengerID("p2"))
    var extras = Extras.none
    extras.setSeat(try SeatDesignator("10A"), for: p1, onSlice: 0)
    var lines = try estimate(extras, world)
    store.send(.key(.enter)) {
      $0.state.extras = extras
      $0.state.passenger = 1
      $0.state.estimate = lines
    }
    // The return: Ada has no seat on it yet, so she chooses first.
    store.send(.key(.character("]"))) {
      $0.state.slice = 1
      $0.state.passenger = 0
    }
    #expect(store.state.state.cursor == (try SeatDesignator("10C")))
    extras.setSeat(try SeatDesignator("10C"), for: p1, onSlice: 1)
    lines = try estimate(extras, world)
    store.send(.key(.enter)) {
      $0.state.extras = extras
      $0.state.passenger = 1
      $0.state.estimate = lines
    }
    store.send(.key(.right)) { $0.state.cursors[1] = try? SeatDesignator("10D") }
    extras.setSeat(try SeatDesignator("10D"), for: p2, onSlice: 1)
    lines = try estimate(extras, world)
    store.send(.key(.enter)) {
      $0.state.extras = extras
      $0.state.estimate = lines
    }
    #expect(extras.seats == [p1: try SeatDesignator("10A")])
    #expect(extras.returnSeats == [p1: try SeatDesignator("10C"), p2: try SeatDesignator("10D")])
    // The last slice: ] does nothing more.
    store.send(.key(.character("]")))
    // Back to the outbound, at Grace, who has no seat on it; the outbound's cursor as it was.
    store.send(.key(.character("["))) { $0.state.slice = 0 }
    #expect(store.state.state.cursor == (try SeatDesignator("10A")))
    store.send(.key(.character("[")))
    // 10A is Ada's on the outbound: the return's 10A (taken there) does not matter here.
    store.send(.key(.enter)) { $0.state.message = "Seat 10A is already chosen for Ada." }
    store.finish()
  }

  @Test("[ and ] from the bags go to the seats of the other slice")
  func sliceKeysFocusTheSeats() async throws {
    let world = try world()
    let store = makeStore(world)
    try await appear(store, world)
    store.send(.key(.tab)) { $0.state.focus = .bags }
    store.send(.key(.character("]"))) {
      $0.state.focus = .seats
      $0.state.slice = 1
    }
    store.send(.key(.tab)) { $0.state.focus = .bags }
    store.send(.key(.tab)) { $0.state.focus = .insurance }
    store.send(.key(.character("["))) {
      $0.state.focus = .seats
      $0.state.slice = 0
    }
    store.finish()
  }

  @Test("a taken seat on the return's map is refused, though it is free on the outbound's")
  func takenOnTheReturn() async throws {
    let world = try world()
    let store = makeStore(world)
    try await appear(store, world)
    store.send(.key(.character("]"))) { $0.state.slice = 1 }
    store.send(.key(.left)) { $0.state.cursors[1] = try? SeatDesignator("10B") }
    store.send(.key(.enter)) { $0.state.message = "Seat 10B is taken - pick another." }
    store.finish()
  }

  @Test("a one-way trip has no other slice: [ and ] are not the extras' keys")
  func oneWayIgnoresSliceKeys() async throws {
    let world = try ExtrasScreen()
    let store = TestStore.feature(ExtrasFeature.State(draft: world.draft)) {
      ExtrasFeature.reduce(&$0, $1, environment: world.environment, strings: .english)
    }
    let map = try Fixture.seatMap(for: world.draft.offer)
    store.run(ExtrasFeature.onAppear(store.state.state, environment: world.environment))
    await store.receive({ $0 == .seatMapsLoaded(.success([map])) }) {
      $0.state.seatMaps = .loaded([map])
      $0.state.cursor = try? SeatDesignator("10A")
      $0.state.estimate = [LineItem(kind: .fare, label: "Fare", amount: world.draft.offer.total)]
    }
    store.send(.key(.character("]"))) { $0.handled = false }
    store.send(.key(.character("["))) { $0.handled = false }
    #expect(ExtrasView.hints(store.state.state, strings: .english).allSatisfy { $0.key != "]" })
    store.finish()
  }

  @Test("the step's chosen extras come back on both slices, and Continue prices both")
  func chosenComeBack() async throws {
    var world = try world()
    let (p1, p2) = (try PassengerID("p1"), try PassengerID("p2"))
    let chosen = Extras(
      seats: [p1: try SeatDesignator("12A"), p2: try SeatDesignator("12B")],
      returnSeats: [p1: try SeatDesignator("14C"), p2: try SeatDesignator("14D")],
      bags: [p2: 1])
    let draft = world.draft
    world.airline.price = { draftID, extras throws(ServiceError) in
      #expect(draftID == draft.id)
      #expect(extras == chosen, "both slices' seats are priced")
      do { return try Fixture.quote("q1", for: draft, extras: extras) } catch {
        throw .storage("\(error)")
      }
    }
    let store = makeStore(world, chosen: chosen)
    try await appear(store, world, chosen: chosen)
    #expect(
      store.state.state.estimate?.first { $0.kind == .seat }?.amount == (try Money("60", "EUR")))

    let canvas = render(store.state.state)
    #expect(canvas.contains("▸ Outbound TK1957 IST→AMS   Return TK1958 AMS→IST"), "\(canvas)")
    #expect(canvas.contains("1 Ada Lovelace  12A"), "\(canvas)")
    #expect(canvas.contains("[1][2]"), "the outbound's map labels 12A and 12B:\n\(canvas)")
    store.send(.key(.character("]"))) { $0.state.slice = 1 }
    let back = render(store.state.state)
    #expect(back.contains("  Outbound TK1957 IST→AMS ▸ Return TK1958 AMS→IST"), "\(back)")
    #expect(back.contains("1 Ada Lovelace  14C"), "\(back)")
    #expect(back.contains("2 Grace Hopper  14D"), "\(back)")
    #expect(back.contains("[1]  [2]"), "the return's map labels 14C and 14D:\n\(back)")

    store.send(.key(.character("c"))) { $0.state.pricing = true }
    let quote = try Fixture.quote("q1", for: draft, extras: chosen)
    await store.receive({ $0 == .priced(.success(quote)) }) {
      $0.state.pricing = false
      $0.output = .extrasPriced(quote)
    }
    store.finish()
  }

  @Test("without the return's map, its seats are left to check-in and ] does nothing")
  func noReturnMap() async throws {
    let world = try world(returnMap: false)
    let store = makeStore(world)
    let map = try Fixture.seatMap(for: world.draft.offer)
    store.run(ExtrasFeature.onAppear(store.state.state, environment: world.environment))
    await store.receive({ $0 == .seatMapsLoaded(.success([map])) }) {
      $0.state.seatMaps = .loaded([map])
      $0.state.cursor = try? SeatDesignator("10A")
      $0.state.estimate = try? self.estimate(.none, world)
    }
    store.send(.key(.character("]"))) { $0.handled = false }
    let canvas = render(store.state.state)
    #expect(canvas.contains("TK1958: seats at check-in"), "\(canvas)")
    #expect(!canvas.contains("Return"), "\(canvas)")
    store.finish()
  }

  @Test("the tabs shorten on a narrow screen: the flights go, then the routes")
  func narrowTabs() throws {
    let world = try world()
    var state = ExtrasFeature.State(draft: world.draft)
    state.seatMaps = .loaded(try maps(world.draft.offer))
    let tabs = { (width: Int) in
      ExtrasView.sliceTabs(state, width: width, theme: .monochrome, strings: .english)
        .map(\.text).joined()
    }
    #expect(tabs(60) == "▸ Outbound TK1957 IST→AMS   Return TK1958 AMS→IST")
    #expect(tabs(40) == "▸ Outbound IST→AMS   Return AMS→IST")
    #expect(tabs(20) == "▸ Outbound   Return")
    #expect(tabs(12) == "▸ Outbound  ]", "the narrowest: the shown slice and the key to the other")
    state.slice = 1
    let turkish = ExtrasView.sliceTabs(state, width: 20, theme: .monochrome, strings: .turkish)
    #expect(turkish.map(\.text).joined() == "  Gidiş ▸ Dönüş")
  }

  /// The extras panel drawn at 100x26, as text.
  func render(_ state: ExtrasFeature.State) -> String {
    var canvas = Canvas(width: 100, height: 26)
    ExtrasView.draw(
      state, on: &canvas, in: Rect(x: 0, y: 0, width: 100, height: 26), theme: .monochrome,
      strings: .english, language: .english, spinner: 0)
    return canvas.lines.joined(separator: "\n")
  }
}
