#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A day on the Gregorian calendar with no time and no time zone, such as a departure date.
///
/// A flight "on 24 December" leaves on that day wherever the traveller is; storing a timestamp
/// would shift the day for someone in another zone.
public struct CalendarDay: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
  /// The year, 1 to 9999.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 28...31.
  public let day: Int

  /// Validates that the three numbers name a real day.
  public init(year: Int, month: Int, day: Int) throws(DomainError) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else {
      throw .invalidDate(
        "\(year)-\(Self.pad(month, 2))-\(Self.pad(day, 2))")
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `YYYY-MM-DD` exactly (surrounding spaces are ignored).
  public init(iso text: String) throws(DomainError) {
    let parts = text.trimmingSpaces().split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { throw .invalidDate(text) }
    do {
      try self.init(year: year, month: month, day: day)
    } catch {
      throw .invalidDate(text)
    }
  }

  /// The day that `instant` falls on in `zone`: the first or the last day there is for an
  /// instant before year 1 or after year 9999.
  public init(_ instant: Date, in zone: Zone) {
    // Clamped to about 3 million years, so a date read from a file cannot overflow an Int.
    self.init(localSeconds: Zone.seconds(instant) + zone.secondsFromGMT(for: instant))
  }

  /// The day a local wall-clock time falls on, given as seconds since 1970-01-01T00:00 local.
  init(localSeconds local: Int) {
    self.init(daysSinceEpoch: Civil.floorDiv(local, 86_400))
  }

  /// The first and the last day the calendar holds, as days since 1970-01-01.
  static let epochDays =
    daysFromCivil(year: 1, month: 1, day: 1)...daysFromCivil(year: 9999, month: 12, day: 31)

  /// The day `daysSinceEpoch` days after 1970-01-01, or the first or the last day of the
  /// calendar when that is before year 1 or after year 9999 (never 9999 with another year's
  /// month and day).
  init(daysSinceEpoch unclamped: Int) {
    let daysSinceEpoch = min(max(unclamped, Self.epochDays.lowerBound), Self.epochDays.upperBound)
    // Howard Hinnant's civil-from-days: exact for the whole proleptic Gregorian range.
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    self.year = year
    self.month = month
    self.day = day
  }

  /// Days since 1970-01-01 (negative before it).
  public var daysSinceEpoch: Int { Self.daysFromCivil(year: year, month: month, day: day) }

  /// The day `count` days later (earlier when negative), clamped to the years 1...9999.
  public func adding(days count: Int) -> CalendarDay {
    let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(count)
    return CalendarDay(daysSinceEpoch: overflow ? (count < 0 ? Int.min : Int.max) : sum)
  }

  /// The number of days from `self` to `other` (positive when `other` is later).
  public func days(until other: CalendarDay) -> Int { other.daysSinceEpoch - daysSinceEpoch }

  /// Whole years from `self` to `other`, counted as birthdays are (29 Feb counts on 1 Mar).
  public func wholeYears(until other: CalendarDay) -> Int {
    var years = other.year - year
    if (other.month, other.day) < (month, day) { years -= 1 }
    return years
  }

  /// The instant this day starts in `zone` (its first existing minute, when midnight is skipped).
  public func start(in zone: Zone) -> Date {
    zone.instant(forLocalSeconds: daysSinceEpoch * 86_400)
  }

  /// Day of the week, 1 = Monday ... 7 = Sunday (ISO 8601).
  public var isoWeekday: Int {
    let weekday = (daysSinceEpoch % 7 + 7 + 3) % 7  // 1970-01-01 was a Thursday.
    return weekday + 1
  }

  /// `YYYY-MM-DD`.
  public var iso: String { "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))" }

  public var description: String { iso }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  public init(from decoder: any Decoder) throws {
    self = try Self(iso: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count))
      + digits
  }
}
