import Airline
import Domain
import FlowOwner
import Foundation
import Persistence
import Presentation
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
      departure: CalendarDay(iso: "2026-12-24"), passengerCount: 1)
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
}
