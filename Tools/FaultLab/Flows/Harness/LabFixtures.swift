import Airline
import Domain
import FlowOwner
import Foundation
import Presentation
import Zones

/// The fixed values every scenario uses: one search, two offers, their drafts, one quote, a clock.
public struct LabFixtures: Sendable {
  /// 2026-11-29 12:00:00 UTC, "now" in every scenario.
  public static let now = Date(timeIntervalSince1970: 1_795_953_600)
  /// Twenty minutes later: the quote's fifteen-minute price lock has run out.
  public static let afterPriceLock = now.addingTimeInterval(20 * 60)
  /// The travellers' names, which a snapshot must never carry.
  public static let personalData = [
    "Ada", "Lovelace", "Grace", "Hopper", "ada.lovelace@example.com", "+31201234567",
  ]

  /// IST to AMS on 2026-12-24 for two.
  public let criteria: SearchCriteria
  /// The offer chosen first.
  public let offerA: Offer
  /// The offer chosen after going back.
  public let offerB: Offer
  /// Ada and Grace on offer A.
  public let draftA: BookingDraft
  /// Ada and Grace on offer B.
  public let draftB: BookingDraft
  /// Seats 14A and 14B and a bag for draft A, locked for fifteen minutes from `now`.
  public let quoteA: Quote
  /// The same extras for draft B.
  public let quoteB: Quote
  /// The booking paying quote A makes.
  public let reference: BookingReference
  /// The booking itself, as the airline answers the payment screen.
  public let booking: Booking
  /// Where the payment screen's idempotency keys come from (a fixed seed).
  public let paymentKeys = PaymentKeys(seed: 0xFA_017A_B000)
  /// The day of `now`, for the screens that check a card's expiry.
  public let today: CalendarDay

  /// Builds the fixtures; they are valid, but every domain value validates, so this throws.
  public init() throws {
    criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), party: .adults(2))
    offerA = try Self.offer("offer-a", flight: 1957, hour: 8)
    // Another price than offer A's: a price shown beside the wrong flight is told apart.
    offerB = try Self.offer("offer-b", flight: 1951, hour: 14, fare: "189")
    draftA = try Self.draft("draft-a", for: offerA)
    draftB = try Self.draft("draft-b", for: offerB)
    quoteA = try Self.quote("quote-a", for: draftA)
    quoteB = try Self.quote("quote-b", for: draftB)
    reference = try BookingReference("K7Q2ZP")
    booking = Booking(
      reference: reference, draftID: draftA.id, quoteID: quoteA.id, offer: offerA,
      passengers: draftA.passengers, contact: draftA.contact, extras: quoteA.extras,
      totalPaid: quoteA.total, paymentMethod: try .card(.visa, lastFour: "4242"), paidAt: Self.now)
    today = try CalendarDay(iso: "2026-11-29")
  }

  /// The results step for the search.
  public var results: BookingStep { .results(criteria) }
  /// The passengers step for offer A, as first pushed.
  public var passengers: BookingStep { .passengers(offerA, prefill: .empty) }
  /// The extras step for draft A.
  public var extras: BookingStep { .extras(draftA) }
  /// The payment step for quote A.
  public var payment: BookingStep { .payment(quoteA) }

  /// An airline that still has every record the scenarios make.
  public var lookup: MemoryLookup {
    MemoryLookup(offers: [offerA, offerB], drafts: [draftA, draftB], quotes: [quoteA, quoteB])
  }

  private static func offer(_ id: String, flight: Int, hour: Int, fare: String = "212") throws
    -> Offer
  {
    let ist = try Airport(
      code: IATACode("IST"), name: "Istanbul Airport", city: "İstanbul", countryCode: "TR",
      timeZoneID: "Europe/Istanbul", latitude: 41.2753, longitude: 28.7519, zones: .live)
    let ams = try Airport(
      code: IATACode("AMS"), name: "Amsterdam Airport Schiphol", city: "Amsterdam",
      countryCode: "NL", timeZoneID: "Europe/Amsterdam", latitude: 52.3086, longitude: 4.7639,
      zones: .live)
    let leaves = try CalendarDay(iso: "2026-12-24").start(in: ist.zone)
      .addingTimeInterval(Double(hour * 3600 + 40 * 60))
    let segment = try Segment(
      flightNumber: FlightNumber(airlineCode: "TK", number: flight), origin: ist,
      destination: ams,
      departure: ZonedTime(instant: leaves, timeZoneID: ist.timeZoneID, zones: .live),
      arrival: ZonedTime(
        instant: leaves.addingTimeInterval(3.5 * 3600), timeZoneID: ams.timeZoneID, zones: .live),
      aircraft: Aircraft(code: "32N", name: "Airbus A320neo"))
    return try Offer(
      id: OfferID(id), airline: Airline(code: "TK", name: "Turkish Airlines"),
      slices: [Slice(segments: [segment])], cabin: .economy, pricePerAdult: Money(fare, "EUR"),
      party: .adults(2), total: Money(fare, "EUR").multiplied(by: 2),
      expiresAt: now.addingTimeInterval(30 * 60))
  }

  private static func draft(_ id: String, for offer: Offer) throws -> BookingDraft {
    let travellers = [
      try Passenger(
        id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
        dateOfBirth: CalendarDay(iso: "1985-12-10")),
      try Passenger(
        id: PassengerID("p2"), title: .dr, givenName: "Grace", familyName: "Hopper",
        dateOfBirth: CalendarDay(iso: "1986-12-09")),
    ]
    return try BookingDraft(
      id: DraftID(id), offer: offer, passengers: travellers,
      contact: Contact(email: "ada.lovelace@example.com", phone: "+31201234567"))
  }

  private static func quote(_ id: String, for draft: BookingDraft) throws -> Quote {
    let fare = draft.offer.total
    let seats = try Money("30", "EUR")
    let bag = try Money("25", "EUR")
    let extras = try Extras(
      seats: [PassengerID("p1"): SeatDesignator("14A"), PassengerID("p2"): SeatDesignator("14B")],
      bags: [PassengerID("p1"): 1], insurance: false)
    return try Quote(
      id: QuoteID(id), draftID: draft.id, extras: extras,
      lineItems: [
        LineItem(kind: .fare, label: "Fare", amount: fare),
        LineItem(kind: .seat, label: "Seats 14A 14B", amount: seats),
        LineItem(kind: .bag, label: "1 bag", amount: bag),
      ],
      total: Money.sum([fare, seats, bag], in: fare.currency),
      expiresAt: now.addingTimeInterval(15 * 60))
  }
}
