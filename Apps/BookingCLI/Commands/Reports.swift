import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The shapes `--json` prints: plain values, named for a reader of the output.
///
/// Every time is ISO 8601 with seconds and an offset, written by `ISOTime`: a local time with
/// the offset in force there and then (`"departure": "2026-12-24T12:40:00+03:00"`), the zone's
/// IANA name beside it (`"departureZone": "Europe/Istanbul"`); an instant that is no one's
/// local time (`expiresAt`, `paidAt`) in UTC with `Z` (`2026-12-02T10:15:00Z`).

/// An amount of money: the amount as text (never a binary fraction) and its currency.
/// A fare's conditions: `{"refundBeforeDeparture": {"allowed": true, "penalty": {…}}, …}`.
struct ConditionsReport: Encodable {
  struct Rule: Encodable {
    let allowed: Bool
    let penalty: MoneyReport?
  }

  let refundBeforeDeparture: Rule
  let changeBeforeDeparture: Rule

  init(_ conditions: FareConditions) {
    func rule(_ rule: FareConditions.Rule) -> Rule {
      Rule(allowed: rule.allowed, penalty: rule.penalty.map(MoneyReport.init))
    }
    refundBeforeDeparture = rule(conditions.refundBeforeDeparture)
    changeBeforeDeparture = rule(conditions.changeBeforeDeparture)
  }
}

/// A cancellation quote, or a booking's cancellation once confirmed (`cancelledAt`).
struct CancellationReport: Encodable {
  let id: String
  let reference: String
  let paid: MoneyReport
  /// What the airline keeps.
  let kept: MoneyReport
  /// What goes back to the card.
  let refund: MoneyReport
  let refundable: Bool
  let refundTo: String
  let expiresAt: String
  /// Absent once confirmed.
  let expiresInSeconds: Int?
  /// When the booking was cancelled; absent on a quote not confirmed.
  let cancelledAt: String?
  /// The command that confirms the quote; absent once confirmed.
  let confirm: String?

  init(_ quote: CancellationQuote, now: Date, cancelledAt: Date? = nil) {
    id = quote.id.rawValue
    reference = quote.reference.rawValue
    paid = MoneyReport(quote.paid)
    kept = MoneyReport(quote.kept)
    refund = MoneyReport(quote.refund)
    refundable = quote.refundable
    refundTo = quote.refundTo.displayName
    expiresAt = ISOTime.instant(quote.expiresAt)
    expiresInSeconds = cancelledAt == nil ? quote.secondsRemaining(at: now) : nil
    self.cancelledAt = cancelledAt.map(ISOTime.instant)
    confirm =
      cancelledAt == nil ? "booking-cli cancel \(quote.reference) --confirm \(quote.id)" : nil
  }
}

struct MoneyReport: Encodable {
  let amount: String
  let currency: String

  init(_ money: Money) {
    amount = money.plainAmount
    currency = money.currency.code
  }

  /// A signed amount (a change's total: negative is a refund), "-12.00".
  init(signed amount: Decimal, _ currency: Currency) {
    let plain = Money(abs(amount), currency).plainAmount
    self.amount = amount < 0 ? "-" + plain : plain
    self.currency = currency.code
  }
}

/// The one writer of every time in a JSON document: ISO 8601, `2026-12-24T12:40:00+03:00`.
enum ISOTime {
  /// `time` on its zone's wall clock with the offset in force at that instant; `Z` for UTC.
  static func string(_ time: ZonedTime) -> String {
    let offset = time.zone.secondsFromGMT(for: time.instant)
    let (hour, minute) = time.clock
    // Within ZonedTime's range (about 3 million years) only: beyond it no conversion traps.
    let since1970 = time.instant.timeIntervalSince1970
    let whole = since1970.magnitude < 1e14 ? Int(since1970.rounded(.down)) + offset : 0
    let second = (whole % 60 + 60) % 60
    let zone = time.zone == .utc ? "Z" : time.utcOffsetText
    return "\(time.day.iso)T\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second))\(zone)"
  }

  /// An instant in UTC: `2026-12-02T10:15:00Z`.
  static func instant(_ date: Date) -> String { string(ZonedTime(instant: date, zone: .utc)) }

  private static func twoDigits(_ value: Int) -> String { (value < 10 ? "0" : "") + "\(value)" }
}

/// An airport.
struct AirportReport: Encodable {
  let code: String
  let city: String
  let name: String
  let country: String
  let timeZone: String

  init(_ airport: Airport) {
    code = airport.code.rawValue
    city = airport.city
    name = airport.name
    country = airport.countryCode
    timeZone = airport.timeZoneID
  }
}

/// Who travels: the counts an offer is priced for.
struct PartyReport: Encodable {
  let adults: Int
  let children: Int
  let infants: Int

  init(_ party: Party) {
    adults = party.adults
    children = party.children
    infants = party.infants
  }
}

