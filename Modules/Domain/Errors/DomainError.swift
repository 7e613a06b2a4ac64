#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A rule a domain value broke, with a message a person can read.
///
/// Initializers that validate throw this instead of trapping, so a bad value typed by a person or
/// read from a file becomes a message at the place it came from.
public enum DomainError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  case invalidAirportCode(String)
  case invalidCountryCode(String)
  case invalidTimeZone(String)
  case invalidCoordinates(latitude: Double, longitude: Double)
  case sameOriginAndDestination(IATACode)
  case invalidDate(String)
  /// A time this many seconds from 1970: further than any calendar here reaches, or not a number.
  case instantOutOfRange(Double)
  case passengerCountOutOfRange(Int)
  /// A party with children or infants and no adult.
  case noAdultInParty
  /// More infants than adults: each infant travels on an adult's lap.
  case moreInfantsThanAdults(infants: Int, adults: Int)
  /// A return day before the day of departure.
  case returnBeforeDeparture(departure: CalendarDay, returning: CalendarDay)
  /// A trip with no slice, or with more than a return.
  case invalidSliceCount(Int)
  case invalidCurrency(String)
  case currencyMismatch(String, String)
  case invalidAmount(String)
  /// An amount that cannot be a price: negative, finer than the currency's minor unit, or huge.
  case invalidPrice(String, currency: String)
  case invalidIdentifier(kind: String, value: String)
  case invalidAirlineCode(String)
  case invalidFlightNumber(String)
  case emptyItinerary
  case disconnectedItinerary(arrivesAt: IATACode, departsFrom: IATACode)
  case arrivalBeforeDeparture(FlightNumber)
  case invalidName(field: String, value: String)
  case invalidEmail(String)
  case invalidPhone(String)
  case duplicatePassenger(PassengerID)
  case invalidSeatDesignator(String)
  case invalidBookingReference(String)
  case invalidQuoteTotal(expected: String, found: String)
  case invalidCardNumber
  case invalidCardExpiry(String)
  case invalidCVC
  case invalidLastFour(String)

  public var description: String {
    switch self {
    case .invalidAirportCode(let raw):
      "\(Self.quoted(raw)) is not an airport code: use three letters, like IST or AMS."
    case .invalidCountryCode(let raw):
      "\(Self.quoted(raw)) is not a country code: use two letters, like TR or NL."
    case .invalidTimeZone(let raw):
      "\(Self.quoted(raw)) is not a known time zone."
    case .invalidCoordinates(let latitude, let longitude):
      "\(latitude), \(longitude) is not a place on Earth."
    case .sameOriginAndDestination(let code):
      "Origin and destination are both \(code): pick two different airports."
    case .invalidDate(let raw):
      "\(Self.quoted(raw)) is not a date: use YYYY-MM-DD, like 2026-12-24."
    case .instantOutOfRange(let seconds):
      "A time \(seconds) seconds from 1970 is not one a flight can have."
    case .passengerCountOutOfRange(let count):
      "\(count) seats cannot be booked together: choose 1 to 9 adults and children."
    case .noAdultInParty:
      "At least one adult (12 or older) must travel."
    case .moreInfantsThanAdults(let infants, let adults):
      "Each infant travels on an adult's lap: \(infants) infants need \(infants) adults, not \(adults)."
    case .returnBeforeDeparture(let departure, let returning):
      "The return day \(returning) is before the day of departure \(departure)."
    case .invalidSliceCount(let count):
      "A trip is one way or a round trip, not \(count) slices."
    case .invalidCurrency(let raw):
      "\(Self.quoted(raw)) is not an ISO 4217 currency code, like EUR or TRY."
    case .currencyMismatch(let left, let right):
      "Cannot add \(left) and \(right): amounts in different currencies."
    case .invalidAmount(let raw):
      "\(Self.quoted(raw)) is not an amount of money."
    case .invalidPrice(let raw, let currency):
      "\(currency) \(Self.quoted(raw)) is not a price: it must be 0 or more, in whole minor units "
        + "of \(currency), and below 100 billion."
    case .invalidIdentifier(let kind, let value):
      "\(Self.quoted(value)) is not a valid \(kind) ID: use 1 to 64 letters, digits, '-' or '_'."
    case .invalidAirlineCode(let raw):
      "\(Self.quoted(raw)) is not an airline code: use two letters or digits, like TK."
    case .invalidFlightNumber(let raw):
      "\(Self.quoted(raw)) is not a flight number: use an airline code and 1 to 4 digits, like TK1957."
    case .emptyItinerary:
      "An offer needs at least one flight."
    case .disconnectedItinerary(let arrivesAt, let departsFrom):
      "The itinerary arrives at \(arrivesAt) but the next flight leaves from \(departsFrom)."
    case .arrivalBeforeDeparture(let flight):
      "Flight \(flight) arrives before it departs."
    case .invalidName(let field, let value):
      value.trimmingSpaces().isEmpty
        ? "\(field) is required."
        : "\(field) \(Self.quoted(value)) may use letters, spaces, '-', ''' and '.' only (up to 50)."
    case .invalidEmail(let raw):
      "\(Self.quoted(raw)) is not an email address: use a form like name@example.com."
    case .invalidPhone(let raw):
      "\(Self.quoted(raw)) is not a phone number: use 7 to 15 digits, optionally starting with +."
    case .duplicatePassenger(let id):
      "Passenger \(id) appears twice on one booking."
    case .invalidSeatDesignator(let raw):
      "\(Self.quoted(raw)) is not a seat: use a row and a letter, like 14A."
    case .invalidBookingReference(let raw):
      "\(Self.quoted(raw)) is not a booking reference: use six letters or digits, like K7Q2ZP."
    case .invalidQuoteTotal(let expected, let found):
      "The quote's total \(found) does not match its line items (\(expected))."
    case .invalidCardNumber:
      "That card number is not valid: check the digits."
    case .invalidCardExpiry(let raw):
      "\(Self.quoted(raw)) is not a valid expiry date: use MM/YY."
    case .invalidCVC:
      "The security code is 3 or 4 digits."
    case .invalidLastFour(let raw):
      "\(Self.quoted(raw)) is not the last four digits of a card."
    }
  }

  /// Quotes a value for a message, escaping control characters so a message stays on one line.
  public static func quoted(_ raw: String) -> String {
    var out = "'"
    for scalar in raw.unicodeScalars.prefix(40) {
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    if raw.unicodeScalars.count > 40 { out += "…" }
    return out + "'"
  }
}
