import Domain
import Foundation
import Testing

@Suite("Offers and quotes")
struct OfferAndQuoteTests {
  let epoch = Date(timeIntervalSince1970: 1_798_000_000)

  func airport(_ code: String, _ zone: String) throws -> Airport {
    try Airport(
      code: IATACode(code), name: "\(code) Airport", city: code, countryCode: "XX",
      zone: RuleZones.zone(zone), latitude: 0, longitude: 0)
  }

  func segment(_ from: Airport, _ to: Airport, leaves: Double, hours: Double, number: Int) throws
    -> Segment
  {
    let departure = epoch.addingTimeInterval(leaves * 3600)
    return try Segment(
      flightNumber: FlightNumber(airlineCode: "TK", number: number), origin: from,
      destination: to, departure: ZonedTime(instant: departure, zone: from.zone),
      arrival: ZonedTime(instant: departure.addingTimeInterval(hours * 3600), zone: to.zone),
      aircraft: Aircraft(code: "32N", name: "Airbus A320neo"))
  }

  @Test("an itinerary must connect, and each flight must land after it leaves")
  func itineraries() throws {
    let ist = try airport("IST", "Europe/Istanbul")
    let fra = try airport("FRA", "Europe/Berlin")
    let jfk = try airport("JFK", "America/New_York")
    let airline = try Airline(code: "TK", name: "Turkish Airlines")
    let fare = try Money("400", "EUR")
    let first = try segment(ist, fra, leaves: 0, hours: 3, number: 1)
    let second = try segment(fra, jfk, leaves: 5, hours: 9, number: 2)
    let offer = try Offer(
      id: OfferID("o1"), airline: airline, slices: [Slice(segments: [first, second])],
      cabin: .economy, pricePerAdult: fare, party: .adults(2), total: Money("800", "EUR"),
      expiresAt: epoch)
    #expect(offer.stops == 1)
    #expect(offer.durationMinutes == 14 * 60)
    #expect(offer.flightNumbers.map(\.description) == ["TK1", "TK2"])
    #expect(offer.total == (try Money("800", "EUR")))
    let layover = try #require(offer.outbound.layovers.first)
    #expect(layover.minutes == 2 * 60)
    #expect(layover.arrivalAirport.code == fra.code)
    #expect(!layover.changesAirport)

    #expect(throws: DomainError.emptyItinerary) { try Slice(segments: []) }
    let stray = try segment(ist, jfk, leaves: 5, hours: 9, number: 3)
    #expect(throws: DomainError.disconnectedItinerary(arrivesAt: fra.code, departsFrom: ist.code)) {
      try Slice(segments: [first, stray])
    }
    #expect(throws: DomainError.invalidSliceCount(0)) {
      try Offer(
        id: OfferID("o1"), airline: airline, slices: [], cabin: .economy, pricePerAdult: fare,
        party: .one, total: fare, expiresAt: epoch)
    }
    // A return must leave after the outbound lands.
    let back = try Slice(segments: [segment(fra, ist, leaves: 2, hours: 3, number: 4)])
    #expect(throws: DomainError.arrivalBeforeDeparture(try FlightNumber("TK4"))) {
      try Offer(
        id: OfferID("o1"), airline: airline, slices: [Slice(segments: [first]), back],
        cabin: .economy, pricePerAdult: fare, party: .one, total: fare, expiresAt: epoch)
    }
    let later = try Slice(segments: [segment(fra, ist, leaves: 50, hours: 3, number: 5)])
    let roundTrip = try Offer(
      id: OfferID("o2"), airline: airline, slices: [Slice(segments: [first]), later],
      cabin: .economy, pricePerAdult: fare, party: .one, total: fare, expiresAt: epoch)
    #expect(roundTrip.isRoundTrip)
    #expect(roundTrip.inbound?.origin.code == fra.code)
    #expect(roundTrip.durationMinutes == 6 * 60)
    #expect(roundTrip.flightNumbers.map(\.description) == ["TK1", "TK5"])
    #expect(throws: DomainError.arrivalBeforeDeparture(try FlightNumber("TK9"))) {
      try segment(ist, fra, leaves: 0, hours: -1, number: 9)
    }
  }

  @Test("local times are shown in each airport's own zone")
  func localTimes() throws {
    let ist = try airport("IST", "Europe/Istanbul")
    let jfk = try airport("JFK", "America/New_York")
    // 2026-12-24 10:00 UTC = 13:00 in Istanbul; +11 h = 21:00 UTC = 16:00 in New York.
    let leaves = try CalendarDay(iso: "2026-12-24").start(in: .utc).addingTimeInterval(10 * 3600)
    let flight = try Segment(
      flightNumber: FlightNumber("TK1"), origin: ist, destination: jfk,
      departure: ZonedTime(instant: leaves, zone: ist.zone),
      arrival: ZonedTime(instant: leaves.addingTimeInterval(11 * 3600), zone: jfk.zone),
      aircraft: Aircraft(code: "77W", name: "Boeing 777-300ER"))
    #expect(flight.departure.hhmm == "13:00")
    #expect(flight.arrival.hhmm == "16:00")
    #expect(flight.arrival.day == flight.departure.day)
    #expect(flight.durationMinutes == 660)
  }

  @Test("a quote's total must be the sum of its lines, in one currency")
  func quoteTotals() throws {
    let draft = try DraftID("d1")
    let fare = LineItem(kind: .fare, label: "Fare", amount: try Money("100", "EUR"))
    let seat = LineItem(kind: .seat, label: "Seat 1A", amount: try Money("15.50", "EUR"))
    let quote = try Quote(
      id: QuoteID("q1"), draftID: draft, extras: .none, lineItems: [fare, seat],
      total: Money("115.50", "EUR"), expiresAt: epoch)
    #expect(quote.secondsRemaining(at: epoch.addingTimeInterval(-61.2)) == 62)
    #expect(quote.secondsRemaining(at: epoch) == 0)
    #expect(quote.isValid(at: epoch.addingTimeInterval(-0.001)))
    #expect(!quote.isValid(at: epoch))
    #expect(quote.lockSeconds == nil, "a quote saved before issuedAt was kept")
    let timed = try Quote(
      id: QuoteID("q2"), draftID: draft, extras: .none, lineItems: [fare, seat],
      total: Money("115.50", "EUR"), expiresAt: epoch, issuedAt: epoch.addingTimeInterval(-20))
    #expect(timed.lockSeconds == 20)
    let stored = try RuleZones.decoder().decode(Quote.self, from: JSONEncoder().encode(timed))
    #expect(stored == timed)
    let older = try RuleZones.decoder().decode(Quote.self, from: JSONEncoder().encode(quote))
    #expect(older.issuedAt == nil)
    #expect(throws: DomainError.invalidQuoteTotal(expected: "EUR 115.50", found: "EUR 120.00")) {
      try Quote(
        id: QuoteID("q1"), draftID: draft, extras: .none, lineItems: [fare, seat],
        total: Money("120", "EUR"), expiresAt: epoch)
    }
    let lira = LineItem(kind: .bag, label: "Bag", amount: try Money("10", "TRY"))
    #expect(throws: DomainError.currencyMismatch("EUR", "TRY")) {
      try Quote(
        id: QuoteID("q1"), draftID: draft, extras: .none, lineItems: [fare, lira],
        total: Money("110", "EUR"), expiresAt: epoch)
    }
  }

  @Test("extras encode passengers as JSON object keys")
  func extrasCoding() throws {
    let extras = Extras(
      seats: [try PassengerID("p1"): try SeatDesignator("14A")], bags: [try PassengerID("p1"): 2],
      insurance: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(extras), as: UTF8.self)
    #expect(json == #"{"bags":{"p1":2},"insurance":true,"seats":{"p1":"14A"}}"#)
    #expect(try RuleZones.decoder().decode(Extras.self, from: Data(json.utf8)) == extras)
  }

  @Test("a draft holds 1 to 9 passengers, each once")
  func drafts() throws {
    let ist = try airport("IST", "Europe/Istanbul")
    let fra = try airport("FRA", "Europe/Berlin")
    let offer = try Offer(
      id: OfferID("o1"), airline: Airline(code: "TK", name: "Turkish Airlines"),
      slices: [Slice(segments: [try segment(ist, fra, leaves: 0, hours: 3, number: 1)])],
      cabin: .economy, pricePerAdult: Money("100", "EUR"), party: .one,
      total: Money("100", "EUR"), expiresAt: epoch)
    let contact = try Contact(email: "a@b.tr", phone: "+905321234567")
    let ada = try Passenger(
      id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
      dateOfBirth: CalendarDay(iso: "1990-01-01"))
    #expect(throws: DomainError.passengerCountOutOfRange(0)) {
      try BookingDraft(id: DraftID("d1"), offer: offer, passengers: [], contact: contact)
    }
    #expect(throws: DomainError.duplicatePassenger(ada.id)) {
      try BookingDraft(id: DraftID("d1"), offer: offer, passengers: [ada, ada], contact: contact)
    }
  }
}
