#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// MARK: - Civil calendar

/// Proleptic Gregorian calendar arithmetic on days since 1970-01-01 (Howard Hinnant's
/// algorithms).
package enum Civil {
  /// Days since 1970-01-01 of a proleptic Gregorian date.
  @inline(__always)
  package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The year of the day `days` since 1970-01-01.
  @inline(__always)
  package static func year(ofDay days: Int) -> Int {
    let z = days + 719_468
    let era = floorDiv(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    return yearOfEra + era * 400 + (shiftedMonth >= 10 ? 1 : 0)
  }

  @inline(__always)
  package static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  @inline(__always)
  package static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  @inline(__always)
  package static func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  @inline(__always)
  package static func floorMod(_ a: Int, _ b: Int) -> Int {
    a - floorDiv(a, b) * b
  }
}
