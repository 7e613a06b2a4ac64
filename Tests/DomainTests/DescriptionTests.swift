import Domain
import Foundation
import Testing

@Suite("What values read as")
struct DescriptionTests {
  /// 2026-12-24 05:15 UTC: 08:15 in Istanbul, 06:15 in Amsterdam.
  let leaves = Date(timeIntervalSince1970: 1_798_089_300)

  func airport(_ code: String, _ name: String, _ zone: String) throws -> Airport {
    try Airport(
      code: IATACode(code), name: name, city: code == "IST" ? "Istanbul" : "Amsterdam",
      countryCode: "XX", zone: RuleZones.zone(zone), latitude: 0, longitude: 0)
  }

  @Test("a zoned time, a flight, an offer and a search read as a traveller writes them")
  func readable() throws {
    let ist = try airport("IST", "Istanbul Airport", "Europe/Istanbul")
    let ams = try airport("AMS", "Schiphol", "Europe/Amsterdam")
    let departure = ZonedTime(instant: leaves, zone: ist.zone)
    #expect("\(departure)" == "2026-12-24 08:15 +03:00 Europe/Istanbul")
    #expect(!"\(departure)".contains("localSeconds"))
    let segment = try Segment(
      flightNumber: FlightNumber(airlineCode: "TK", number: 1957), origin: ist, destination: ams,
      departure: departure,
      arrival: ZonedTime(instant: leaves.addingTimeInterval(4 * 3600), zone: ams.zone),
      aircraft: Aircraft(code: "32N", name: "Airbus A320neo"))
    #expect("\(segment)" == "TK1957 IST 2026-12-24 08:15 → AMS 2026-12-24 10:15")
    #expect("\(ist)" == "IST (Istanbul Airport, Istanbul)")
    let slice = try Slice(segments: [segment])
    #expect("\(slice)" == "IST → AMS, TK1957, nonstop")
    let party = try Party(adults: 2, children: 1)
    let offer = try Offer(
      id: OfferID("of-1"), airline: Airline(code: "TK", name: "Turkish Airlines"),
      slices: [slice], cabin: .economy, pricePerAdult: Money("300", "EUR"), party: party,
      total: Money("900", "EUR"),
      perPerson: PricePerPerson(adult: Money("330", "EUR"), child: Money("240", "EUR")),
      expiresAt: leaves)
    #expect("\(offer)" == "of-1: TK, IST → AMS, TK1957, nonstop; party 2A1C; EUR 900.00")
    #expect("\(offer.perPerson)" == "EUR 330.00 an adult, EUR 240.00 a child")
    let criteria = try SearchCriteria(
      origin: ist.code, destination: ams.code, departure: departure.day,
      returning: CalendarDay(iso: "2026-12-31"), party: party)
    #expect("\(criteria)" == "IST → AMS 2026-12-24, back 2026-12-31, party 2A1C")
  }

  @Test("a zone west of UTC reads with a minus")
  func westOfUTC() throws {
    let time = ZonedTime(instant: leaves, zone: try RuleZones.zone("America/New_York"))
    #expect("\(time)" == "2026-12-24 00:15 -05:00 America/New_York")
  }
}