/// An offer: the trip's slices (the outbound, then the return of a round trip) and its prices
/// for the party.
struct OfferReport: Encodable {
  let id: String
  let airline: String
  let cabin: String
  /// Where the trip starts, and where the outbound ends (the return comes back from there).
  let origin: String
  let destination: String
  let roundTrip: Bool
  /// Every flight of the trip, outbound first.
  let flights: [String]
  let party: PartyReport
  /// One adult's fare for the whole trip, before taxes.
  let pricePerAdult: MoneyReport
  /// What the party pays: every fare, taxes and fees included, extras not. The same sum as the
  /// quote's fare, child fare, infant and tax lines for this party.
  let total: MoneyReport
  let expiresAt: String
  let slices: [SliceReport]
  /// What the fare allows once booked: a refund and a change before departure, each with the
  /// penalty the airline keeps (absent when it costs nothing).
  let conditions: ConditionsReport

  init(_ offer: Offer) {
    id = offer.id.rawValue
    airline = offer.airline.name
    cabin = offer.cabin.rawValue
    origin = offer.origin.code.rawValue
    destination = offer.destination.code.rawValue
    roundTrip = offer.isRoundTrip
    flights = offer.flightNumbers.map(\.description)
    party = PartyReport(offer.party)
    pricePerAdult = MoneyReport(offer.pricePerAdult)
    total = MoneyReport(offer.total)
    expiresAt = ISOTime.instant(offer.expiresAt)
    slices = offer.slices.enumerated().map { SliceReport($1, index: $0) }
    conditions = ConditionsReport(offer.conditions)
  }

  /// A local time for a table: `2026-12-24 08:15`, the zone left to the JSON.
  static func local(_ time: ZonedTime) -> String { "\(time.day.iso) \(time.hhmm)" }

  /// `125` as `2h 05m`.
  static func duration(_ minutes: Int) -> String {
    let rest = minutes % 60
    return "\(minutes / 60)h \(rest < 10 ? "0" : "")\(rest)m"
  }

  /// "outbound" for slice 0, "return" for slice 1.
  static func direction(_ slice: Int) -> String { slice == 0 ? "outbound" : "return" }
}

/// One direction of a trip.
struct SliceReport: Encodable {
  /// `outbound` or `return`.
  let direction: String
  let origin: String
  let destination: String
  let departure: String
  let departureZone: String
  let arrival: String
  let arrivalZone: String
  /// Door to door, connections included.
  let durationMinutes: Int
  let stops: Int
  let segments: [SegmentReport]
  /// The waits between the flights, in order (none for a nonstop).
  let layovers: [LayoverReport]

  init(_ slice: Slice, index: Int) {
    direction = OfferReport.direction(index)
    origin = slice.origin.code.rawValue
    destination = slice.destination.code.rawValue
    departure = ISOTime.string(slice.departure)
    departureZone = slice.departure.timeZoneID
    arrival = ISOTime.string(slice.arrival)
    arrivalZone = slice.arrival.timeZoneID
    durationMinutes = slice.durationMinutes
    stops = slice.stops
    segments = slice.segments.map(SegmentReport.init)
    layovers = slice.layovers.map(LayoverReport.init)
  }
}

/// One flight.
struct SegmentReport: Encodable {
  struct AircraftReport: Encodable {
    let code: String
    let name: String
  }

  let flight: String
  let from: String
  let to: String
  let departure: String
  let departureZone: String
  let arrival: String
  let arrivalZone: String
  let durationMinutes: Int
  let aircraft: AircraftReport

  init(_ segment: Segment) {
    flight = segment.flightNumber.description
    from = segment.origin.code.rawValue
    to = segment.destination.code.rawValue
    departure = ISOTime.string(segment.departure)
    departureZone = segment.departure.timeZoneID
    arrival = ISOTime.string(segment.arrival)
    arrivalZone = segment.arrival.timeZoneID
    durationMinutes = segment.durationMinutes
    aircraft = AircraftReport(code: segment.aircraft.code, name: segment.aircraft.name)
  }
}

/// A wait between two flights.
struct LayoverReport: Encodable {
  /// Where the first flight lands.
  let airport: String
  /// Where the next one leaves from: `airport` unless the traveller changes airports.
  let departureAirport: String
  let minutes: Int
  /// Whether the wait spans a local midnight or the small hours.
  let overnight: Bool
  let changesAirport: Bool

  init(_ layover: Layover) {
    airport = layover.arrivalAirport.code.rawValue
    departureAirport = layover.departureAirport.code.rawValue
    minutes = layover.minutes
    overnight = layover.isOvernight
    changesAirport = layover.changesAirport
  }
}

/// A passenger, with the seats and bags chosen.
struct PassengerReport: Encodable {
  let number: Int
  let name: String
  let title: String
  let dateOfBirth: String
  /// `adult`, `child` or `infant`, by age on the day of the outbound flight.
  let type: String
  /// The seat on the outbound's first flight.
  let seat: String?
  /// The seat on the return's first flight (round trips).
  let returnSeat: String?
  let bags: Int

  init(_ passenger: Passenger, number: Int, extras: Extras, departure: CalendarDay) {
    self.number = number
    name = passenger.fullName
    title = passenger.title.rawValue
    dateOfBirth = passenger.dateOfBirth.iso
    type = passenger.type(on: departure).rawValue
    seat = extras.seats[passenger.id]?.description
    returnSeat = extras.returnSeats[passenger.id]?.description
    bags = extras.bags[passenger.id] ?? 0
  }

