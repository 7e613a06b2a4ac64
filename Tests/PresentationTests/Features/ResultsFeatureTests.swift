import Domain
import Presentation
import Services
import TestSupport
import Testing

@Suite("Results feature")
struct ResultsFeatureTests {
  @Test("loading, then offers listed by price; s sorts, n filters, Enter chooses")
  func listing() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = ResultsFeature.State(criteria: try world.criteria())
    #expect(state.load == .loading)
    await settle(&state, ResultsFeature.onAppear(state, environment: world.environment)) {
      ResultsFeature.reduce(&$0, $1, environment: world.environment).effect
    }
    guard case .loaded(let offers) = state.load else {
      Issue.record("not loaded: \(state.load)")
      return
    }
    #expect(state.listed == ResultsFeature.arrange(offers, sort: .price, nonstopOnly: false))
    #expect(
      state.listed.map(\.pricePerPassenger.amount)
        == state.listed.map(\.pricePerPassenger.amount).sorted())

    _ = ResultsFeature.reduce(&state, .key(.character("s")), environment: world.environment)
    #expect(state.sort == .departure)
    #expect(state.listed.map(\.departure.instant) == state.listed.map(\.departure.instant).sorted())
    _ = ResultsFeature.reduce(&state, .key(.character("n")), environment: world.environment)
    #expect(state.listed.allSatisfy { $0.stops == 0 })
    #expect(!state.listed.isEmpty)

    _ = ResultsFeature.reduce(&state, .key(.down), environment: world.environment)
    let chosen = try #require(state.highlighted)
    let reply = ResultsFeature.reduce(&state, .key(.enter), environment: world.environment)
    #expect(reply.output == .offerSelected(chosen))
  }

  @Test("sorting keeps the highlighted offer highlighted")
  func sortKeepsSelection() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = ResultsFeature.State(criteria: try world.criteria())
    let offers = try await world.airline.offers(for: world.criteria())
    _ = ResultsFeature.reduce(
      &state, .offersLoaded(.success(offers)), environment: world.environment)
    state.selected = 3
    let highlighted = state.highlighted
    _ = ResultsFeature.reduce(&state, .key(.character("s")), environment: world.environment)
    #expect(state.highlighted == highlighted)
  }

  @Test("a failed load shows the error; r retries")
  func failure() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = ResultsFeature.State(criteria: try world.criteria())
    _ = ResultsFeature.reduce(
      &state, .offersLoaded(.failure(.storage("disk full"))), environment: world.environment)
    #expect(state.load == .failed("The booking records could not be used: disk full"))
    let reply = ResultsFeature.reduce(&state, .key(.character("r")), environment: world.environment)
    #expect(state.load == .loading)
    #expect(reply.effect.jobs.count == 1)
  }

  @Test("sorting and filtering 10,000 offers gives ordered, filtered lists")
  func manyOffers() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let base = try await world.airline.offers(for: world.criteria())
    let many = (0..<10_000).map { base[$0 % base.count] }
    let listed = ResultsFeature.arrange(many, sort: .duration, nonstopOnly: true)
    #expect(listed.allSatisfy { $0.stops == 0 })
    #expect(listed.map(\.durationMinutes) == listed.map(\.durationMinutes).sorted())
  }
}
