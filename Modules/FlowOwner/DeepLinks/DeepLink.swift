import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A link into the flow from outside: `booking://pay/<quoteID>`,
/// `booking://search?from=IST&to=AMS&date=2026-12-24&passengers=2`, or `booking://trip/<REF>`
/// (a booking opened in the trips, over the search form).
///
/// A link is only a snapshot: it opens through the same `restore` as a relaunch, so there is no
/// "came from a link" flag anywhere.
public enum DeepLink: Hashable, Sendable {
  /// Open payment for a quote.
  case pay(QuoteID)
  /// Show the results of a search.
  case search(SearchCriteria)
  /// Open a booking in the trips, over the search form.
  case trip(BookingReference)

  /// The longest link accepted; real ones are far shorter.
  public static let maximumLength = 2048

  /// Parses `text`, naming what is wrong when it is not a booking link.
  public init(parsing text: String) throws(DeepLinkError) {
    let link = text.trimmingSpaces()
    guard link.utf8.count <= Self.maximumLength else { throw .tooLong(link.utf8.count) }
    guard let schemeEnd = Self.range(of: "://", in: link) else { throw .notALink(link) }
    let scheme = String(link[..<schemeEnd.lowerBound])
    guard scheme.lowercased() == "booking" else { throw .wrongScheme(scheme) }
    let rest = link[schemeEnd.upperBound...]
    let (beforeQuery, query) = Self.split(rest, at: "?")
    guard !beforeQuery.contains("#"), !(query ?? "").contains("#") else {
      throw .unexpectedPath(String(rest))
    }
    var segments = beforeQuery.split(separator: "/", omittingEmptySubsequences: false)
      .map(String.init)
    if segments.count > 1, segments.last == "" { segments.removeLast() }
    let host = segments.first ?? ""
    switch host.lowercased() {
    case "pay":
      guard query == nil else { throw .unexpectedQuery(host) }
      guard segments.count == 2, let raw = segments.last, !raw.isEmpty else {
        if segments.count > 2 { throw .unexpectedPath(String(rest)) }
        throw .missingQuoteID
      }
      let decoded = try Self.percentDecoded(raw, name: "quote ID")
      do {
        self = .pay(try QuoteID(decoded))
      } catch {
        throw .invalidQuoteID(decoded)
      }
    case "trip":
      guard query == nil else { throw .unexpectedQuery(host) }
      guard segments.count == 2, let raw = segments.last, !raw.isEmpty else {
        if segments.count > 2 { throw .unexpectedPath(String(rest)) }
        throw .missingReference
      }
      let decoded = try Self.percentDecoded(raw, name: "booking reference")
      do {
        self = .trip(try BookingReference(decoded))
      } catch {
        throw .invalidReference(decoded)
      }
    case "search":
      guard segments.count == 1 else { throw .unexpectedPath(String(rest)) }
      self = .search(try Self.criteria(from: query ?? ""))
    case "":
      throw .missingHost
    default:
      throw .unknownHost(host)
    }
  }

  /// The snapshot this link opens.
  public var snapshot: BookingSnapshot {
    switch self {
    case .pay(let quoteID): BookingSnapshot(criteria: nil, position: .payment(quoteID: quoteID))
    case .search(let criteria): BookingSnapshot(criteria: criteria, position: .results)
    case .trip(let reference):
      BookingSnapshot(
        criteria: nil, position: .search, trip: TripPosition(reference: reference))
    }
  }

  /// The link as text.
  public var url: String {
    switch self {
    case .pay(let quoteID): "booking://pay/\(quoteID)"
    case .trip(let reference): "booking://trip/\(reference)"
    case .search(let c):
      "booking://search?from=\(c.origin)&to=\(c.destination)&date=\(c.departure)"
        + (c.returning.map { "&return=\($0)" } ?? "") + "&adults=\(c.party.adults)"
        + (c.party.children > 0 ? "&children=\(c.party.children)" : "")
        + (c.party.infants > 0 ? "&infants=\(c.party.infants)" : "")
    }
  }

