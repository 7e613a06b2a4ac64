import Domain
import Foundation
import Testing

/// Zones as literal POSIX rules (their current rules, tzdata 2025b): Domain reads no zone files,
/// and neither do its tests.
enum RuleZones {
  static let rules = [
    "UTC": "UTC0",
    "Europe/Istanbul": "<+03>-3",
    "Europe/Berlin": "CET-1CEST,M3.5.0,M10.5.0/3",
    "Europe/Amsterdam": "CET-1CEST,M3.5.0,M10.5.0/3",
    "America/New_York": "EST5EDT,M3.2.0,M11.1.0",
    "Asia/Tokyo": "JST-9",
  ]

  /// The zone named `name`, from `rules`.
  static func zone(_ name: String) throws -> Zone {
    try #require(rules[name].flatMap { Zone(identifier: name, posixRule: $0) })
  }

  /// A lookup of `rules`, as decoders of airports and flight times need one.
  static let lookup = ZoneLookup { name in
    rules[name].flatMap { Zone(identifier: name, posixRule: $0) }
  }

  /// A JSON decoder that reads zone names with `lookup`.
  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.userInfo = lookup.decodingUserInfo
    return decoder
  }
}
