import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Testing

/// A simulated airline on a fresh temporary data directory with a hand-moved clock.
struct TestAirline {
  let root: String
  let clock: ManualClock
  let airline: SimulatedAirline

  /// 2026-11-29 12:00:00 UTC.
  static let start = Date(timeIntervalSince1970: 1_795_953_600)

  init(
    quoteLifetime: TimeInterval = 15 * 60, root: String? = nil, clock: ManualClock? = nil,
    observer: DurableStepObserver? = nil, priceChanges: PriceChanges = .never,
    traveller: String? = nil
  ) {
    self.root =
      root ?? NSTemporaryDirectory() + "booking-services-" + UUID().uuidString
    self.clock = clock ?? ManualClock(Self.start)
    airline = SimulatedAirline(
      store: RecordStore(root: self.root, observer: observer), clock: self.clock.wallClock,
      configuration: .init(
        quoteLifetime: quoteLifetime, latency: .none, priceChanges: priceChanges,
        traveller: traveller.flatMap { try? TravellerID($0) }.map {
          .init(id: $0, ownsUnclaimed: false)
        }))
  }

  /// The same data directory and clock, as a relaunched process would see them.
  func relaunched() -> TestAirline { TestAirline(root: root, clock: clock) }

  func remove() { try? FileManager.default.removeItem(atPath: root) }

  /// Every file under the data directory, with its bytes.
  func files() throws -> [(path: String, text: String)] {
    let enumerator = FileManager.default.enumerator(atPath: root)
    var found: [(String, String)] = []
    while let relative = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let path = root + "/" + relative
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      found.append((relative, String(decoding: data, as: UTF8.self)))
    }
    return found
  }

  func criteria(_ from: String = "IST", _ to: String = "AMS", passengers: Int = 2) throws
    -> SearchCriteria
  {
    try SearchCriteria(
      origin: IATACode(from), destination: IATACode(to), departure: CalendarDay(iso: "2026-12-24"),
      party: .adults(passengers))
  }

  func adult(_ id: String, _ given: String, born: String = "1985-12-10") throws -> Passenger {
    try Passenger(
      id: PassengerID(id), title: .ms, givenName: given, familyName: "Lovelace",
      dateOfBirth: CalendarDay(iso: born))
  }

  func contact() throws -> Contact { try Contact(email: "ada@example.com", phone: "+31201234567") }

  /// A nonstop offer for two, a draft for it and its seat map.
  func draftForTwo() async throws -> (BookingDraft, SeatMap) {
    let offers = try await airline.offers(for: criteria())
    let offer = try #require(offers.first { $0.stops == 0 && $0.cabin == .economy })
    let draft = try await airline.createDraft(
      offer: offer, passengers: [adult("p1", "Ada"), adult("p2", "Grace")], contact: contact())
    return (draft, try #require(try await airline.seatMaps(for: offer.id).first))
  }
}
