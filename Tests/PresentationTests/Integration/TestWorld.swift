import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Persistence
import Presentation
import SimulatedAirline
import TestSupport
import Testing

/// A simulated airline on a temporary directory with a hand-moved clock, and the environment the
/// features run in. Offers and seat maps are deterministic for a search, so renders are too.
struct TestWorld: AppWorld {
  /// 2026-11-29 12:00:00 UTC.
  static let start = Date(timeIntervalSince1970: 1_795_953_600)
  let root = NSTemporaryDirectory() + "booking-presentation-" + UUID().uuidString
  let clock = ManualClock(TestWorld.start)
  let airline: SimulatedAirline
  let environment: AppEnvironment

  init(priceChanges: PriceChanges = .never) {
    airline = SimulatedAirline(
      store: RecordStore(root: root), clock: clock.wallClock,
      configuration: .init(latency: .none, priceChanges: priceChanges))
    environment = AppEnvironment(
      services: airline.services, airports: AirportDirectory.builtIn, fares: SimulatedFares(),
      clock: clock.wallClock, paymentKeys: PaymentKeys(seed: 2))
  }

  /// Today at the start, in UTC (the zone the root's state defaults to).
  var today: CalendarDay { CalendarDay(clock.now, in: .utc) }

  func remove() { try? FileManager.default.removeItem(atPath: root) }

  func criteria(passengers: Int = 2) throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), party: .adults(passengers))
  }

  /// The cheapest nonstop economy offer for the test search.
  func offer(passengers: Int = 2) async throws -> Offer {
    let offers = try await airline.offers(for: criteria(passengers: passengers))
    return try #require(offers.first { $0.stops == 0 && $0.cabin == .economy })
  }

  func travellers() throws -> [Passenger] {
    [
      try Passenger(
        id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
        dateOfBirth: CalendarDay(iso: "1985-12-10")),
      try Passenger(
        id: PassengerID("p2"), title: .mr, givenName: "太郎", familyName: "山田",
        dateOfBirth: CalendarDay(iso: "1986-12-09")),
    ]
  }

  func contact() throws -> Contact {
    try Contact(email: "ada@example.com", phone: "+31201234567")
  }

  func draft() async throws -> BookingDraft {
    try await airline.createDraft(offer: offer(), passengers: travellers(), contact: contact())
  }

  func seatMap(for draft: BookingDraft) async throws -> SeatMap {
    try #require(try await airline.seatMaps(for: draft.offer.id).first)
  }

  /// A quote for the draft with the first two free seats and a bag.
  func quote(for draft: BookingDraft) async throws -> Quote {
    let map = try await seatMap(for: draft)
    let free = map.seats.filter { !$0.occupied }
    let extras = Extras(
      seats: [
        try PassengerID("p1"): free[0].designator, try PassengerID("p2"): free[1].designator,
      ],
      bags: [try PassengerID("p1"): 1])
    return try await airline.price(draftID: draft.id, extras: extras)
  }
}
