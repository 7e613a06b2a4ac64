import Airline
import Domain
import Foundation
import SimulatedAirline
import Testing

@Suite("A draft that gives one person twice")
struct SamePersonTwiceTests {
  @Test("the same names and date of birth twice are refused, whatever the titles and case")
  func samePersonTwice() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let offer = try #require(try await test.airline.offers(for: test.criteria()).first)
    let ada = try test.adult("p1", "Ada")
    let again = try Passenger(
      id: PassengerID("p2"), title: .mrs, givenName: "ADA", familyName: "lovelace",
      dateOfBirth: ada.dateOfBirth)
    await #expect(
      throws: ServiceError.invalidPassengers(
        "ADA lovelace, born 1985-12-10, is given twice: each traveller is one passenger.")
    ) {
      try await test.airline.createDraft(
        offer: offer, passengers: [ada, again], contact: try test.contact())
    }
  }

  @Test("twins (the same family name and date of birth, other given names) are two people")
  func twins() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let offer = try #require(try await test.airline.offers(for: test.criteria()).first)
    let draft = try await test.airline.createDraft(
      offer: offer, passengers: [test.adult("p1", "Ada"), test.adult("p2", "Augusta")],
      contact: try test.contact())
    #expect(draft.passengers.count == 2)
  }
}
