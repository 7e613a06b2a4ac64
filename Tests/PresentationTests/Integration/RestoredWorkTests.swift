import Airline
import AirlineTesting
import Domain
import FlowOwner
import Presentation
import Synchronization
import TestSupport
import Testing

/// A step's work (its `onAppear`) starts when the step first becomes current: a flow restored at
/// payment (a pay link, a resume) asks the airline and the airports for nothing the payment does
/// not show, and each step behind it, the search form too, asks for its own when going back
/// reaches it, once.
@Suite("Work of a restored path")
struct RestoredWorkTests {
  /// An airline that notes each call and answers none (each step shows its failure), and
  /// airports that note each question: what is asked, and when, is the subject.
  struct Asked: AppWorld {
    let calls = Calls()
    var environment: AppEnvironment {
      var airline = TestAirline.failing
      let calls = calls
      airline.offers = { _ throws(ServiceError) in throw calls.note("offers") }
      airline.lowestFares = { _, _, _ throws(ServiceError) in throw calls.note("fares") }
      airline.seatMap = { _ throws(ServiceError) in throw calls.note("seat maps") }
      return AppEnvironment(
        services: airline.services, airports: NotedAirports(calls: calls),
        fares: FixtureFares(), clock: .fixed(Fixture.now), paymentKeys: PaymentKeys(seed: 1))
    }
  }

  /// The fixture's airports, each question noted.
  struct NotedAirports: AirportLookup {
    let calls: Calls
    func airport(_ code: IATACode) -> Airport? {
      _ = calls.note("airport")
      return FixtureAirports().airport(code)
    }
    func search(_ query: String, limit: Int) -> [Airport] {
      _ = calls.note("airports")
      return FixtureAirports().search(query, limit: limit)
    }
  }

  final class Calls: Sendable {
    private let made = Mutex<[String]>([])
    var list: [String] { made.withLock { $0 } }
    func note(_ call: String) -> ServiceError {
      made.withLock { $0.append(call) }
      return .storage("not answered here")
    }
  }

  @Test("restored at payment, nothing is asked; Esc back asks each step for its own work, once")
  func workWaitsForItsStep() async throws {
    let world = Asked()
    let offer = try Fixture.offer("o1")
    let draft = try Fixture.draft("d1", for: offer)
    let quote = try Fixture.quote("q1", for: draft, expiresAt: Fixture.now.addingTimeInterval(900))
    let criteria = try Fixture.criteria()
    var flow = BookingFlow()
    _ = flow.searchSubmitted(criteria)
    _ = flow.offerSelected(offer, from: .results(criteria))
    _ = flow.passengersSaved(draft, from: .passengers(offer, prefill: .empty))
    _ = flow.extrasPriced(quote, from: .extras(draft))
    var state = RootFeature.State(now: Fixture.now)

    await drive(
      &state, [.restored(Restoration(flow: flow, outcome: .resumed(at: .payment)))], world)
    #expect(state.current == .payment)
    #expect(world.calls.list == [], "the steps behind payment started their work")
    #expect(!state.isBusy, "a step whose work has not started waits for nothing: no spinner")

    await drive(&state, [.key(.escape)], world)
    #expect(state.current == .extras)
    #expect(world.calls.list == ["seat maps"])
    await drive(&state, [.key(.escape)], world)
    #expect(state.current == .passengers)
    #expect(world.calls.list == ["seat maps"], "the passengers' form asks for nothing")
    await drive(&state, [.key(.escape)], world)
    #expect(state.current == .results)
    #expect(world.calls.list.sorted() == ["fares", "offers", "seat maps"])
    // The search form, filled from the criteria, looks up its airports when it comes into view.
    await drive(&state, [.key(.escape)], world)
    #expect(state.current == .search)
    #expect(world.calls.list.filter { $0.hasPrefix("airport") }.count == 3)
    #expect(state.search.named[.origin]?.code.rawValue == "IST")
    #expect(state.search.named[.destination]?.code.rawValue == "AMS")
  }
}
