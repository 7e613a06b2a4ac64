import Airline
import Domain
import Foundation
import SimulatedAirline

/// Named values for the flow's tests: each test builds only the inputs it needs from these.
enum Fixture {
  /// 2026-11-29 12:00:00 UTC, "now" in these tests.
  static let now = Date(timeIntervalSince1970: 1_795_953_600)

  static func istanbul() throws -> Airport {
    try Airport(
      code: IATACode("IST"), name: "Istanbul Airport", city: "İstanbul", countryCode: "TR",
      timeZoneID: "Europe/Istanbul", latitude: 41.2753, longitude: 28.7519)
  }

  static func amsterdam() throws -> Airport {
    try Airport(
      code: IATACode("AMS"), name: "Amsterdam Airport Schiphol", city: "Amsterdam",
      countryCode: "NL", timeZoneID: "Europe/Amsterdam", latitude: 52.3086, longitude: 4.7639)
  }

  static func departureDay() throws -> CalendarDay { try CalendarDay(iso: "2026-12-24") }

  static func criteria(passengers: Int = 2) throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: departureDay(),
      passengerCount: passengers)
  }

  /// A nonstop IST->AMS on 24 Dec leaving at `hour`:40 Istanbul time.
  static func offer(
    _ id: String, flight: Int = 1957, hour: Int = 8, passengers: Int = 2, fare: String = "212"
  ) throws -> Offer {
    let ist = try istanbul()
    let ams = try amsterdam()
    let leaves = try departureDay().start(in: ist.zone)
      .addingTimeInterval(Double(hour * 3600 + 40 * 60))
    let segment = try Segment(
      flightNumber: FlightNumber(airlineCode: "TK", number: flight), origin: ist,
      destination: ams, departure: ZonedTime(instant: leaves, timeZoneID: ist.timeZoneID),
      arrival: ZonedTime(
        instant: leaves.addingTimeInterval(3.5 * 3600), timeZoneID: ams.timeZoneID),
      aircraft: Aircraft(code: "32N", name: "Airbus A320neo"))
    return try Offer(
      id: OfferID(id), airline: Airline(code: "TK", name: "Turkish Airlines"), segments: [segment],
      cabin: .economy, pricePerPassenger: Money(fare, "EUR"), passengerCount: passengers,
      expiresAt: now.addingTimeInterval(30 * 60))
  }

  static let travellerNames = ["Ada", "Lovelace", "Grace", "Hopper"]
  static let email = "ada.lovelace@example.com"
  static let phone = "+31201234567"

  static func travellers() throws -> [Passenger] {
    [
      try Passenger(
        id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
        dateOfBirth: CalendarDay(iso: "1985-12-10")),
      try Passenger(
        id: PassengerID("p2"), title: .dr, givenName: "Grace", familyName: "Hopper",
        dateOfBirth: CalendarDay(iso: "1986-12-09")),
    ]
  }

  static func contact() throws -> Contact { try Contact(email: email, phone: phone) }

  static func draft(_ id: String, for offer: Offer) throws -> BookingDraft {
    try BookingDraft(
      id: DraftID(id), offer: offer, passengers: travellers(), contact: contact())
  }

  static func extras() throws -> Extras {
    try Extras(
      seats: [PassengerID("p1"): SeatDesignator("14A"), PassengerID("p2"): SeatDesignator("14B")],
      bags: [PassengerID("p1"): 1], insurance: false)
  }

  static func quote(_ id: String, for draft: BookingDraft, expiresAt: Date? = nil) throws -> Quote {
    let fare = draft.offer.total
    let seats = try Money("30", "EUR")
    let bag = try Money("25", "EUR")
    return try Quote(
      id: QuoteID(id), draftID: draft.id, extras: extras(),
      lineItems: [
        LineItem(kind: .fare, label: "Fare", amount: fare),
        LineItem(kind: .seat, label: "Seats 14A 14B", amount: seats),
        LineItem(kind: .bag, label: "1 bag", amount: bag),
      ],
      total: Money.sum([fare, seats, bag], in: fare.currency),
      expiresAt: expiresAt ?? now.addingTimeInterval(15 * 60))
  }

  static func reference() throws -> BookingReference { try BookingReference("K7Q2ZP") }
}

/// An airline that answers lookups from dictionaries, or fails every lookup with `failure`.
struct StubLookup: BookingLookup {
  var offers: [OfferID: Offer] = [:]
  var drafts: [DraftID: BookingDraft] = [:]
  var quotes: [QuoteID: Quote] = [:]
  var paid: [QuoteID: BookingReference] = [:]
  var failure: ServiceError?

  func offer(id: OfferID) async throws(ServiceError) -> Offer {
    if let failure { throw failure }
    guard let offer = offers[id] else { throw .offerNoLongerAvailable(id) }
    return offer
  }

  func draft(id: DraftID) async throws(ServiceError) -> BookingDraft {
    if let failure { throw failure }
    guard let draft = drafts[id] else { throw .draftNotFound(id) }
    return draft
  }

  func quote(id: QuoteID) async throws(ServiceError) -> Quote {
    if let failure { throw failure }
    guard let quote = quotes[id] else { throw .quoteNotFound(id) }
    return quote
  }

  func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    if let failure { throw failure }
    return paid[quoteID].map { .booked($0) } ?? .unpaid(retryKey: nil)
  }
}
