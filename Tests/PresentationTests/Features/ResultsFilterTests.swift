import Airline
import Canvas
import Domain
import Foundation
import Runtime
import TestSupport
import Testing

@testable import Presentation
@testable import Screens

/// Narrowing the results: airlines, the time of day, a highest price; and the week's fares.
@Suite("Results filters and the fare strip")
struct ResultsFilterTests {
  /// The results for the test search, loaded (offers and the fare strip).
  func loaded(_ world: ResultsScreen) async throws -> ResultsFeature.State {
    var state = ResultsFeature.State(criteria: world.criteria)
    await settle(&state, ResultsFeature.onAppear(state, environment: world.environment)) {
      ResultsFeature.reduce(&$0, $1, now: world.clock.now, environment: world.environment).effect
    }
    return state
  }

  func press(_ state: inout ResultsFeature.State, _ keys: [Key], _ world: ResultsScreen)
    -> [FeatureReply<ResultsFeature.Action, ResultsFeature.Output>]
  {
    keys.map {
      ResultsFeature.reduce(&state, .key($0), now: world.clock.now, environment: world.environment)
    }
  }

  @Test(
    "the airlines checklist lists those present; unticking one hides its offers, a sort keeps it")
  func airlines() async throws {
    let world = try ResultsScreen()
    var state = try await loaded(world)
    guard case .loaded(let offers) = state.load else {
      Issue.record("not loaded")
      return
    }
    let present = Set(offers.map(\.airline.code))
    #expect(state.airlines.map(\.code) == present.sorted())
    _ = press(&state, [.character("a")], world)
    #expect(state.choosingAirlines)
    let first = state.airlines[0].code
    _ = press(&state, [.character(" "), .escape], world)
    #expect(!state.choosingAirlines)
    #expect(state.filters.hiddenAirlines == [first])
    #expect(!state.listed.isEmpty && state.listed.allSatisfy { $0.airline.code != first })
    _ = press(&state, [.character("s")], world)
    #expect(state.filters.hiddenAirlines == [first], "a sort keeps the filter")
    #expect(state.listed.allSatisfy { $0.airline.code != first })
  }

  @Test(
    "t narrows to a time of day, + and - move a highest price, x clears every filter; the fare strip follows"
  )
  func timeAndPrice() async throws {
    let world = try ResultsScreen()
    let store = world.makeStore(try world.loadedState())
    let day = world.criteria.departure
    /// The fare strip's answer for the state's filters now: asked again after each change.
    func stripFollows(sourceLocation: SourceLocation = #_sourceLocation) async throws {
      let filter = store.state.state.filters.fareFilter
      let fares = try ResultsScreen.fares(around: day, for: filter)
      await store.receive(
        sourceLocation: sourceLocation, { $0 == .faresLoaded(filter, .success(fares)) }
      ) { $0.state.fares = .loaded(fares) }
    }
    store.send(.key(.character("t"))) {
      $0.state.filters.dayPart = .night
      $0.state.relist()
    }
    #expect(store.listedIDs == ["o2"], "03:10")
    try await stripFollows()
    store.send(.key(.character("t"))) {
      $0.state.filters.dayPart = .morning
      $0.state.relist()
    }
    #expect(store.listedIDs == ["o4", "o1"], "06:05 and 08:40")
    #expect(store.state.state.filters.fareFilter.departureHours == 6..<12)
    try await stripFollows()
    store.send(.key(.character("t"))) {
      $0.state.filters.dayPart = .afternoon
      $0.state.relist()
    }
    #expect(store.listedIDs == ["o6", "o3"], "16:20 and 14:00, by price")
    try await stripFollows()
    // The highlighted o6 stays highlighted as the filter goes.
    store.send(.key(.character("x"))) {
      $0.state.filters = ResultsFeature.Filters()
      $0.state.relist()
      $0.state.selected = 1
    }
    try await stripFollows()
    // Totals for two from 298 to 598 EUR: a step is a tenth of the spread, 30 EUR down from
    // the dearest.
    store.send(.key(.character("-"))) {
      $0.state.filters.highestPrice = 568
      $0.state.relist()
    }
    #expect(store.listedIDs == ["o4", "o6", "o2", "o3", "o1", "o7"])
    try await stripFollows()
    store.send(.key(.character("-"))) { $0.state.filters.highestPrice = 538 }
    try await stripFollows()
    // Up past the dearest, there is no highest price.
    store.send(.key(.character("+"))) { $0.state.filters.highestPrice = 568 }
    try await stripFollows()
    store.send(.key(.character("+"))) {
      $0.state.filters.highestPrice = nil
      $0.state.relist()
    }
    #expect(store.listedIDs.count == 7)
    try await stripFollows()
    // x with no filter on changes nothing, and asks nothing.
    store.send(.key(.character("x")))
    store.finish()
  }

