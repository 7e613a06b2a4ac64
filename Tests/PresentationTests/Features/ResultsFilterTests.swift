import Airline
import Canvas
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

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

  @Test("t narrows to a time of day, + and - move a highest price, x clears every filter")
  func timeAndPrice() async throws {
    let world = try ResultsScreen()
    var state = try await loaded(world)
    let all = state.listed.count
    _ = press(&state, [.character("t")], world)
    #expect(state.filters.dayPart == .night)
    #expect(state.listed.allSatisfy { $0.departure.hhmm < "06:00" })
    _ = press(&state, [.character("t"), .character("t")], world)
    #expect(state.filters.dayPart == .afternoon)
    #expect(state.listed.allSatisfy { ("12:00"..<"18:00").contains($0.departure.hhmm) })
    _ = press(&state, [.character("x"), .character("-"), .character("-")], world)
    let limit = try #require(state.filters.highestPrice)
    #expect(!state.listed.isEmpty && state.listed.count < all)
    #expect(state.listed.allSatisfy { $0.pricePerPassenger.amount <= limit })
    _ = press(&state, [.character("x")], world)
    #expect(state.filters == ResultsFeature.Filters())
    #expect(state.listed.count == all)
  }

  @Test(
    "the fare strip holds the lowest fare of each day around the search's, not bookable ones marked"
  )
  func fareStrip() async throws {
    let world = try ResultsScreen()
    let state = try await loaded(world)
    guard case .loaded(let days) = state.fares else {
      Issue.record("\(state.fares)")
      return
    }
    let criteria = world.criteria
    #expect(days == (try Fixture.fareDays(around: criteria.departure)), "as the airline said")
    #expect(days.map(\.day) == (-3...3).map { criteria.departure.adding(days: $0) })
  }

  @Test("[ and ] search the day before and after; never before today")
  func neighbourDays() async throws {
    let world = try ResultsScreen()
    var state = try await loaded(world)
    let criteria = world.criteria
    var replies = press(&state, [.character("]")], world)
    #expect(replies.last?.output == .searchDay(criteria.departure.adding(days: 1)))
    replies = press(&state, [.character("[")], world)
    #expect(replies.last?.output == .searchDay(criteria.departure.adding(days: -1)))
    var today = ResultsFeature.State(
      criteria: try SearchCriteria(
        origin: criteria.origin, destination: criteria.destination,
        departure: CalendarDay(Fixture.now, in: .utc), passengerCount: 2))
    replies = press(&today, [.character("[")], world)
    #expect(replies.last?.output == nil)
  }
}
