import Airline
import Canvas
import Domain
import Foundation
import TestSupport
import Testing

@testable import Presentation
@testable import Screens

/// The results screen's input: the fixture search (or the round-trip one), the fixture offers
/// and the week's fares the test airline answers (any other call fails the test), and a stopped
/// clock. The fares answer for any filter: `fares(for:)`, the fixture calendar with the filter's
/// highest total as the scale's top, so each filter's answer differs.
struct ResultsScreen: AppWorld {
  let criteria: SearchCriteria
  let offers: [Offer]
  var airline = TestAirline.failing
  let clock = ManualClock(Fixture.now)

  init(passengers: Int = 2, roundTrip: Bool = false) throws {
    let criteria =
      roundTrip
      ? try Fixture.listedRoundTripCriteria(passengers: passengers)
      : try Fixture.criteria(passengers: passengers)
    let offers =
      roundTrip
      ? try Fixture.roundTrips(passengers: passengers) : try Fixture.offers(passengers: passengers)
    self.criteria = criteria
    self.offers = offers
    airline.offers = { asked throws(ServiceError) in
      #expect(asked == criteria, "the results ask for their own search")
      return offers
    }
    airline.lowestFares = { asked, days, filter throws(ServiceError) in
      #expect(asked == criteria && days == 3, "three days either side")
      do {
        return try ResultsScreen.fares(around: criteria.departure, for: filter)
      } catch {
        throw .storage("\(error)")
      }
    }
  }

  /// What the test airline answers for the fare strip under `filter`.
  static func fares(around day: CalendarDay, for filter: FareFilter = FareFilter()) throws
    -> FareCalendar
  {
    let calendar = try Fixture.fareCalendar(around: day)
    guard let highest = filter.highestTotal, let scale = calendar.scale else { return calendar }
    return FareCalendar(
      days: calendar.days,
      scale: FareScale(lowest: scale.lowest, highest: Money(highest, scale.lowest.currency)))
  }

  var environment: AppEnvironment { .test(airline: airline, clock: clock.wallClock) }

  /// The fare strip as loaded with no filter.
  var loadedFares: FareCalendar {
    (try? ResultsScreen.fares(around: criteria.departure)) ?? FareCalendar(days: [], scale: nil)
  }
}

/// An exhaustive store on a results panel.
typealias ResultsStore = TestStore<
  FeatureState<ResultsFeature.State, ResultsFeature.Output>, ResultsFeature.Action
>

extension ResultsScreen {
  /// An exhaustive store on the results for this search (or `state`), at the clock's time.
  func makeStore(_ state: ResultsFeature.State? = nil) -> ResultsStore {
    let (now, environment) = (clock.now, environment)
    return TestStore.feature(state ?? ResultsFeature.State(criteria: criteria)) {
      ResultsFeature.reduce(&$0, $1, now: now, environment: environment)
    }
  }

  /// The results for this search with the offers and the fare strip loaded.
  func loadedState() throws -> ResultsFeature.State {
    var state = ResultsFeature.State(criteria: criteria)
    state.load = .loaded(offers)
    state.fares = .loaded(try ResultsScreen.fares(around: criteria.departure))
    state.relist()
    return state
  }
}

extension TestStore
where State == FeatureState<ResultsFeature.State, ResultsFeature.Output> {
  /// The IDs of the offers listed, in order.
  var listedIDs: [String] { state.state.listed.map(\.id.rawValue) }
}

@Suite("Results feature")
struct ResultsFeatureTests {
  // `listed`, `airlines` and `dearest` are `private(set)`: an expected state can only have them
  // recomputed (`load`'s observer, `relist()`), so each test also states the list it expects.

  @Test(
    "appearing lists the offers by price and the week's fares; s sorts, n filters, Enter chooses")
  func listing() async throws {
    let world = try ResultsScreen()
    let fares = try ResultsScreen.fares(around: world.criteria.departure)
    let store = world.makeStore()
    store.run(ResultsFeature.onAppear(store.state.state, environment: world.environment))
    await store.receive({ $0 == .offersLoaded(.success(world.offers)) }) {
      $0.state.load = .loaded(world.offers)
      $0.state.relist()
    }
    #expect(store.listedIDs == ["o4", "o6", "o2", "o3", "o1", "o7", "o5"])
    #expect(store.state.state.airlines.map(\.code) == ["KL", "PC", "TK"])
    #expect(store.state.state.dearest == (try Money("598", "EUR")))
    await store.receive({ $0 == .faresLoaded(FareFilter(), .success(fares)) }) {
      $0.state.fares = .loaded(fares)
    }
    // A new order is shown from its top: the highlight goes to its first row (o2, the earliest),
    // not to where the cheapest (o4) went.
    store.send(.key(.character("s"))) {
      $0.state.sort = .departure
      $0.state.relist()
      $0.state.selected = 0
    }
    #expect(store.listedIDs == ["o2", "o4", "o1", "o3", "o6", "o5", "o7"])
    // Nonstops only: o4, which stops in Munich, leaves, and the highlight stays on o2; the fare
    // strip is asked again for nonstops.
    store.send(.key(.character("n"))) {
      $0.state.filters.nonstopOnly = true
      $0.state.relist()
      $0.state.selected = 0
    }
    #expect(store.listedIDs == ["o2", "o1", "o3", "o6", "o5"])
    await store.receive({ $0 == .faresLoaded(FareFilter(nonstopOnly: true), .success(fares)) }) {
      $0.state.fares = .loaded(fares)
    }
    store.send(.key(.down)) { $0.state.selected = 1 }
    store.send(.key(.enter)) { $0.output = .offerSelected(world.offers[0]) }
    store.finish()
  }

