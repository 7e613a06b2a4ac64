import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One variable of this process's environment, read with `getenv`: `ProcessInfo.environment`
/// copies the whole environment into a dictionary, a measurable part of the app's start.
func environmentValue(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

/// Where zones come from: the system's TZif files first (full history), then an embedded table
/// of POSIX rules as the fallback for a system without tzdata.
///
/// The fallback knows only the rules in force when it was generated (tzdata 2025b), plus the
/// coming switches of Morocco and Palestine: past times in a zone whose rules changed
/// (Europe/Istanbul before 2016) come out with today's offset.
public struct ZoneSource: Sendable {
  /// The directory of TZif files, such as "/usr/share/zoneinfo"; nil to read no files.
  public let systemDirectory: String?
  /// IANA zone name to POSIX TZ rule, for names with no readable file.
  public let fallback: [String: String]
  /// Switches the fallback rules cannot tell: `[UTC seconds, offset, ...]` pairs by zone name.
  public let fallbackSwitches: [String: [Int]]
  /// Zones already read by this source (and its copies), by name: a record names the same few
  /// zones again and again, and each file is read and parsed once.
  let cache = ZoneCache()

  /// A source reading TZif files from `systemDirectory`, then `fallback`.
  public init(
    systemDirectory: String?, fallback: [String: String], fallbackSwitches: [String: [Int]] = [:]
  ) {
    self.systemDirectory = systemDirectory
    self.fallback = fallback
    self.fallbackSwitches = fallbackSwitches
  }

  /// The system's files (`$TZDIR` if set, else /usr/share/zoneinfo), then the embedded table.
  ///
  /// One source for the whole process (`$TZDIR` is read once), so every user of it shares one
  /// cache and each zone file is read once: the airline's records, the airport list and the
  /// screens each had a source of their own, and a pay link's start read the same two or three
  /// files twice or three times, once on the main actor in its first restored frame.
  public static var live: ZoneSource { shared }

  private static let shared: ZoneSource = {
    let directory = environmentValue("TZDIR").flatMap { $0.isEmpty ? nil : $0 }
    return ZoneSource(
      systemDirectory: directory ?? "/usr/share/zoneinfo", fallback: ZoneTable.rules,
      fallbackSwitches: ZoneTable.listedSwitches)
  }()

  /// The embedded table alone: current rules only, no files read.
  public static var embedded: ZoneSource {
    ZoneSource(
      systemDirectory: nil, fallback: ZoneTable.rules, fallbackSwitches: ZoneTable.listedSwitches)
  }

  /// The zone named `identifier`, such as "Europe/Istanbul": from its TZif file under
  /// `systemDirectory`, else (no file, or one that is not well formed) from `fallback`. nil if
  /// the name is unknown or unsafe as a path (absolute, "..", odd characters).
  public func zone(named identifier: String) -> Zone? {
    if let known = cache.zone(named: identifier) { return known }
    let zone = readZone(named: identifier)
    cache.keep(zone, named: identifier)
    return zone
  }

  /// The zone named `identifier`, read afresh.
  private func readZone(named identifier: String) -> Zone? {
    guard Self.isValidName(identifier) else { return nil }
    if let directory = systemDirectory,
      let bytes = ZoneFile.contents(atPath: directory + "/" + identifier),
      let zone = TZif(bytes)?.zone(identifier: identifier)
    {
      return zone
    }
    return fallbackZone(named: identifier)
  }

  /// The zone named `identifier` from the fallback table alone.
  func fallbackZone(named identifier: String) -> Zone? {
    guard let rule = fallback[identifier] else { return nil }
    return Zone(
      identifier: identifier, initial: nil,
      transitions: Zone.transitions(flat: fallbackSwitches[identifier] ?? []), posixRule: rule)
  }

  /// Whether `name` can safely be used as a path under the zone directory.
  static func isValidName(_ name: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("..") else { return false }
    return name.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "+"),
        UInt8(ascii: "-"), UInt8(ascii: "/"):
        return true
      default:
        return false
      }
    }
  }
}

/// Zones read so far, by name (nil: the name is unknown), shared by a source and its copies.
final class ZoneCache: Sendable {
  private let zones = Mutex<[String: Zone?]>([:])

  /// The zone read before under `name`: `.some(nil)` if the name was unknown; nil if never read.
  func zone(named name: String) -> Zone?? {
    zones.withLock { $0[name] }
  }

  /// Remembers what reading `name` gave (at most a few thousand names: every IANA zone).
  func keep(_ zone: Zone?, named name: String) {
    zones.withLock { zones in
      if zones.count < 4_096 { zones[name] = zone }
    }
  }
}
