#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An instant together with the time zone it is shown in: "08:40 in Istanbul".
///
/// Flights are timed in the local time of each airport; keeping the instant makes durations and
/// sorting exact, and keeping the zone makes the local wall-clock time exact.
public struct ZonedTime: Hashable, Sendable, Codable, Comparable {
  /// The moment itself.
  public let instant: Date
  /// The time zone the moment is shown in, looked up once when the time was made.
  public let zone: Zone

  /// The IANA name of the zone.
  public var timeZoneID: String { zone.identifier }

  /// Pairs an instant with a zone, validating the instant: one more than about 3 million years
  /// from 1970 (or not a number) is no time a flight has.
  public init(validating instant: Date, zone: Zone) throws(DomainError) {
    let seconds = instant.timeIntervalSince1970
    guard abs(seconds) < Double(Zone.secondsLimit) else { throw .instantOutOfRange(seconds) }
    self.init(instant: instant, zone: zone)
  }

  /// Pairs an instant with a zone; the local clock of an instant beyond about 3 million years
  /// from 1970 stops there.
  public init(instant: Date, zone: Zone) {
    self.instant = instant
    self.zone = zone
    // Worked out once: a results list draws the local times of every visible row, every frame.
    self.localSeconds = Zone.seconds(instant) + zone.secondsFromGMT(for: instant)
  }

  /// Seconds since 1970 on the local wall clock (the zone's offset at that instant applied):
  /// plain arithmetic instead of a Calendar.
  private let localSeconds: Int

  /// The local calendar day.
  public var day: CalendarDay { CalendarDay(localSeconds: localSeconds) }

  /// Local calendar days from `self` to `other` (1 for a flight landing the next day by the
  /// local clocks), counted on the wall clocks themselves, so beyond year 9999 too.
  public func days(until other: ZonedTime) -> Int {
    Civil.floorDiv(other.localSeconds, 86_400) - Civil.floorDiv(localSeconds, 86_400)
  }

  /// The local hour and minute.
  public var clock: (hour: Int, minute: Int) {
    let local = localSeconds
    let secondOfDay = ((local % 86_400) + 86_400) % 86_400
    return (secondOfDay / 3600, secondOfDay % 3600 / 60)
  }

  /// Local time as `HH:MM`.
  public var hhmm: String {
    let (hour, minute) = clock
    return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.instant < rhs.instant }

  private enum CodingKeys: String, CodingKey { case instant }

  /// Reads the instant and the zone as the record names it (`RecordedZone`): a plain
  /// `JSONDecoder` reads it.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let instant = try c.decode(Date.self, forKey: .instant)
    try self.init(validating: instant, zone: RecordedZone.decode(from: decoder))
  }

  /// Writes the instant, and the zone's name and rule.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(instant, forKey: .instant)
    try RecordedZone.encode(zone, to: encoder)
  }
}
