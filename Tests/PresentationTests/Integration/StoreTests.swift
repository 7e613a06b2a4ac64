import Airline
import Domain
import FlowOwner
import Foundation
import Persistence
import Presentation
import Runtime
import SimulatedAirline
import Testing

/// The store cancels a step's work the moment that step leaves the path.
@Suite("Store")
@MainActor
struct StoreTests {
  @Test("results still loading when Esc goes back: their work is cancelled at once")
  func cancelsWorkOfAStepThatLeft() async throws {
    let root = NSTemporaryDirectory() + "booking-store-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    let clock = ManualClock(TestWorld.start)
    // An airline that would take a minute to answer: nothing here waits for it.
    let airline = SimulatedAirline(
      store: RecordStore(root: root), clock: clock.wallClock,
      configuration: .init(latency: .fixed(60_000)))
    let store = Store(
      state: RootFeature.State(now: TestWorld.start),
      environment: AppEnvironment(
        services: airline.services, airports: AirportDirectory.builtIn, fares: SimulatedFares(),
        clock: clock.wallClock))
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), party: .adults(1))
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: criteria, position: .results), using: airline.services,
      now: TestWorld.start)
    store.send(.restored(restored))
    #expect(store.state.current == .results)
    #expect(store.runningEffects == 2, "the offers and the week's fares are being asked")
    store.send(.key(.escape))
    #expect(store.state.current == .search)
    #expect(store.runningEffects == 0, "the results' work left with the results")
    store.send(.spin)
    #expect(store.runningEffects == 0)
  }

  @Test(
    "a sequence runs its parts in order: commands at once, the next part once the last job of the one before has answered"
  )
  func sequenceInOrder() async {
    enum Step: Hashable, Sendable { case go, stop, first, second, third }
    var seen: [String] = []
    let store = FeatureStore<Int, Step>(state: 0, now: { TestWorld.start }) { count, action, _ in
      switch action {
      case .go:
        return .sequence([
          .batch([Effect<Step>.run { .first }.tagged(1), .run { .second }]),
          .command(.log("between")),
          .run { .third },
        ])
      case .stop: return .cancel([1])
      case .first, .second, .third:
        count += 1
        return .none
      }
    }
    store.perform = { command in
      seen.append("\(command)")
      return nil
    }
    store.onChange = { _, action in seen.append("\(action)") }
    store.send(.go)
    await store.idle()
    #expect(store.state == 3)
    #expect(seen.first == "go" && seen.last == "third", "\(seen)")
    let between = seen.firstIndex(of: "log(\"between\")")
    let replies = [seen.firstIndex(of: "first"), seen.firstIndex(of: "second")].compactMap(\.self)
    #expect(replies.count == 2 && between.map { $0 > replies.max() ?? 0 } == true, "\(seen)")

    // A part's job cancelled: the parts after it never start.
    seen = []
    store.send(.go)
    store.send(.stop)
    await store.idle()
    #expect(store.state == 4, "only the untagged job of the first part answered")
    #expect(!seen.contains("third") && !seen.contains("log(\"between\")"), "\(seen)")
  }
}
