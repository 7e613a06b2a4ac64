import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Persistence
import Presentation
import SimulatedAirline
import TestSupport

/// The app without a terminal: a simulated airline with no latency on a temporary directory, a
/// hand-moved clock, and the environment the root feature runs in.
struct HeadlessWorld: AppWorld {
  /// 2026-11-29 12:00:00 UTC.
  static let start = Date(timeIntervalSince1970: 1_795_953_600)

  let root: String
  let clock = ManualClock(HeadlessWorld.start)
  let store: RecordStore
  let airline: SimulatedAirline
  let environment: AppEnvironment

  /// A world whose files live in a fresh folder under `/dev/shm` when `inMemory` and it exists
  /// (fsync is free there, so thousands of searches stay fast), else under the temp directory.
  init(inMemory: Bool = false) {
    let base =
      inMemory && FileManager.default.fileExists(atPath: "/dev/shm")
      ? "/dev/shm/" : NSTemporaryDirectory()
    root = base + "booking-reliability-" + UUID().uuidString
    store = RecordStore(root: root)
    airline = SimulatedAirline(
      store: store, clock: clock.wallClock, configuration: .init(latency: .none))
    // Payment keys from a fixed seed: the same keys on every run.
    environment = AppEnvironment(
      services: airline.services, airports: AirportDirectory.builtIn, fares: SimulatedFares(),
      clock: clock.wallClock, paymentKeys: PaymentKeys(seed: 3))
  }

  func remove() { try? FileManager.default.removeItem(atPath: root) }

  func criteria(passengers: Int = 1) throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), party: .adults(passengers))
  }

  /// The first offer for the test search.
  func offer(passengers: Int = 1) async throws -> Offer {
    let offers = try await airline.offers(for: criteria(passengers: passengers))
    guard let offer = offers.first else { throw ReliabilityFailure("the airline had no offers") }
    return offer
  }

  func travellers(_ count: Int = 1) throws -> [Passenger] {
    let all = [
      try Passenger(
        id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
        dateOfBirth: CalendarDay(iso: "1985-12-10")),
      try Passenger(
        id: PassengerID("p2"), title: .mr, givenName: "Alan", familyName: "Turing",
        dateOfBirth: CalendarDay(iso: "1986-12-09")),
    ]
    return Array(all.prefix(count))
  }

  func contact() throws -> Contact {
    try Contact(email: "ada@example.com", phone: "+31201234567")
  }
}

/// A failure with a message for a person.
struct ReliabilityFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
