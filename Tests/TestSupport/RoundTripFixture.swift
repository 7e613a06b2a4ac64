import Domain
import Foundation

extension Fixture {
  /// The fixture search as a round trip: IST → AMS on 24 Dec, back on 31 Dec, for `party`.
  public static func roundTripCriteria(party: Party? = nil) throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: departureDay(),
      returning: departureDay().adding(days: 7),
      party: party ?? Party(adults: 2, children: 1, infants: 1))
  }

  /// A round trip for `roundTripCriteria`: TK1957 out on 24 Dec at 08:40, TK1958 back on 31 Dec
  /// at 18:05 (Amsterdam time), `fare` a person for both ways; the total is the fare for each
  /// seat (no tax, as the fixture fares price it).
  public static func roundTripOffer(
    _ id: String = "rt1", party: Party? = nil, fare: String = "390"
  ) throws -> Offer {
    let party = try party ?? Party(adults: 2, children: 1, infants: 1)
    let airline = try turkish()
    let ist = try istanbul()
    let ams = try amsterdam()
    let aircraft = Aircraft(code: "32N", name: "Airbus A320neo")
    func leg(_ number: Int, _ from: Airport, _ to: Airport, _ at: Date) throws -> Segment {
      try Segment(
        flightNumber: FlightNumber(airlineCode: airline.code, number: number), origin: from,
        destination: to, departure: ZonedTime(instant: at, zone: from.zone),
        arrival: ZonedTime(instant: at.addingTimeInterval(3.5 * 3600), zone: to.zone),
        aircraft: aircraft)
    }
    let out = try departureDay().start(in: ist.zone).addingTimeInterval(8 * 3600 + 40 * 60)
    let back = try departureDay().adding(days: 7).start(in: ams.zone)
      .addingTimeInterval(18 * 3600 + 5 * 60)
    let price = try Money(fare, "EUR")
    return try Offer(
      id: OfferID(id), airline: airline,
      slices: [
        Slice(segments: [leg(1957, ist, ams, out)]), Slice(segments: [leg(1958, ams, ist, back)]),
      ],
      cabin: .economy, pricePerAdult: price, party: party,
      total: price.multiplied(by: party.seats), expiresAt: now.addingTimeInterval(30 * 60))
  }

  /// Travellers for a party of 2 adults, 1 child and 1 infant on 24 Dec 2026, in party order.
  public static func partyTravellers() throws -> [Passenger] {
    try travellers() + [
      Passenger(
        id: PassengerID("p3"), title: .mstr, givenName: "Alan", familyName: "Turing",
        dateOfBirth: CalendarDay(iso: "2019-06-23")),
      Passenger(
        id: PassengerID("p4"), title: .miss, givenName: "Mary", familyName: "Somerville",
        dateOfBirth: CalendarDay(iso: "2026-02-26")),
    ]
  }
}