  @Test("an answer for filters changed since is dropped; the one for the filters now is kept")
  func staleFares() async throws {
    let world = try ResultsScreen()
    let store = world.makeStore(try world.loadedState())
    let day = world.criteria.departure
    store.send(.key(.character("n"))) {
      $0.state.filters.nonstopOnly = true
      $0.state.relist()
    }
    store.send(.key(.character("n"))) {
      $0.state.filters.nonstopOnly = false
      $0.state.relist()
    }
    let nonstop = FareFilter(nonstopOnly: true)
    let nonstopFares = try ResultsScreen.fares(around: day, for: nonstop)
    await store.receive({ $0 == .faresLoaded(nonstop, .success(nonstopFares)) })
    let fares = try ResultsScreen.fares(around: day)
    await store.receive({ $0 == .faresLoaded(FareFilter(), .success(fares)) }) {
      $0.state.fares = .loaded(fares)
    }
    store.finish()
  }

  @Test("the results' filters and the fare calendar's filter say the same")
  func fareFilterRoundTrip() throws {
    var filters = ResultsFeature.Filters()
    filters.nonstopOnly = true
    filters.hiddenAirlines = ["KL", "LH"]
    filters.dayPart = .evening
    filters.highestPrice = 300
    let filter = filters.fareFilter
    #expect(
      filter
        == FareFilter(
          nonstopOnly: true, hiddenAirlines: ["KL", "LH"], departureHours: 18..<24,
          highestTotal: 300))
    #expect(ResultsFeature.Filters(filter) == filters)
    #expect(ResultsFeature.Filters(FareFilter()) == ResultsFeature.Filters())
    #expect(filter.description == "nonstop without KL,LH hours 18-24 upto 300")
    #expect(FareFilter().description == "any")
    for offer in try Fixture.offers() {
      #expect(filters.admits(offer) == filter.admits(offer))
    }
  }

  @Test(
    "the fare strip holds the lowest fare of each day around the search's, not bookable ones marked"
  )
  func fareStrip() async throws {
    let world = try ResultsScreen()
    let state = try await loaded(world)
    guard case .loaded(let calendar) = state.fares else {
      Issue.record("\(state.fares)")
      return
    }
    let criteria = world.criteria
    #expect(
      calendar == (try Fixture.fareCalendar(around: criteria.departure)), "as the airline said")
    #expect(calendar.days.map(\.day) == (-3...3).map { criteria.departure.adding(days: $0) })
  }

  @Test("[ and ] search the day before and after; never before today")
  func neighbourDays() async throws {
    let world = try ResultsScreen()
    let criteria = world.criteria
    let store = world.makeStore(try world.loadedState())
    store.send(.key(.character("]"))) { $0.output = .searchDay(criteria.departure.adding(days: 1)) }
    store.send(.key(.character("["))) {
      $0.output = .searchDay(criteria.departure.adding(days: -1))
    }
    store.finish()
    // Searching today, before the fare strip has answered: no day before today.
    let today = world.makeStore(
      ResultsFeature.State(
        criteria: try SearchCriteria(
          origin: criteria.origin, destination: criteria.destination,
          departure: CalendarDay(Fixture.now, in: .utc), party: .adults(2))))
    today.send(.key(.character("[")))
    today.finish()
  }
}
