import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import TestSupport
import Testing

@Suite("A party's total at search is its quote's")
struct PartyPricingTests {
  /// A passenger of `type` on 24 Dec 2026.
  func traveller(_ index: Int, _ type: PassengerType) throws -> Passenger {
    let born =
      switch type {
      case .adult: "1980-05-0\(index % 9 + 1)"
      case .child: "2018-05-0\(index % 9 + 1)"
      case .infant: "2026-0\(index % 5 + 1)-15"
      }
    return try Passenger(
      id: PassengerID("p\(index + 1)"), title: type == .adult ? .ms : .miss,
      givenName: "Traveller", familyName: "Number", dateOfBirth: CalendarDay(iso: born))
  }

  @Test(
    "random parties, one way and round trip: the offer's total is the quote's fare, child, infant and tax lines",
    arguments: [1, 2, 3, 4, 5, 6])
  func searchTotalIsQuoteTotal(seed: UInt64) async throws {
    let test = TestAirline()
    defer { test.remove() }
    var random = SeededRandom(seed: seed)
    for round in 0..<4 {
      let adults = Int(random.next() % 5) + 1
      let children = Int(random.next() % UInt64(10 - adults))
      let infants = Int(random.next() % UInt64(adults + 1))
      let party = try Party(adults: adults, children: children, infants: infants)
      let day = try CalendarDay(iso: "2026-12-24")
      let criteria = try SearchCriteria(
        origin: IATACode("IST"), destination: IATACode(["AMS", "JFK", "LHR"][round % 3]),
        departure: day, returning: round % 2 == 0 ? nil : day.adding(days: 3 + round),
        party: party)
      let offers = try await test.airline.offers(for: criteria)
      #expect(!offers.isEmpty, "\(criteria)")
      let offer = try #require(offers.randomElement(using: &random))
      #expect(offer.party == party)
      #expect(offer.isRoundTrip == criteria.isRoundTrip)
      let passengers = try party.types.enumerated().map { try traveller($0, $1) }
      let draft = try await test.airline.createDraft(
        offer: offer, passengers: passengers, contact: test.contact())
      let quote = try await test.airline.price(draftID: draft.id, extras: .none)
      #expect(
        quote.total == offer.total, "\(party) \(criteria.isRoundTrip ? "round trip" : "one way")")
      #expect(
        Set(quote.lineItems.map(\.kind)).isSubset(of: [.fare, .childFare, .infant, .tax]))
      #expect(quote.lineItems.filter { $0.kind == .infant }.count == infants)
    }
  }
}
