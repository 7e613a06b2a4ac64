import Airline
import Canvas
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// The results screen's input: the fixture search, the seven fixture offers and the week's
/// fares the test airline answers (any other call fails the test), and a stopped clock.
struct ResultsScreen: AppWorld {
  let criteria: SearchCriteria
  let offers: [Offer]
  var airline = TestAirline.failing
  let clock = ManualClock(Fixture.now)

  init(passengers: Int = 2) throws {
    let criteria = try Fixture.criteria(passengers: passengers)
    let offers = try Fixture.offers(passengers: passengers)
    let fares = try Fixture.fareDays(around: criteria.departure)
    self.criteria = criteria
    self.offers = offers
    airline.offers = { asked throws(ServiceError) in
      #expect(asked == criteria, "the results ask for their own search")
      return offers
    }
    airline.lowestFares = { asked, days throws(ServiceError) in
      #expect(asked == criteria && days == 3, "three days either side")
      return fares
    }
  }

  var environment: AppEnvironment { .test(airline: airline, clock: clock.wallClock) }
}

@Suite("Results feature")
struct ResultsFeatureTests {
  @Test("loading, then offers listed by price; s sorts, n filters, Enter chooses")
  func listing() async throws {
    let world = try ResultsScreen()
    var state = ResultsFeature.State(criteria: world.criteria)
    #expect(state.load == .loading)
    await settle(&state, ResultsFeature.onAppear(state, environment: world.environment)) {
      ResultsFeature.reduce(&$0, $1, now: world.clock.now, environment: world.environment).effect
    }
    guard case .loaded(let offers) = state.load else {
      Issue.record("not loaded: \(state.load)")
      return
    }
    #expect(offers == world.offers)
    #expect(state.listed == ResultsFeature.arrange(offers, sort: .price, nonstopOnly: false))
    #expect(
      state.listed.map(\.pricePerPassenger.amount)
        == state.listed.map(\.pricePerPassenger.amount).sorted())

    _ = ResultsFeature.reduce(
      &state, .key(.character("s")), now: world.clock.now, environment: world.environment)
    #expect(state.sort == .departure)
    #expect(state.listed.map(\.departure.instant) == state.listed.map(\.departure.instant).sorted())
    _ = ResultsFeature.reduce(
      &state, .key(.character("n")), now: world.clock.now, environment: world.environment)
    #expect(state.listed.allSatisfy { $0.stops == 0 })
    #expect(!state.listed.isEmpty)

    _ = ResultsFeature.reduce(
      &state, .key(.down), now: world.clock.now, environment: world.environment)
    let chosen = try #require(state.highlighted)
    let reply = ResultsFeature.reduce(
      &state, .key(.enter), now: world.clock.now, environment: world.environment)
    #expect(reply.output == .offerSelected(chosen))
  }

  @Test("sorting keeps the highlighted offer highlighted")
  func sortKeepsSelection() async throws {
    let world = try ResultsScreen()
    var state = ResultsFeature.State(criteria: world.criteria)
    let offers = world.offers
    _ = ResultsFeature.reduce(
      &state, .offersLoaded(.success(offers)), now: world.clock.now, environment: world.environment)
    state.selected = 3
    let highlighted = state.highlighted
    _ = ResultsFeature.reduce(
      &state, .key(.character("s")), now: world.clock.now, environment: world.environment)
    #expect(state.highlighted == highlighted)
  }

  @Test("a failed load shows the error; r retries")
  func failure() async throws {
    let world = try ResultsScreen()
    var state = ResultsFeature.State(criteria: world.criteria)
    _ = ResultsFeature.reduce(
      &state, .offersLoaded(.failure(.storage("disk full"))), now: world.clock.now,
      environment: world.environment)
    #expect(state.load == .failed("The booking records could not be used: disk full"))
    let reply = ResultsFeature.reduce(
      &state, .key(.character("r")), now: world.clock.now, environment: world.environment)
    #expect(state.load == .loading)
    #expect(reply.effect.jobs.count == 2, "the offers and the week's fares, asked again")
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
        + keys("2026-12-24") + [.key(.enter)], world)
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
      segments: [segment], cabin: .economy, pricePerPassenger: Money("100", "EUR"),
      passengerCount: 1, expiresAt: Fixture.now.addingTimeInterval(1800))
    await drive(&state, [.step(id, ResultsFeature.action(.offersLoaded(.success([offer]))))], world)
    let screen = RootView.render(state, width: 100, height: 30, theme: .monochrome).lines
    let row = try #require(screen.first { $0.contains("TK1") })
    #expect(row.contains("22:00→01:30+1"), "\(row)")
  }
}
