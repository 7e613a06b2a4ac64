import Airline
import Domain
import Zones

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Named values for tests: each test builds only the inputs it needs from these (literal
/// airports, offers, travellers, drafts, extras, seat maps, quotes and bookings; no simulator).
public enum Fixture {
  /// 2026-11-29 12:00:00 UTC, "now" in these tests.
  public static let now = Date(timeIntervalSince1970: 1_795_953_600)

  /// Istanbul Airport (IST) in İstanbul, TR, in Europe/Istanbul: where the fixture trips leave.
  public static func istanbul() throws -> Airport {
    try Airport(
      code: IATACode("IST"), name: "Istanbul Airport", city: "İstanbul", countryCode: "TR",
      timeZoneID: "Europe/Istanbul", latitude: 41.2753, longitude: 28.7519, zones: .live)
  }

  /// Amsterdam Airport Schiphol (AMS) in Amsterdam, NL, in Europe/Amsterdam: where the fixture
  /// trips go.
  public static func amsterdam() throws -> Airport {
    try Airport(
      code: IATACode("AMS"), name: "Amsterdam Airport Schiphol", city: "Amsterdam",
      countryCode: "NL", timeZoneID: "Europe/Amsterdam", latitude: 52.3086, longitude: 4.7639,
      zones: .live)
  }

  /// 2026-12-24, the departure day of `criteria` and of every fixture offer.
  public static func departureDay() throws -> CalendarDay { try CalendarDay(iso: "2026-12-24") }

  /// The fixture one-way search: IST→AMS on 24 Dec (`departureDay`) for `passengers` adults.
  public static func criteria(passengers: Int = 2) throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: departureDay(),
      party: .adults(passengers))
  }

  static func munich() throws -> Airport {
    try Airport(
      code: IATACode("MUC"), name: "Munich Airport", city: "München", countryCode: "DE",
      timeZoneID: "Europe/Berlin", latitude: 48.3538, longitude: 11.7861, zones: .live)
  }

  /// Turkish Airlines, the fixture offers' usual carrier.
  public static func turkish() throws -> Airline {
    try Airline(code: "TK", name: "Turkish Airlines")
  }

  /// An IST->AMS on 24 Dec leaving at `hour`:`minute` Istanbul time and taking `hours` door to
  /// door: nonstop, or through Munich with `via` (landing there halfway, leaving an hour later).
  public static func offer(
    _ id: String, flight: Int = 1957, hour: Int = 8, minute: Int = 40, passengers: Int = 2,
    fare: String = "212", airline: Airline? = nil, hours: Double = 3.5, via: Bool = false,
    party: Party? = nil
  ) throws -> Offer {
    let airline = try airline ?? turkish()
    let ist = try istanbul()
    let ams = try amsterdam()
    let leaves = try departureDay().start(in: ist.zone)
      .addingTimeInterval(Double(hour * 3600 + minute * 60))
    func leg(_ number: Int, _ from: Airport, _ to: Airport, _ at: Date, _ hours: Double) throws
      -> Segment
    {
      try segment(airline, number, from, to, at, hours, aircraft: airbus)
    }
    let segments =
      via
      ? [
        try leg(flight, ist, try munich(), leaves, (hours - 1) / 2),
        try leg(
          flight + 1, try munich(), ams, leaves.addingTimeInterval((hours + 1) / 2 * 3600),
          (hours - 1) / 2),
      ]
      : [try leg(flight, ist, ams, leaves, hours)]
    let party = try party ?? Party.adults(passengers)
    return try Offer(
      id: OfferID(id), airline: airline, slices: [Slice(segments: segments)], cabin: .economy,
      pricePerAdult: Money(fare, "EUR"), party: party,
      total: Money(fare, "EUR").multiplied(by: party.seats),
      expiresAt: now.addingTimeInterval(30 * 60))
  }

  static let airbus = Aircraft(code: "32N", name: "Airbus A320neo")

  /// `airline`'s flight `number` from `origin` to `destination`, leaving at `leaves` and taking
  /// `hours`, each end in its airport's zone.
  static func segment(
    _ airline: Airline, _ number: Int, _ origin: Airport, _ destination: Airport,
    _ leaves: Date, _ hours: Double, aircraft: Aircraft
  ) throws -> Segment {
    try Segment(
      flightNumber: FlightNumber(airlineCode: airline.code, number: number), origin: origin,
      destination: destination,
      departure: ZonedTime(instant: leaves, timeZoneID: origin.timeZoneID, zones: .live),
      arrival: ZonedTime(
        instant: leaves.addingTimeInterval(hours * 3600), timeZoneID: destination.timeZoneID,
        zones: .live),
      aircraft: aircraft)
  }

  /// 31 Dec, the day the fixture round trip comes back.
  public static func returnDay() throws -> CalendarDay { try CalendarDay(iso: "2026-12-31") }

  /// The fixture search there and back: IST→AMS on 24 Dec, AMS→IST on 31 Dec, for `party`
  /// (two adults unless told).
  public static func roundTripCriteria(party: Party? = nil) throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: departureDay(),
      returning: returnDay(), party: party ?? .adults(2))
  }

  /// A round trip: `offer(id)`'s nonstop TK1957 out on 24 Dec at 08:40, and TK1958 back on
  /// 31 Dec leaving Amsterdam at 12:25 (3h 35m), or through Munich with `viaBack` (TK1958 to
  /// Munich, TK1959 on an hour later). `fare` is one adult's, for both ways.
  public static func roundTrip(
    _ id: String, fare: String = "389", party: Party? = nil, viaBack: Bool = false
  ) throws -> Offer {
    let party = try party ?? Party.adults(2)
    let outbound = try offer(id, fare: fare, party: party)
    let airline = outbound.airline
    let (ist, ams, muc) = (try istanbul(), try amsterdam(), try munich())
    let leaves = try returnDay().start(in: ams.zone).addingTimeInterval(12 * 3600 + 25 * 60)
    func leg(_ number: Int, _ from: Airport, _ to: Airport, _ at: Date, _ hours: Double) throws
      -> Segment
    {
      try segment(airline, number, from, to, at, hours, aircraft: airbus)
    }
    let back =
      viaBack
      ? [
        try leg(1958, ams, muc, leaves, 1.25),
        try leg(1959, muc, ist, leaves.addingTimeInterval(2.25 * 3600), 2.5),
      ]
      : [try leg(1958, ams, ist, leaves, 215 / 60)]
    return try Offer(
      id: outbound.id, airline: airline, slices: [outbound.outbound, Slice(segments: back)],
      cabin: outbound.cabin, pricePerAdult: outbound.pricePerAdult, party: party,
      total: outbound.total, expiresAt: outbound.expiresAt)
  }

  /// Seven offers for the fixture search, from three airlines, across the day (night, morning,
  /// afternoon, evening), nonstop and through Munich, from 149 to 299 EUR.
  public static func offers(passengers: Int = 2) throws -> [Offer] {
    let klm = try Airline(code: "KL", name: "KLM")
    let pegasus = try Airline(code: "PC", name: "Pegasus")
    return [
      try offer("o1", flight: 1957, hour: 8, passengers: passengers, fare: "212"),
      try offer("o2", flight: 1951, hour: 3, minute: 10, passengers: passengers, fare: "175"),
      try offer(
        "o3", flight: 1234, hour: 14, passengers: passengers, fare: "189", airline: klm,
        hours: 3.75),
      try offer(
        "o4", flight: 1201, hour: 6, minute: 5, passengers: passengers, fare: "149",
        airline: pegasus, hours: 7, via: true),
      try offer(
        "o5", flight: 1236, hour: 19, passengers: passengers, fare: "299", airline: klm,
        hours: 3.5),
      try offer(
        "o6", flight: 1203, hour: 16, minute: 20, passengers: passengers, fare: "159",
        airline: pegasus, hours: 3.25),
      try offer(
        "o7", flight: 1971, hour: 22, passengers: passengers, fare: "245", hours: 6, via: true),
    ]
  }

  /// The fare strip's days for the fixture search: `day` and `days` days either side of it (seven
  /// days by default), each bookable; `day` at 298 EUR, the lowest total of `offers()` for two,
  /// and each other day at 320 EUR plus 20 EUR for each day away from `day`.
  public static func fareDays(around day: CalendarDay, days: Int = 3) throws -> [FareDay] {
    try (-days...days).map { offset in
      FareDay(
        day: day.adding(days: offset),
        lowest: try Money(offset == 0 ? "298" : "\(320 + 20 * abs(offset))", "EUR"),
        bookable: true)
    }
  }

  /// The fare strip's answer for the fixture search: `fareDays` on a scale from 280 to 420 EUR
  /// (the whole booking window's cheapest and dearest days).
  public static func fareCalendar(around day: CalendarDay, days: Int = 3) throws -> FareCalendar {
    FareCalendar(
      days: try fareDays(around: day, days: days),
      scale: FareScale(lowest: try Money("280", "EUR"), highest: try Money("420", "EUR")))
  }

  /// 28 Dec 2026: the return of the listed round trips (`roundTrips`).
  public static func listedReturnDay() throws -> CalendarDay { try CalendarDay(iso: "2026-12-28") }

  /// The search the listed round trips answer: IST→AMS on 24 Dec, back on 28 Dec, for
  /// `passengers` adults.
  public static func listedRoundTripCriteria(passengers: Int = 2) throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: departureDay(),
      returning: listedReturnDay(), party: .adults(passengers))
  }

  static func heathrow() throws -> Airport {
    try Airport(
      code: IATACode("LHR"), name: "Heathrow Airport", city: "London", countryCode: "GB",
      timeZoneID: "Europe/London", latitude: 51.47, longitude: -0.4543, zones: .live)
  }

  static func gatwick() throws -> Airport {
    try Airport(
      code: IATACode("LGW"), name: "Gatwick Airport", city: "London", countryCode: "GB",
      timeZoneID: "Europe/London", latitude: 51.1537, longitude: -0.1821, zones: .live)
  }

  /// A round trip: out as `offer` makes it (`hour`, `minute`, `via`), back from AMS on 28 Dec
  /// leaving at `backHour`:00 Amsterdam time: nonstop in 3.5 hours, or through Munich
  /// (`backVia`, 6 hours), or through London (`overnightInLondon`): landing at Heathrow at
  /// 21:00 and leaving Gatwick at 07:05 the next morning. `fare` is per adult for the trip.
  public static func listedRoundTrip(
    _ id: String, flight: Int = 1957, hour: Int = 8, minute: Int = 40, backHour: Int = 18,
    passengers: Int = 2, fare: String = "380", airline: Airline? = nil, via: Bool = false,
    backVia: Bool = false, overnightInLondon: Bool = false
  ) throws -> Offer {
    let airline = try airline ?? turkish()
    let out = try offer(
      id, flight: flight, hour: hour, minute: minute, passengers: passengers, fare: fare,
      airline: airline, via: via)
    let ams = try amsterdam()
    let ist = try istanbul()
    let leaves = try listedReturnDay().start(in: ams.zone).addingTimeInterval(
      Double(backHour * 3600))
    let boeing = Aircraft(code: "7M8", name: "Boeing 737 MAX 8")
    func leg(_ number: Int, _ from: Airport, _ to: Airport, _ at: Date, _ hours: Double) throws
      -> Segment
    {
      try segment(airline, number, from, to, at, hours, aircraft: boeing)
    }
    let back = flight + 1000
    let segments: [Segment]
    if overnightInLondon {
      let heathrow = try heathrow()
      let landing = try listedReturnDay().start(in: heathrow.zone).addingTimeInterval(21 * 3600)
      let hop = landing.timeIntervalSince(leaves) / 3600
      segments = [
        try leg(back, ams, heathrow, leaves, hop),
        try leg(
          back + 1, try gatwick(), ist, landing.addingTimeInterval(10 * 3600 + 5 * 60), 3.75),
      ]
    } else if backVia {
      segments = [
        try leg(back, ams, try munich(), leaves, 2.5),
        try leg(back + 1, try munich(), ist, leaves.addingTimeInterval(3.5 * 3600), 2.5),
      ]
    } else {
      segments = [try leg(back, ams, ist, leaves, 3.5)]
    }
    let party = try Party.adults(passengers)
    return try Offer(
      id: OfferID(id), airline: airline, slices: [out.outbound, Slice(segments: segments)],
      cabin: .economy, pricePerAdult: Money(fare, "EUR"), party: party,
      total: Money(fare, "EUR").multiplied(by: party.seats),
      expiresAt: now.addingTimeInterval(30 * 60))
  }

  /// Five round trips for the fixture round-trip search, from two airlines, nonstop and with
  /// stops out or back, one with a night in London and a change of airports, from 330 to 520 EUR.
  public static func roundTrips(passengers: Int = 2) throws -> [Offer] {
    let klm = try Airline(code: "KL", name: "KLM")
    return [
      try listedRoundTrip("r1", hour: 8, backHour: 18, passengers: passengers, fare: "420"),
      try listedRoundTrip(
        "r2", flight: 1234, hour: 14, backHour: 9, passengers: passengers, fare: "390",
        airline: klm),
      try listedRoundTrip(
        "r3", flight: 1971, hour: 22, backHour: 19, passengers: passengers, fare: "330",
        via: true, overnightInLondon: true),
      try listedRoundTrip(
        "r4", flight: 1951, hour: 3, minute: 10, backHour: 7, passengers: passengers, fare: "360",
        backVia: true),
      try listedRoundTrip(
        "r5", flight: 1236, hour: 19, backHour: 20, passengers: passengers, fare: "520",
        airline: klm),
    ]
  }

  /// The given and family names of `travellers()`, in order: Ada, Lovelace, Grace, Hopper.
  public static let travellerNames = ["Ada", "Lovelace", "Grace", "Hopper"]
  /// The fixture contact's email address, ada.lovelace@example.com.
  public static let email = "ada.lovelace@example.com"
  /// The fixture contact's phone number, +31201234567.
  public static let phone = "+31201234567"

  /// The two fixture travellers, both adults: Ms Ada Lovelace, born 1985-12-10 (p1), and
  /// Dr Grace Hopper, born 1986-12-09 (p2).
  public static func travellers() throws -> [Passenger] {
    [
      try Passenger(
        id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
        dateOfBirth: CalendarDay(iso: "1985-12-10")),
      try Passenger(
        id: PassengerID("p2"), title: .dr, givenName: "Grace", familyName: "Hopper",
        dateOfBirth: CalendarDay(iso: "1986-12-09")),
    ]
  }

  /// The fixture contact: `email` and `phone`.
  public static func contact() throws -> Contact { try Contact(email: email, phone: phone) }

  /// A family for a party of an adult, a child and an infant on 24 Dec: Ada Lovelace (p1), her
  /// son Byron, 8 (p2), and her daughter Annabella, 10 months (p3).
  public static func family() throws -> [Passenger] {
    [
      try travellers()[0],
      try Passenger(
        id: PassengerID("p2"), title: .mstr, givenName: "Byron", familyName: "Lovelace",
        dateOfBirth: CalendarDay(iso: "2018-06-01")),
      try Passenger(
        id: PassengerID("p3"), title: .miss, givenName: "Annabella", familyName: "Lovelace",
        dateOfBirth: CalendarDay(iso: "2026-02-01")),
    ]
  }

  /// A draft of `offer` for `passengers` (the two fixture travellers unless told).
  public static func draft(_ id: String, for offer: Offer, passengers: [Passenger]? = nil) throws
    -> BookingDraft
  {
    try BookingDraft(
      id: DraftID(id), offer: offer, passengers: passengers ?? travellers(), contact: contact())
  }

  /// The fixture extras: seat 14A for p1 and 14B for p2 on the outbound (both free on `seatMap`,
  /// 15 EUR each), one checked bag for p1, no return seats and no insurance.
  public static func extras() throws -> Extras {
    try Extras(
      seats: [PassengerID("p1"): SeatDesignator("14A"), PassengerID("p2"): SeatDesignator("14B")],
      bags: [PassengerID("p1"): 1], insurance: false)  // 14B is free: see `seatMap`
  }

  /// A quote for `draft` with `extras` (the fixture extras when nil), priced as `FixtureFares`
  /// prices them when it can, expiring 15 minutes after `now` unless told.
  public static func quote(
    _ id: String, for draft: BookingDraft, extras: Extras? = nil, expiresAt: Date? = nil
  ) throws -> Quote {
    let extras = try extras ?? self.extras()
    let lines =
      FixtureFares().lineItems(
        draft: draft, extras: extras,
        seatMaps: try draft.offer.slices.indices.map { slice in
          try seatMap(for: draft.offer, slice: slice)
        })
      ?? [LineItem(kind: .fare, label: "Fare", amount: draft.offer.total)]
    return try Quote(
      id: QuoteID(id), draftID: draft.id, extras: extras, lineItems: lines,
      total: Money.sum(lines.map(\.amount), in: draft.offer.total.currency),
      expiresAt: expiresAt ?? now.addingTimeInterval(15 * 60))
  }

  /// Seats 10A-15F (A B C, aisle, D E F) for `offer`: row 10 extra legroom at 30 EUR, the rest
  /// standard at 15 EUR; 10C, 11A, 11B, 13D and 14F are taken. The return's (`slice` 1) is
  /// the return flight's, with 10A, 10B, 12C, 12D and 15F taken instead.
  public static func seatMap(for offer: Offer, slice: Int = 0) throws -> SeatMap {
    let letters: [Character] = ["A", "B", "C", "D", "E", "F"]
    let taken: Set<String> =
      slice == 0 ? ["10C", "11A", "11B", "13D", "14F"] : ["10A", "10B", "12C", "12D", "15F"]
    var seats: [Seat] = []
    for row in 10...15 {
      for letter in letters {
        let designator = try SeatDesignator(row: row, letter: letter)
        seats.append(
          Seat(
            designator: designator, kind: row == 10 ? .extraLegroom : .standard,
            price: try Money(row == 10 ? "30" : "15", "EUR"),
            occupied: taken.contains(designator.description)))
      }
    }
    return SeatMap(
      offerID: offer.id, slice: slice,
      flight: slice == 0 ? nil : offer.slices.dropFirst(slice).first?.firstSegment.flightNumber,
      aircraft: airbus,
      columns: [.seat("A"), .seat("B"), .seat("C"), .aisle, .seat("D"), .seat("E"), .seat("F")],
      rows: Array(10...15), seats: seats)
  }

  /// K7Q2ZP, the reference of the fixture booking (`booking(of:for:paidWith:)`).
  public static func reference() throws -> BookingReference { try BookingReference("K7Q2ZP") }

  /// The booking `card` buys with `quote` for `draft`, paid at `now`.
  public static func booking(of quote: Quote, for draft: BookingDraft, paidWith card: PaymentCard)
    throws -> Booking
  {
    Booking(
      reference: try reference(), draftID: draft.id, quoteID: quote.id, offer: draft.offer,
      passengers: draft.passengers, contact: draft.contact, extras: quote.extras,
      totalPaid: quote.total, paymentMethod: card.method, paidAt: now)
  }
}

