import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The shapes `--json` prints: plain values, named for a reader of the output.

/// An amount of money: the amount as text (never a binary fraction) and its currency.
struct MoneyReport: Encodable {
  let amount: String
  let currency: String

  init(_ money: Money) {
    amount = money.plainAmount
    currency = money.currency.code
  }
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

/// An offer, its times local to its airports.
struct OfferReport: Encodable {
  let id: String
  let airline: String
  let flights: [String]
  let origin: String
  let destination: String
  /// Local date and time of departure, e.g. `2026-12-24 08:15`.
  let departure: String
  let arrival: String
  let durationMinutes: Int
  let stops: Int
  let cabin: String
  let passengers: Int
  let pricePerPassenger: MoneyReport
  let total: MoneyReport
  let expiresAt: String

  init(_ offer: Offer) {
    id = offer.id.rawValue
    airline = offer.airline.name
    flights = offer.flightNumbers.map(\.description)
    origin = offer.origin.code.rawValue
    destination = offer.destination.code.rawValue
    departure = Self.local(offer.departure)
    arrival = Self.local(offer.outbound.arrival)
    durationMinutes = offer.durationMinutes
    stops = offer.stops
    cabin = offer.cabin.rawValue
    passengers = offer.party.travellers
    pricePerPassenger = MoneyReport(offer.pricePerAdult)
    total = MoneyReport(offer.total)
    expiresAt = Output.instant(offer.expiresAt)
  }

  static func local(_ time: ZonedTime) -> String { "\(time.day.iso) \(time.hhmm)" }

  /// `125` as `2h 05m`.
  static func duration(_ minutes: Int) -> String {
    let rest = minutes % 60
    return "\(minutes / 60)h \(rest < 10 ? "0" : "")\(rest)m"
  }
}

/// A passenger, with the seat and bags chosen.
struct PassengerReport: Encodable {
  let number: Int
  let name: String
  let title: String
  let dateOfBirth: String
  let type: String
  let seat: String?
  let bags: Int

  init(_ passenger: Passenger, number: Int, extras: Extras, departure: CalendarDay) {
    self.number = number
    name = passenger.fullName
    title = passenger.title.rawValue
    dateOfBirth = passenger.dateOfBirth.iso
    type = passenger.type(on: departure).rawValue
    seat = extras.seats[passenger.id]?.description
    bags = extras.bags[passenger.id] ?? 0
  }

  /// "Ms Ada Lovelace (adult), seat 14A, 1 bag".
  var line: String {
    var text = "\(title.prefix(1).uppercased() + title.dropFirst()) \(name) (\(type))"
    if let seat { text += ", seat \(seat)" }
    if bags > 0 { text += ", \(bags) bag\(bags == 1 ? "" : "s")" }
    return text
  }
}

/// A line of a quote.
struct LineReport: Encodable {
  let kind: String
  let label: String
  let amount: MoneyReport
}

/// A quote and how to pay it: the link that opens it in the app.
struct QuoteReport: Encodable {
  let id: String
  let draftID: String
  let offer: OfferReport
  let passengers: [PassengerReport]
  let insurance: Bool
  let lines: [LineReport]
  let total: MoneyReport
  let expiresAt: String
  let expiresInSeconds: Int
  let link: String
  /// The command that opens the link in the terminal app.
  let open: String
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
    paidAt = Output.instant(booking.paidAt)
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
}