  private static func criteria(from query: String) throws(DeepLinkError) -> SearchCriteria {
    var values: [String: String] = [:]
    // `passengers` is the count of adults, as links written before parties had children say.
    let known = ["from", "to", "date", "return", "adults", "children", "infants", "passengers"]
    for pair in query.split(separator: "&") {
      let (rawName, rawValue) = split(pair, at: "=")
      let name = try percentDecoded(rawName, name: "parameter name").lowercased()
      guard known.contains(name) else { throw .unknownParameter(name) }
      guard values[name] == nil else { throw .duplicateParameter(name) }
      values[name] = try percentDecoded(rawValue ?? "", name: name)
    }
    func required(_ name: String) throws(DeepLinkError) -> String {
      guard let value = values[name], !value.isEmpty else { throw .missingParameter(name) }
      return value
    }
    do {
      let origin = try IATACode(try required("from"))
      let destination = try IATACode(try required("to"))
      let date = try CalendarDay(iso: try required("date"))
      let returning = try values["return"].map { text throws(DomainError) in
        try CalendarDay(iso: text)
      }
      if values["adults"] != nil, values["passengers"] != nil {
        throw DeepLinkError.duplicateParameter("adults")
      }
      func count(_ name: String, default fallback: String) throws(DeepLinkError) -> Int {
        let text = values[name] ?? fallback
        guard let count = passengerCount(text) else {
          throw DeepLinkError.invalidParameter(
            name: name, reason: "\(DomainError.quoted(text)) is not a count from 0 to 9.")
        }
        return count
      }
      let adultsName = values["passengers"] != nil ? "passengers" : "adults"
      let party: Party
      do {
        party = try Party(
          adults: try count(adultsName, default: "1"),
          children: try count("children", default: "0"),
          infants: try count("infants", default: "0"))
      } catch let error as DomainError {
        let name = if case .moreInfantsThanAdults = error { "infants" } else { adultsName }
        throw DeepLinkError.invalidParameter(name: name, reason: error.description)
      }
      return try SearchCriteria(
        origin: origin, destination: destination, departure: date, returning: returning,
        party: party)
    } catch let error as DeepLinkError {
      throw error
    } catch let error as DomainError {
      throw .invalidParameter(name: parameterName(for: error), reason: error.description)
    } catch {
      throw .invalidParameter(name: "search", reason: "\(error)")
    }
  }

  /// The count `text` gives when it is written in ASCII digits only (`Int` would also take a
  /// sign, and other scripts' digits are not what a link means) and is one the search allows.
  private static func passengerCount(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 2,
      text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let count = Int(text), (0...Party.seatRange.upperBound).contains(count)
    else { return nil }
    return count
  }

  private static func parameterName(for error: DomainError) -> String {
    switch error {
    case .invalidAirportCode, .sameOriginAndDestination: "from/to"
    case .invalidDate: "date"
    case .returnBeforeDeparture: "return"
    case .passengerCountOutOfRange, .noAdultInParty, .moreInfantsThanAdults: "adults"
    default: "search"
    }
  }

  private static func split<S: StringProtocol>(_ text: S, at separator: Character)
    -> (String, String?)
  {
    guard let index = text.firstIndex(of: separator) else { return (String(text), nil) }
    return (String(text[..<index]), String(text[text.index(after: index)...]))
  }

  /// The first occurrence of `needle` in `text`. Concrete, not `firstRange(of:)`: its generic
  /// code looks conformances up at run time, on a pay link's way to its first frame.
  private static func range(of needle: String, in text: String) -> Range<String.Index>? {
    var start = text.startIndex
    while start < text.endIndex {
      if text[start...].hasPrefix(needle) {
        return start..<text.index(start, offsetBy: needle.count)
      }
      start = text.index(after: start)
    }
    return nil
  }

  /// Decodes `%XX` escapes (and `+` as a space in values), refusing broken escapes.
  private static func percentDecoded(_ raw: String, name: String) throws(DeepLinkError) -> String {
    var bytes: [UInt8] = []
    var iterator = Array(raw.utf8).makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%") {
        guard let high = iterator.next().flatMap(hexValue),
          let low = iterator.next().flatMap(hexValue)
        else { throw .invalidEncoding(name) }
        bytes.append(high << 4 | low)
      } else if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else {
        bytes.append(byte)
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self),
      // The control characters (general category Cc): C0, DEL and C1.
      !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    else { throw .invalidEncoding(name) }
    return text
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

extension DeepLink {
  /// Why this link cannot be opened at `now` although it reads well: a search for a day that has
  /// passed everywhere, or one whose departure or return is beyond the booking window (the
  /// error names that day). Every invalid link is refused the same way, at launch, before a
  /// screen shows something that cannot succeed.
  public func problem(at now: Date) -> DeepLinkError? {
    guard case .search(let criteria) = self else { return nil }
    // The day has passed where it ends last (UTC-12).
    if criteria.departure < CalendarDay(now.addingTimeInterval(-12 * 3600), in: .utc) {
      return .dayPassed(criteria.departure)
    }
    return criteria.dayBeyondBookingWindow(at: now).map { .beyondBookingWindow($0) }
  }
}

extension BookingFlow {
  /// Opens `link` from a cold start: its snapshot is restored as a saved one is (`restore`), and
  /// where it got to is said as opened from the link, not resumed.
  public static func open(
    _ link: DeepLink, using lookup: some BookingLookup, now: Date
  ) async -> Restoration {
    let restored = await restore(link.snapshot, using: lookup, now: now)
    guard case .resumed(let step) = restored.outcome else { return restored }
    return Restoration(
      flow: restored.flow, outcome: .opened(at: step), paymentKey: restored.paymentKey,
      trip: restored.trip)
  }
}