/// An airline that answers lookups from dictionaries, or fails every lookup with `failure`.
public struct StubLookup: BookingLookup {
  /// The offers `offer(id:)` answers with, by ID.
  public var offers: [OfferID: Offer] = [:]
  /// The drafts `draft(id:)` answers with, by ID.
  public var drafts: [DraftID: BookingDraft] = [:]
  /// The quotes `quote(id:)` answers with, by ID.
  public var quotes: [QuoteID: Quote] = [:]
  /// The booking of each paid quote, by quote ID; every other quote is unpaid.
  public var paid: [QuoteID: BookingReference] = [:]
  /// The error every lookup throws; nil: lookups answer from the dictionaries.
  public var failure: ServiceError?

  /// Answers from these dictionaries, or fails every lookup with `failure`.
  public init(
    offers: [OfferID: Offer] = [:], drafts: [DraftID: BookingDraft] = [:],
    quotes: [QuoteID: Quote] = [:], paid: [QuoteID: BookingReference] = [:],
    failure: ServiceError? = nil
  ) {
    self.offers = offers
    self.drafts = drafts
    self.quotes = quotes
    self.paid = paid
    self.failure = failure
  }

  /// The offer with `id` in `offers`, or `offerNoLongerAvailable`; `failure` when it is set.
  public func offer(id: OfferID) async throws(ServiceError) -> Offer {
    if let failure { throw failure }
    guard let offer = offers[id] else { throw .offerNoLongerAvailable(id) }
    return offer
  }

  /// The draft with `id` in `drafts`, or `draftNotFound`; `failure` when it is set.
  public func draft(id: DraftID) async throws(ServiceError) -> BookingDraft {
    if let failure { throw failure }
    guard let draft = drafts[id] else { throw .draftNotFound(id) }
    return draft
  }

  /// The quote with `id` in `quotes`, or `quoteNotFound`; `failure` when it is set.
  public func quote(id: QuoteID) async throws(ServiceError) -> Quote {
    if let failure { throw failure }
    guard let quote = quotes[id] else { throw .quoteNotFound(id) }
    return quote
  }

  /// `booked` with the reference `paid` holds for `quoteID`, or else `unpaid` with no retry key
  /// (whether `quotes` holds the quote or not); `failure` when it is set.
  public func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    if let failure { throw failure }
    return paid[quoteID].map { .booked($0) } ?? .unpaid(retryKey: nil)
  }
}
