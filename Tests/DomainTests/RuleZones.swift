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

  /// A JSON decoder as any program makes one: a record names its zones (name and rule) itself.
  static func decoder() -> JSONDecoder { JSONDecoder() }
}
