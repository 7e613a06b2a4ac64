import Airline
import Domain
import Zones

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The built-in airports, looked up by code and searched for autocomplete.
public struct AirportDirectory: Sendable {
  private struct Entry: Sendable {
    /// The main airport of a city with more than one.
    let isMain: Bool
    let airport: Airport
    let keys: SearchKeys
  }

  /// What a query is compared with, folded (`fold`), as Unicode scalars: a query is matched
  /// scalar by scalar, which for the built-in names (all of them ASCII once folded) is what
  /// matching it letter by letter gives, at a fraction of the cost (the suggestions are looked
  /// up on every key typed in an airport field).
  private struct SearchKeys: Sendable {
    let code: [Unicode.Scalar]
    let cities: [[Unicode.Scalar]]
    let nameWords: [[Unicode.Scalar]]
    let name: [Unicode.Scalar]
  }

  private let entries: [Entry]
  private let byCode: [IATACode: Airport]

  /// Every airport, sorted by code.
  public var airports: [Airport] { entries.map(\.airport) }

  /// The built-in list with the system's zones (rows that fail validation are left out, so a
  /// typo cannot crash the app).
  public static let builtIn = AirportDirectory(zones: .live)

  /// The built-in list, each airport's zone looked up in `zones`.
  public init(zones: ZoneSource) {
    self.init(rows: AirportTable.rows, zones: zones)
  }

  init(rows: [AirportRow], zones: ZoneSource) {
    var entries: [Entry] = []
    // Many airports share a zone: each is read once.
    var resolved: [String: Zone] = [:]
    for row in rows {
      let zone = resolved[row.timeZone] ?? zones.zone(named: row.timeZone)
      resolved[row.timeZone] = zone
      guard let zone, let airport = Self.airport(row, zone: zone) else { continue }
      let name = Self.fold(row.name)
      entries.append(
        Entry(
          isMain: row.isMain, airport: airport,
          keys: SearchKeys(
            code: Self.scalars(row.code),
            cities: [Self.scalars(row.city), Self.scalars(row.cityEnglish)],
            nameWords: name.split(whereSeparator: { !$0.isLetter }).map {
              Array($0.unicodeScalars)
            },
            name: Array(name.unicodeScalars))))
    }
    self.entries = entries.sorted { $0.airport.code < $1.airport.code }
    byCode = Dictionary(
      entries.map { ($0.airport.code, $0.airport) }, uniquingKeysWith: { a, _ in a })
  }

  /// The airport with `code`, if it is in the list.
  public func airport(_ code: IATACode) -> Airport? { byCode[code] }

  /// The built-in airport with `code`, made from its row alone, reading only its own zone: what
  /// `builtIn.airport(code)` gives, for a question asked while the whole list is being built.
  public static func builtInAirport(_ code: IATACode, zones: ZoneSource) -> Airport? {
    guard let row = AirportTable.rows.first(where: { (try? IATACode($0.code)) == code }),
      let zone = zones.zone(named: row.timeZone)
    else { return nil }
    return airport(row, zone: zone)
  }

  /// The airport a row describes, or nil when the row fails validation.
  private static func airport(_ row: AirportRow, zone: Zone) -> Airport? {
    guard let code = try? IATACode(row.code) else { return nil }
    return try? Airport(
      code: code, name: row.name, city: row.city, countryCode: row.country, zone: zone,
      latitude: row.latitude, longitude: row.longitude)
  }

  /// Airports matching `query` by code, city (local or English spelling) or name, best first:
  /// exact code, then code prefix, city prefix, name-word prefix, then anything containing it, and
  /// finally letters in order ("fra" ~ "Frankfurt"); among equal matches a city's main airport
  /// comes first ("lond" offers Heathrow before Gatwick). Case and accents are ignored ("ist"
  /// finds İstanbul, "mun" finds München).
  public func search(_ query: String, limit: Int = 8) -> [Airport] {
    let needle = Self.scalars(query.trimmingSpaces())
    guard !needle.isEmpty, limit > 0 else { return [] }
    var scored: [(rank: Int, secondary: Int, airport: Airport)] = []
    for entry in entries {
      if let rank = Self.rank(needle, entry.keys) {
        scored.append((rank, entry.isMain ? 0 : 1, entry.airport))
      }
    }
    return scored.sorted {
      ($0.rank, $0.secondary, $0.airport.code) < ($1.rank, $1.secondary, $1.airport.code)
    }
    .prefix(limit).map(\.airport)
  }

  private static func rank(_ needle: [Unicode.Scalar], _ keys: SearchKeys) -> Int? {
    if keys.code == needle { return 0 }
    if keys.code.starts(with: needle) { return 1 }
    if keys.cities.contains(where: { $0.starts(with: needle) }) { return 2 }
    if keys.nameWords.contains(where: { $0.starts(with: needle) }) { return 3 }
    if keys.cities.contains(where: { contains(needle, in: $0) }) || contains(needle, in: keys.name)
    {
      return 4
    }
    if needle.count >= 3, keys.cities.contains(where: { isSubsequence(needle, of: $0) }) {
      return 5
    }
    return nil
  }

  private static func contains(_ needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start] == needle[0]
      && haystack[start..<start + needle.count].elementsEqual(needle)
    {
      return true
    }
    return false
  }

  private static func isSubsequence(_ needle: [Unicode.Scalar], of haystack: [Unicode.Scalar])
    -> Bool
  {
    var next = 0
    for scalar in haystack where scalar == needle[next] {
      next += 1
      if next == needle.count { return true }
    }
    return false
  }

  /// `text` folded, as the scalars a query is matched by.
  private static func scalars(_ text: String) -> [Unicode.Scalar] {
    Array(fold(text).unicodeScalars)
  }

  /// Lower case without accents; dotted and dotless I both become "i".
  static func fold(_ text: String) -> String { TextFolding.fold(text) }
}