  @Test("a failed load shows the error; r asks for the offers and the week's fares again")
  func failure() async throws {
    let world = try ResultsScreen()
    let fares = try ResultsScreen.fares(around: world.criteria.departure)
    let store = world.makeStore()
    store.send(.offersLoaded(.failure(.storage("disk full")))) {
      $0.state.load = .failed("The booking records could not be used: disk full")
    }
    store.send(.faresLoaded(FareFilter(), .failure(.storage("disk full")))) {
      $0.state.fares = .failed("The booking records could not be used: disk full")
    }
    store.send(.key(.character("r"))) {
      $0.state.load = .loading
      $0.state.fares = .loading
    }
    #expect(store.running == 2)
    // A second r while loading asks nothing more.
    store.send(.key(.character("r")))
    await store.receive({ $0 == .offersLoaded(.success(world.offers)) }) {
      $0.state.load = .loaded(world.offers)
      $0.state.relist()
    }
    await store.receive({ $0 == .faresLoaded(FareFilter(), .success(fares)) }) {
      $0.state.fares = .loaded(fares)
    }
    #expect(store.listedIDs.count == 7)
    store.finish()
  }

  @Test("a hides an airline from a checklist; x clears every filter; ] searches the next day")
  func airlinesAndNextDay() async throws {
    let world = try ResultsScreen()
    let store = world.makeStore(try world.loadedState())
    store.send(.key(.character("a"))) { $0.state.choosingAirlines = true }
    store.send(.key(.down)) { $0.state.airlineCursor = 1 }
    // Pegasus (PC) has the cheapest offer, o4: the highlight goes to the first row left.
    store.send(.key(.character(" "))) {
      $0.state.filters.hiddenAirlines = ["PC"]
      $0.state.relist()
    }
    #expect(store.listedIDs == ["o2", "o3", "o1", "o7", "o5"])
    await store.receive({
      $0 == .faresLoaded(FareFilter(hiddenAirlines: ["PC"]), .success(world.loadedFares))
    })
    // While the checklist is open, other keys wait; q still reaches the root.
    store.send(.key(.character("s")))
    store.send(.key(.character("q"))) { $0.handled = false }
    store.send(.key(.escape)) {
      $0.state.choosingAirlines = false
      $0.handled = true
    }
    store.send(.key(.character("x"))) {
      $0.state.filters = ResultsFeature.Filters()
      $0.state.relist()
      $0.state.selected = 2  // o2, still highlighted
    }
    #expect(store.listedIDs.count == 7)
    await store.receive({ $0 == .faresLoaded(FareFilter(), .success(world.loadedFares)) })
    store.send(.key(.character("]"))) {
      $0.output = .searchDay(world.criteria.departure.adding(days: 1))
    }
    store.finish()
  }

  @Test("sorting and filtering 10,000 offers gives ordered, filtered lists")
  func manyOffers() async throws {
    let world = try ResultsScreen()
    let base = world.offers
    let many = (0..<10_000).map { base[$0 % base.count] }
    let listed = ResultsFeature.arrange(many, sort: .duration, nonstopOnly: true)
    #expect(listed.allSatisfy { $0.stops == 0 })
    #expect(listed.map(\.durationMinutes) == listed.map(\.durationMinutes).sorted())
  }
}

@Suite("Results rows")
struct ResultsRowTests {
  @Test("a flight landing on the next local day is marked +1, also in year 10000")
  func nextDayMark() async throws {
    let world = try ResultsScreen(passengers: 1)
    var state = RootFeature.State(now: Fixture.now)
    await drive(
      &state,
      keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
        + keys("2026-12-24") + [.key(.control("s"))], world)
    let id = try #require(state.steps.last?.id)
    let ist = try #require(world.environment.airports.airport(IATACode("IST")))
    let ams = try #require(world.environment.airports.airport(IATACode("AMS")))
    // 31 Dec 9999, 22:00 in Istanbul (19:00 UTC), landing 01:30 in Amsterdam on 1 Jan 10000.
    let leaves = Date(timeIntervalSince1970: 253_402_214_400 + 19 * 3600)
    let segment = try Segment(
      flightNumber: FlightNumber("TK1"), origin: ist, destination: ams,
      departure: ZonedTime(instant: leaves, zone: ist.zone),
      arrival: ZonedTime(instant: leaves.addingTimeInterval(5.5 * 3600), zone: ams.zone),
      aircraft: Aircraft(code: "32N", name: "Airbus A320neo"))
    let offer = try Offer(
      id: OfferID("late"), airline: Airline(code: "TK", name: "Turkish Airlines"),
      slices: [Slice(segments: [segment])], cabin: .economy, pricePerAdult: Money("100", "EUR"),
      party: .one, total: Money("100", "EUR"), expiresAt: Fixture.now.addingTimeInterval(1800))
    await drive(&state, [.step(id, ResultsFeature.action(.offersLoaded(.success([offer]))))], world)
    let screen = RootView.render(state, width: 100, height: 30, theme: .monochrome).lines
    let row = try #require(screen.first { $0.contains("TK1") })
    #expect(row.contains("22:00→01:30+1"), "\(row)")
  }
}
