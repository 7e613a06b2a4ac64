import Foundation
import Zones

/// Seconds since 1970 of a UTC date and time.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Int {
  Civil.daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60
}

/// Seconds since 1970 on a local wall clock (same arithmetic as `utc`).
func wall(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Int {
  utc(year, month, day, hour, minute)
}

/// The instant `seconds` after 1970.
func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: Double(seconds)) }