  /// "Ms Ada Lovelace (adult), seat 14A, 1 bag"; a round trip's seats as "seats 14A out, 20C
  /// back".
  var line: String {
    var text = "\(title.prefix(1).uppercased() + title.dropFirst()) \(name) (\(type))"
    switch (seat, returnSeat) {
    case (let out?, let back?): text += ", seats \(out) out, \(back) back"
    case (let out?, nil): text += ", seat \(out)"
    case (nil, let back?): text += ", seat \(back) back"
    case (nil, nil): break
    }
    if bags > 0 { text += ", \(bags) bag\(bags == 1 ? "" : "s")" }
    return text
  }
}

/// A line of a quote.
struct LineReport: Encodable {
  /// `fare`, `childFare`, `infant`, `seat`, `bag`, `insurance` or `tax`.
  let kind: String
  let label: String
  let amount: MoneyReport
  /// Passengers for a fare line, bags for a bag line.
  let quantity: Int?
  /// The price of one, for a fare line.
  let unitPrice: MoneyReport?
  /// The passenger's number, for a seat, bag or infant line.
  let passenger: Int?
  /// The seat, for a seat line.
  let seat: String?
  /// The slice of a seat line: 0 the outbound, 1 the return.
  let slice: Int?

  init(_ line: LineItem) {
    kind = line.kind.rawValue
    label = line.label
    amount = MoneyReport(line.amount)
    quantity = line.quantity
    unitPrice = line.unitPrice.map(MoneyReport.init)
    passenger = line.passenger
    seat = line.seat?.description
    slice = line.slice
  }
}

/// A quote and how to pay it: the link that opens it in the app.
struct QuoteReport: Encodable {
  let id: String
  let draftID: String
  let offer: OfferReport
  let passengers: [PassengerReport]
  let insurance: Bool
  let lines: [LineReport]
  /// Set when the airline re-priced the offer as it quoted it (`price_changed`).
  let priceChange: PriceChangeReport?
  let total: MoneyReport
  let expiresAt: String
  let expiresInSeconds: Int
  let link: String
  /// The command that opens the link in the terminal app.
  let open: String
}

/// The airline's change of price: the party's fare and taxes before and now.
struct PriceChangeReport: Encodable {
  let before: MoneyReport
  let after: MoneyReport
  let pricePerAdult: MoneyReport

  init(_ change: PriceChange) {
    before = MoneyReport(change.before)
    after = MoneyReport(change.after)
    pricePerAdult = MoneyReport(change.pricePerAdult)
  }
}

/// A booking.
struct BookingReport: Encodable {
  let reference: String
  let quoteID: String
  let offer: OfferReport
  let passengers: [PassengerReport]
  let insurance: Bool
  let contact: [String: String]
  let totalPaid: MoneyReport
  let card: String
  let paidAt: String
  /// `booked`, or `cancelled` with `cancellation`.
  let status: String
  let cancellation: CancellationReport?
  /// 1 as booked, one more with each change.
  let version: Int
  /// The changes confirmed, oldest first.
  let changes: [BookingChangeReport]

  init(_ booking: Booking) {
    reference = booking.reference.rawValue
    quoteID = booking.quoteID.rawValue
    offer = OfferReport(booking.offer)
    let day = booking.offer.departure.day
    passengers = booking.passengers.enumerated().map { index, passenger in
      PassengerReport(passenger, number: index + 1, extras: booking.extras, departure: day)
    }
    insurance = booking.extras.insurance
    contact = ["email": booking.contact.email, "phone": booking.contact.phone]
    totalPaid = MoneyReport(booking.totalPaid)
    card = booking.paymentMethod.displayName
    paidAt = ISOTime.instant(booking.paidAt)
    status = booking.isCancelled ? "cancelled" : "booked"
    cancellation = booking.cancellation.map {
      CancellationReport($0.quote, now: $0.cancelledAt, cancelledAt: $0.cancelledAt)
    }
    version = booking.version
    changes = booking.changes.map(BookingChangeReport.init)
  }
}

/// Where the app would resume, and why.
struct SessionReport: Encodable {
  /// The saved position's step (`search` when nothing is saved).
  let saved: String
  /// The IDs the saved position names.
  let savedIDs: [String: String]
  /// The step the app would open at.
  let resumeAt: String
  /// Why, in one sentence.
  let reason: String
  let file: String
  /// Whether the app has the data directory open (then `resumeAt` is where it is now).
  let appOpen: Bool
  /// The payments a crash cut off that could not be settled, by draft ID: those that wait for
  /// `resolve` (a person's word) with its command.
  let waiting: [WaitingPayment]
}

/// A payment a crash cut off that its records cannot settle: its draft, its quote, the command
/// that settles it when it waits for a person's word (`resolve`), and the airline's reason.
struct WaitingPayment: Encodable {
  let draft: String
  let quote: String
  /// `booking-cli resolve DRAFT --charged (or --not-charged)`; omitted when the records will
  /// settle it themselves once they can be read.
  let command: String?
  let reason: String
}
