#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `2026-12-24T06:30:00.123Z`: the one form the store writes a date in (UTC, whole
/// milliseconds, rounded down), made and read by plain arithmetic.
///
/// Why not Foundation's `Date.ISO8601FormatStyle`, which wrote them before:
/// - making one costs 0.5–1 ms (its time zone and calendar, and a read of `/etc/localtime`), on
///   the way of a pay link's first frame, whose restore decodes the quote's dates;
/// - it does not read back what it wrote: it rounds the binary fraction down, so a date it read
///   from `…00.124Z` (the nearest `Double`, a hair below) it wrote again as `…00.123Z`, a
///   millisecond lost at every load and save, for about half of all values.
///
/// Here a date within a microsecond of a whole millisecond is written as that millisecond, so
/// what is read is written again unchanged; any other is rounded down to the millisecond.
/// `RecordCodec` still reads any other ISO 8601 form (no fraction, other fractions, an offset)
/// with Foundation's styles, and writes a year outside 1583...9999 with them.
enum Timestamp {
  private static let millisecondsPerDay: Int64 = 86_400_000
  /// 1970-01-01 to 2001-01-01, Foundation's reference date, in milliseconds.
  private static let referenceMilliseconds: Int64 = 978_307_200_000
  /// The first year written here: Foundation's calendar is Julian before the Gregorian reform
  /// of 1582, so earlier years are left to it, both ways, to read as they always did.
  static let firstYear = 1583
  /// The first and last instants of the years 1583...9999, in milliseconds since 1970.
  private static let range: ClosedRange<Int64> = {
    let first = Int64(daysFromCivil(year: firstYear, month: 1, day: 1))
    let last = Int64(daysFromCivil(year: 9999, month: 12, day: 31))
    return first * millisecondsPerDay...(last + 1) * millisecondsPerDay - 1
  }()

  /// `date` in the store's form, or nil outside the years 1583...9999 (or for a date that is not
  /// finite), which the caller writes another way.
  static func format(_ date: Date) -> String? {
    let seconds = date.timeIntervalSinceReferenceDate
    let scaled = seconds * 1000
    // Whole milliseconds a `Double` holds exactly, beyond the years 1...9999 on both sides.
    guard scaled.magnitude < 1e15 else { return nil }
    // A date within a microsecond (or a few units of its last place, for dates far from now)
    // of a whole millisecond is that millisecond: what `parse` read is written back. Any other
    // is rounded down.
    let nearest = scaled.rounded()
    let close = (nearest / 1000 - seconds).magnitude <= max(0.000_001, 4 * seconds.ulp)
    let milliseconds = Int64(close ? nearest : scaled.rounded(.down)) + referenceMilliseconds
    guard range.contains(milliseconds) else { return nil }
    let days = floorDiv(milliseconds, millisecondsPerDay)
    let inDay = milliseconds - days * millisecondsPerDay
    let (year, month, day) = civil(fromDays: Int(days))
    let secondOfDay = Int(inDay / 1000)
    var text = ""
    text.reserveCapacity(24)
    append(year, width: 4, to: &text)
    text += "-"
    append(month, width: 2, to: &text)
    text += "-"
    append(day, width: 2, to: &text)
    text += "T"
    append(secondOfDay / 3600, width: 2, to: &text)
    text += ":"
    append(secondOfDay % 3600 / 60, width: 2, to: &text)
    text += ":"
    append(secondOfDay % 60, width: 2, to: &text)
    text += "."
    append(Int(inDay % 1000), width: 3, to: &text)
    text += "Z"
    return text
  }

  /// The date `text` names if it is exactly in the store's form and names a real day and time
  /// (no 30 February, no 24:00), else nil.
  static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8(parse)
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    // YYYY-MM-DDTHH:MM:SS.sssZ
    guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "."),
      bytes[23] == UInt8(ascii: "Z"),
      let year = number(bytes, 0, 4), let month = number(bytes, 5, 2),
      let day = number(bytes, 8, 2), let hour = number(bytes, 11, 2),
      let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
      let millisecond = number(bytes, 20, 3),
      year >= firstYear, (1...12).contains(month), day >= 1,
      day <= daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = Int64(daysFromCivil(year: year, month: month, day: day))
    let milliseconds =
      days * millisecondsPerDay + Int64(((hour * 60 + minute) * 60 + second) * 1000 + millisecond)
    // One correctly rounded division: the nearest `Double` to the written instant.
    return Date(
      timeIntervalSinceReferenceDate: Double(milliseconds - referenceMilliseconds) / 1000)
  }

  /// The decimal number in `count` bytes from `start`, if they are all digits.
  private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int)
    -> Int?
  {
    var value = 0
    for byte in bytes[start..<start + count] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  private static func append(_ value: Int, width: Int, to text: inout String) {
    let digits = String(value)
    if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
    text += digits
  }

  private static func floorDiv(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 (Howard Hinnant's days-from-civil, proleptic Gregorian).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The year, month and day `days` days after 1970-01-01 (civil-from-days).
  private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
