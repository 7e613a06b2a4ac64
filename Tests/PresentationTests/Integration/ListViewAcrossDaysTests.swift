import Domain
import FlowOwner
import Presentation
import TestSupport
import Testing

@Suite("The list's order and filters across another day")
struct ListViewAcrossDaysTests {
  /// The root at results for IST→AMS on 24 Dec for one adult, offers loaded.
  func atResults(_ world: TestWorld) async -> RootFeature.State {
    var state = RootFeature.State(now: TestWorld.start)
    await drive(
      &state,
      keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
        + keys("2026-12-24") + [.key(.control("s"))], world)
    return state
  }

  func results(_ state: RootFeature.State) -> ResultsFeature.State? {
    state.steps.last?.screen.state(ResultsFeature.self)
  }

  @Test("`]` and `[` keep the sort; the new day's list is in that order")
  func sortSurvivesTheDay() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.character("s"))], world)
    #expect(results(state)?.sort == .departure)
    await drive(&state, [.key(.character("]"))], world)
    let next = try #require(results(state))
    #expect(next.criteria.departure == (try CalendarDay(iso: "2026-12-25")))
    #expect(next.sort == .departure)
    #expect(next.selected == 0)
    let departures = next.listed.map { $0.slices[0].departure }
    #expect(!departures.isEmpty)
    #expect(departures == departures.sorted(), "the new day's list is not in departure order")
    await drive(&state, [.key(.character("["))], world)
    #expect(results(state)?.sort == .departure)
  }

  @Test("the nonstop filter stays across a day, and the new day's fare strip is asked for it")
  func filtersSurviveTheDay() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.character("n"))], world)
    #expect(results(state)?.filters.nonstopOnly == true)
    await drive(&state, [.key(.character("]"))], world)
    let next = try #require(results(state))
    #expect(next.filters.nonstopOnly)
    #expect(!next.listed.isEmpty)
    #expect(next.listed.allSatisfy { $0.slices.allSatisfy { $0.segments.count == 1 } })
    // A strip asked under other filters than those shown is dropped when it comes, so a loaded
    // strip was asked for the nonstop filter.
    guard case .loaded = next.fares else {
      Issue.record("the fare strip was not asked for the filters shown: \(next.fares)")
      return
    }
  }

  @Test("only the same trip on other days takes the order and filters of the list that left")
  func onlyTheSameTripCarries() throws {
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), returning: CalendarDay(iso: "2026-12-28"),
      party: Party.adults(2))
    var viewed = ResultsFeature.State(criteria: criteria)
    viewed.sort = .duration
    viewed.filters.nonstopOnly = true
    let plain = ResultsFeature.Filters()
    let moved = try criteria.moved(to: CalendarDay(iso: "2026-12-26"))
    let carried = ResultsFeature.carryView(.init(criteria: moved), across: viewed)
    #expect(carried.sort == .duration && carried.filters == viewed.filters)
    #expect(carried.criteria == moved, "the input changed")
    let others = [
      try SearchCriteria(
        origin: IATACode("IST"), destination: IATACode("LHR"), departure: moved.departure,
        returning: moved.returning, party: Party.adults(2)),
      try SearchCriteria(
        origin: IATACode("IST"), destination: IATACode("AMS"), departure: moved.departure,
        party: Party.adults(2)),
      try SearchCriteria(
        origin: IATACode("IST"), destination: IATACode("AMS"), departure: moved.departure,
        returning: moved.returning, party: Party.adults(1)),
    ]
    for other in others {
      let fresh = ResultsFeature.carryView(.init(criteria: other), across: viewed)
      #expect(fresh.sort == .price && fresh.filters == plain, "\(other)")
    }
  }

  @Test("after going back to the form, a search starts sorted by price with no filter")
  func anotherTripStartsPlain() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.character("s")), .key(.character("n")), .key(.escape)], world)
    #expect(state.flow.path.isEmpty)
    let another: [RootFeature.Action] = [.key(.backTab), .key(.control("u"))] + keys("lhr")
    await drive(&state, another + [.key(.enter), .key(.control("s"))], world)
    let next = try #require(results(state))
    #expect(next.criteria.destination.rawValue == "LHR")
    #expect(next.sort == .price)
    #expect(next.filters == ResultsFeature.Filters())
  }
}
