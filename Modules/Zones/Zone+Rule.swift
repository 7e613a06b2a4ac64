#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// MARK: - Rule

extension Zone {
  /// A parsed POSIX TZ rule. Offsets are seconds east of UTC.
  package struct Rule: Hashable, Sendable {
    /// The rule as written.
    package let text: String
    /// The standard-time offset.
    let standardOffset: Int
    /// The daylight-saving part, if any.
    let dst: Daylight?

    init(text: String, standardOffset: Int, dst: Daylight? = nil) {
      self.text = text
      self.standardOffset = standardOffset
      self.dst = dst
    }

    /// Daylight-saving offset and the yearly switch dates.
    struct Daylight: Hashable, Sendable {
      /// The daylight-saving offset.
      let offset: Int
      /// When daylight time starts, in local standard time.
      let start: Switch
      /// When daylight time ends, in local daylight time.
      let end: Switch
      /// Whether the rule leaves no standard time in the year.
      let allYear: Bool
    }

    /// One yearly switch: a day rule and the local time of day (may be negative or past 24 h).
    struct Switch: Hashable, Sendable {
      let day: Day
      let time: Int
    }

    /// The day of the year a switch happens.
    enum Day: Hashable, Sendable {
      /// `Jn`: day 1...365, February 29 never counted.
      case julian(Int)
      /// `n`: day 0...365, February 29 counted in leap years.
      case zeroBased(Int)
      /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = last) of month `m`.
      case monthWeek(month: Int, week: Int, weekday: Int)
    }

    /// The offset in effect at `t` seconds since 1970 UTC.
    @inline(__always)
    func offset(at t: Int) -> Int {
      guard let dst else { return standardOffset }
      return dst.isInEffect(at: t, standardOffset: standardOffset) ? dst.offset : standardOffset
    }

    /// UTC seconds for local wall-clock seconds (gap: offset before it; overlap: earlier).
    func utcSeconds(forLocal local: Int) -> Int {
      guard let dst else { return local - standardOffset }
      if dst.allYear { return local - dst.offset }
      let asStandard = local - standardOffset
      let asDaylight = local - dst.offset
      let standardFits = !dst.isInEffect(at: asStandard, standardOffset: standardOffset)
      let daylightFits = dst.isInEffect(at: asDaylight, standardOffset: standardOffset)
      switch (standardFits, daylightFits) {
      case (true, true): return min(asStandard, asDaylight)
      case (true, false): return asStandard
      case (false, true): return asDaylight
      case (false, false): return local - min(standardOffset, dst.offset)
      }
    }
  }
}

extension Zone.Rule.Daylight {
  /// Whether daylight time is in effect at `t` seconds since 1970 UTC: the latest switch at or
  /// before `t`, looking at the year of `t` and the years on each side, is a start.
  @inline(__always)
  func isInEffect(at t: Int, standardOffset: Int) -> Bool {
    if allYear { return true }
    let year = Civil.year(ofDay: Civil.floorDiv(t + standardOffset, 86_400))
    var latest = Int.min
    var inEffect = false
    for candidate in (year - 1)...(year + 1) {
      let started = start.utcSeconds(inYear: candidate, offset: standardOffset)
      if started <= t, started > latest {
        latest = started
        inEffect = true
      }
      let ended = end.utcSeconds(inYear: candidate, offset: offset)
      if ended <= t, ended >= latest {
        latest = ended
        inEffect = false
      }
    }
    return inEffect
  }
}

extension Zone.Rule.Switch {
  /// The switch instant in `year`, in seconds since 1970 UTC, for a local clock at `offset`.
  @inline(__always)
  func utcSeconds(inYear year: Int, offset: Int) -> Int {
    day.epochDay(inYear: year) * 86_400 + time - offset
  }
}

extension Zone.Rule.Day {
  /// Days since 1970-01-01 of this day in `year`.
  @inline(__always)
  func epochDay(inYear year: Int) -> Int {
    switch self {
    case .julian(let n):
      let leapShift = n >= 60 && Civil.isLeap(year) ? 1 : 0
      return Civil.daysFromCivil(year: year, month: 1, day: 1) + n - 1 + leapShift
    case .zeroBased(let n):
      return Civil.daysFromCivil(year: year, month: 1, day: 1) + n
    case .monthWeek(let month, let week, let weekday):
      let first = Civil.daysFromCivil(year: year, month: month, day: 1)
      let firstWeekday = Civil.floorMod(first + 4, 7)  // 1970-01-01 was a Thursday.
      var day = first + Civil.floorMod(weekday - firstWeekday, 7) + (week - 1) * 7
      let length = Civil.daysInMonth(year: year, month: month)
      while day >= first + length { day -= 7 }
      return day
    }
  }
}
