import Airline
import Canvas
import Domain
import Runtime
import TestSupport
import Testing

@testable import Presentation
@testable import Screens

/// The airlines checklist (`a`): the airlines with offers under the other filters, with counts.
@Suite("The airlines checklist")
struct AirlinesChecklistTests {
  // `airlines` and `airlineCounts` are `private(set)`: an expected state has them recomputed
  // (`relist()`), and each test also states the lines it expects.

  /// The fare strip's answer for the store's filters now: asked again after each change.
  func stripFollows(
    _ store: ResultsStore, _ world: ResultsScreen,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let filter = store.state.state.filters.fareFilter
    let fares = try ResultsScreen.fares(around: world.criteria.departure, for: filter)
    await store.receive(
      sourceLocation: sourceLocation, { $0 == .faresLoaded(filter, .success(fares)) }
    ) { $0.state.fares = .loaded(fares) }
  }

  @Test("under a time of day, only the airlines leaving then are listed, each with its count")
  func underOtherFilters() async throws {
    let world = try ResultsScreen()
    let store = world.makeStore(try world.loadedState())
    #expect(store.state.state.airlines.map(\.code) == ["KL", "PC", "TK"])
    #expect(store.state.state.airlineCounts == ["KL": 2, "PC": 2, "TK": 3])
    // The cursor on Pegasus, the list closed.
    store.send(.key(.character("a"))) { $0.state.choosingAirlines = true }
    store.send(.key(.down)) { $0.state.airlineCursor = 1 }
    store.send(.key(.escape)) { $0.state.choosingAirlines = false }
    store.send(.key(.character("t"))) {
      $0.state.filters.dayPart = .night
      $0.state.relist()
    }
    try await stripFollows(store, world)
    store.send(.key(.character("t"))) {
      $0.state.filters.dayPart = .morning
      $0.state.relist()
    }
    try await stripFollows(store, world)
    // 06:05 with Pegasus and 08:40 with Turkish Airlines; KLM leaves at 14:00 and 19:00.
    #expect(store.state.state.airlines.map(\.code) == ["PC", "TK"])
    #expect(store.state.state.airlineCounts == ["PC": 1, "TK": 1])
    // At night only Turkish Airlines leaves (03:10): the cursor went to its one line, and stays
    // on it, now the second.
    #expect(store.state.state.airlineCursor == 1)
    store.send(.key(.character("a"))) { $0.state.choosingAirlines = true }
    store.finish()
  }

  @Test("an unticked airline the other filters leave none stays listed with 0, and ticks back")
  func untickedStays() async throws {
    let world = try ResultsScreen()
    let store = world.makeStore(try world.loadedState())
    store.send(.key(.character("a"))) { $0.state.choosingAirlines = true }
    // KLM is the first line: unticked, then the list closed and mornings asked for.
    store.send(.key(.character(" "))) {
      $0.state.filters.hiddenAirlines = ["KL"]
      $0.state.relist()
    }
    try await stripFollows(store, world)
    store.send(.key(.escape)) { $0.state.choosingAirlines = false }
    store.send(.key(.character("t"))) {
      $0.state.filters.dayPart = .night
      $0.state.relist()
    }
    try await stripFollows(store, world)
    store.send(.key(.character("t"))) {
      $0.state.filters.dayPart = .morning
      $0.state.relist()
    }
    try await stripFollows(store, world)
    #expect(store.state.state.airlines.map(\.code) == ["KL", "PC", "TK"])
    #expect(store.state.state.airlineCounts == ["KL": 0, "PC": 1, "TK": 1])
    store.send(.key(.character("a"))) { $0.state.choosingAirlines = true }
    // Ticked back, it has nothing to show under mornings and leaves the list.
    store.send(.key(.character(" "))) {
      $0.state.filters.hiddenAirlines = []
      $0.state.relist()
    }
    try await stripFollows(store, world)
    #expect(store.state.state.airlines.map(\.code) == ["PC", "TK"])
    #expect(store.state.state.airlineCursor == 0)
    store.finish()
  }
}
