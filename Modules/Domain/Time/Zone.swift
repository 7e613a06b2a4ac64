#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A time zone: the offsets it recorded in the past, and the POSIX rule for the times after.
///
/// Domain reads no files: a zone is made by whoever can look it up (the Zones module reads the
/// system's TZif files, with the embedded table of current rules as a fallback), from that table
/// (`Zone.embedded(named:)`, as a record read back names its zones), or from a POSIX TZ rule
/// alone. Before its first transition a zone keeps its first local time (or, with none
/// given, the rule); between transitions the latest one at or before the instant applies; from
/// the last transition on, the rule. A zone known only by its rule knows no past rule changes.
public struct Zone: Hashable, Sendable, CustomStringConvertible {
  /// The zone's name: an IANA name like "Europe/Istanbul", "UTC", or the POSIX rule string itself
  /// for a zone given as a rule.
  public var identifier: String { storage.identifier }

  /// The parsed rule, in force from the last transition on.
  var rule: Rule { storage.rule }
  /// The recorded transitions, which take precedence over `rule` before the last of them (empty
  /// for a zone made from a rule alone).
  var history: History { storage.history }

  /// One shared, immutable copy of the parts: a zone travels inside every flight time, and
  /// copying one reference is cheaper than copying strings and arrays.
  private let storage: Storage

  private final class Storage: Sendable {
    let identifier: String
    let rule: Rule
    let history: History

    init(identifier: String, rule: Rule, history: History) {
      self.identifier = identifier
      self.rule = rule
      self.history = history
    }
  }

  /// Coordinated Universal Time.
  public static let utc = Zone(identifier: "UTC", rule: Rule(text: "UTC0", standardOffset: 0))

  init(identifier: String, rule: Rule, history: History = .none) {
    storage = Storage(identifier: identifier, rule: rule, history: history)
  }

  /// Builds a zone from a POSIX TZ rule string, such as "CET-1CEST,M3.5.0,M10.5.0/3"; nil if it
  /// does not parse.
  public init?(identifier: String, posixRule: String) {
    guard let rule = Rule(parsing: posixRule) else { return nil }
    self.init(identifier: identifier, rule: rule)
  }

  /// Builds a zone from its recorded history: `initial` before the first transition (nil: the
  /// rule), each transition from its instant on, and `posixRule` from the last transition on
  /// (nil: the last local time lasts, as standard time). nil if the rule does not parse, the
  /// transitions are not in strictly increasing order, or there is no local time at all.
  public init?(
    identifier: String, initial: LocalTime?, transitions: [Transition], posixRule: String?
  ) {
    guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0.time < $1.time }) else {
      return nil
    }
    let rule: Rule
    if let posixRule {
      guard let parsed = Rule(parsing: posixRule) else { return nil }
      rule = parsed
    } else if let last = transitions.last?.localTime ?? initial {
      rule = Rule(text: "", standardOffset: last.secondsFromGMT)
    } else {
      return nil
    }
    // With no transitions the rule holds throughout: "UTC" read from a file equals `.utc`.
    self.init(
      identifier: identifier, rule: rule,
      history: transitions.isEmpty ? .none : History(initial: initial, transitions: transitions))
  }

  /// Seconds east of UTC in effect at `instant`.
  public func secondsFromGMT(for instant: Date) -> Int {
    offset(at: Zone.seconds(instant))
  }

  /// The offset in effect at `t` seconds since 1970 UTC.
  @inline(__always)
  func offset(at t: Int) -> Int {
    history.localTime(at: t)?.secondsFromGMT ?? rule.offset(at: t)
  }

  /// Whether daylight-saving (summer) time is in effect at `instant`.
  ///
  /// For rules whose "daylight" offset is below the standard one (Europe/Dublin), the summer
  /// half with the larger offset counts as daylight-saving time, as in Foundation.
  public func isDaylightSavingTime(for instant: Date) -> Bool {
    let t = Zone.seconds(instant)
    if let local = history.localTime(at: t) { return local.isDaylightSavingTime }
    guard let dst = rule.dst else { return false }
    if dst.allYear { return true }
    let offset = rule.offset(at: t)
    return dst.offset != rule.standardOffset && offset == max(dst.offset, rule.standardOffset)
  }

  /// The instant at which the local wall clock shows `localSeconds` (seconds since
  /// 1970-01-01T00:00 on the local clock).
  ///
  /// A wall time skipped by a spring-forward gap is read with the offset before the gap (02:30
  /// becomes 03:30 daylight time); a wall time repeated by a fall-back overlap gives the earlier
  /// instant.
  public func instant(forLocalSeconds localSeconds: Int) -> Date {
    let limit = Zone.secondsLimit
    let local = min(max(localSeconds, -limit), limit)
    guard history.covers(local) else {
      return Date(timeIntervalSince1970: Double(rule.utcSeconds(forLocal: local)))
    }
    // Near transitions: try the offset in force a day before, then a day after; a time that
    // fits neither lies in a gap and is read with the offset before it.
    let before = offset(at: local - 86_400)
    let after = offset(at: local + 86_400)
    for candidate in [before, after] where offset(at: local - candidate) == candidate {
      return Date(timeIntervalSince1970: Double(local - candidate))
    }
    return Date(timeIntervalSince1970: Double(local - before))
  }

  /// The identifier.
  public var description: String { identifier }

  /// Zones are equal when their identifiers and rule strings are: a zone is known by its name
  /// and the rule it follows from its last recorded change on. The system's file of a zone (its
  /// whole history) and the embedded table's (its current rule) are the same zone, so a record
  /// read back, which names its zone by name and rule, equals the one written.
  public static func == (lhs: Zone, rhs: Zone) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.identifier == rhs.identifier && lhs.rule.text == rhs.rule.text
  }

  /// Hashes the identifier and the rule string.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
    hasher.combine(rule.text)
  }
}

// MARK: - Instants

extension Zone {
  /// Whole seconds since 1970 of `instant`, rounded down and clamped to about ±3 million years.
  static func seconds(_ instant: Date) -> Int {
    let value = instant.timeIntervalSince1970
    guard value > -Double(secondsLimit) else { return -secondsLimit }
    guard value < Double(secondsLimit) else { return secondsLimit }
    return Int(value.rounded(.down))
  }

  /// Instants are clamped to this many seconds either side of 1970 (about 3 million years), so
  /// the arithmetic cannot overflow.
  static let secondsLimit = 100_000_000_000_000
}

// MARK: - History

extension Zone {
  /// A local time a zone keeps for a while: its offset, and whether it is daylight-saving time.
  public struct LocalTime: Hashable, Sendable {
    /// Seconds east of UTC.
    public let secondsFromGMT: Int
    /// Whether this is daylight-saving (summer) time.
    public let isDaylightSavingTime: Bool

    /// A local time of `secondsFromGMT` east of UTC.
    public init(secondsFromGMT: Int, isDaylightSavingTime: Bool) {
      self.secondsFromGMT = secondsFromGMT
      self.isDaylightSavingTime = isDaylightSavingTime
    }
  }

  /// A change of local time: from `time` (seconds since 1970 UTC) on, `localTime` applies.
  public struct Transition: Hashable, Sendable {
    /// Seconds since 1970 UTC at which the change happens.
    public let time: Int
    /// The local time from then on.
    public let localTime: LocalTime

    /// The change to `localTime` at `time` seconds since 1970 UTC.
    public init(time: Int, localTime: LocalTime) {
      self.time = time
      self.localTime = localTime
    }
  }

  /// Transitions in increasing order, and the local time before the first of them.
  struct History: Hashable, Sendable {
    /// In force before the first transition; nil to use the rule there.
    let initial: LocalTime?
    /// Times clamped to twice `secondsLimit`, so a day either side cannot overflow.
    let transitions: [Transition]

    static let none = History(initial: nil, transitions: [])

    init(initial: LocalTime?, transitions: [Transition]) {
      let bound = 2 * Zone.secondsLimit
      self.initial = initial
      self.transitions = transitions.map {
        Transition(time: min(max($0.time, -bound), bound), localTime: $0.localTime)
      }
    }

    /// The local time in force at `t`, or nil where the rule decides: from the last transition
    /// on, and before the first when there is no initial local time.
    @inline(__always)
    func localTime(at t: Int) -> LocalTime? {
      guard let first = transitions.first, let last = transitions.last, t < last.time else {
        return nil
      }
      if t < first.time { return initial }
      var low = 0
      var high = transitions.count - 1
      while low < high {  // the last transition at or before t
        let middle = (low + high + 1) / 2
        if transitions[middle].time <= t { low = middle } else { high = middle - 1 }
      }
      return transitions[low].localTime
    }

    /// Whether local time `local` may fall before the last transition (a day's margin).
    func covers(_ local: Int) -> Bool {
      guard let first = transitions.first, let last = transitions.last else { return false }
      return local < last.time + 86_400 && (initial != nil || local >= first.time - 86_400)
    }
  }
}

// MARK: - Rule

extension Zone {
  /// A parsed POSIX TZ rule. Offsets are seconds east of UTC.
  struct Rule: Hashable, Sendable {
    /// The rule as written.
    let text: String
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

// MARK: - Parsing

extension Zone.Rule {
  /// Parses a POSIX TZ string: `std offset [dst [offset] [,start[/time],end[/time]]]`.
  /// A daylight name without dates gets the US rules, as in tzcode.
  init?(parsing text: String) {
    var parser = Parser(bytes: Array(text.utf8))
    guard parser.name(), let west = parser.offset(maxHours: 24) else { return nil }
    let standard = -west
    if parser.atEnd {
      self.init(text: text, standardOffset: standard)
      return
    }
    guard parser.name() else { return nil }
    var daylight = standard + 3_600
    if !parser.atEnd, parser.peek != UInt8(ascii: ",") {
      guard let value = parser.offset(maxHours: 24) else { return nil }
      daylight = -value
    }
    let start: Switch
    let end: Switch
    if parser.atEnd {
      start = Switch(day: .monthWeek(month: 3, week: 2, weekday: 0), time: 7_200)
      end = Switch(day: .monthWeek(month: 11, week: 1, weekday: 0), time: 7_200)
    } else {
      guard parser.take(UInt8(ascii: ",")), let first = parser.switchRule(),
        parser.take(UInt8(ascii: ",")), let second = parser.switchRule(), parser.atEnd
      else { return nil }
      start = first
      end = second
    }
    let allYear = Daylight.coversYear(
      start: start, end: end, standardOffset: standard, daylightOffset: daylight)
    self.init(
      text: text, standardOffset: standard,
      dst: Daylight(offset: daylight, start: start, end: end, allYear: allYear))
  }

  /// A byte cursor over a POSIX TZ string.
  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
      guard peek == byte else { return false }
      index += 1
      return true
    }

    /// A zone abbreviation: 3+ letters, or `<...>` with 3+ letters, digits, `+` or `-`.
    mutating func name() -> Bool {
      let begin = index
      if take(UInt8(ascii: "<")) {
        while let byte = peek, Self.isQuotedNameByte(byte) { index += 1 }
        let length = index - begin - 1
        return length >= 3 && take(UInt8(ascii: ">"))
      }
      while let byte = peek, Self.isAlpha(byte) { index += 1 }
      return index - begin >= 3
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, sign as written (POSIX: west-positive).
    mutating func offset(maxHours: Int) -> Int? {
      var sign = 1
      if take(UInt8(ascii: "-")) {
        sign = -1
      } else {
        _ = take(UInt8(ascii: "+"))
      }
      guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
      var total = hours * 3_600
      if take(UInt8(ascii: ":")) {
        guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
        total += minutes * 60
        if take(UInt8(ascii: ":")) {
          guard let seconds = number(maxDigits: 2), seconds < 60 else { return nil }
          total += seconds
        }
      }
      return sign * total
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00, up to ±167 h).
    mutating func switchRule() -> Switch? {
      let day: Day
      if take(UInt8(ascii: "J")) {
        guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
        day = .julian(n)
      } else if take(UInt8(ascii: "M")) {
        guard let month = number(maxDigits: 2), (1...12).contains(month),
          take(UInt8(ascii: ".")), let week = number(maxDigits: 1), (1...5).contains(week),
          take(UInt8(ascii: ".")), let weekday = number(maxDigits: 1), (0...6).contains(weekday)
        else { return nil }
        day = .monthWeek(month: month, week: week, weekday: weekday)
      } else {
        guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
        day = .zeroBased(n)
      }
      var time = 7_200
      if take(UInt8(ascii: "/")) {
        guard let value = offset(maxHours: 167) else { return nil }
        time = value
      }
      return Switch(day: day, time: time)
    }

    /// An unsigned decimal number of 1...`maxDigits` digits.
    mutating func number(maxDigits: Int) -> Int? {
      var value = 0
      var digits = 0
      while let byte = peek, Self.isDigit(byte), digits < maxDigits {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
        index += 1
      }
      return digits > 0 ? value : nil
    }

    static func isAlpha(_ byte: UInt8) -> Bool {
      (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isQuotedNameByte(_ byte: UInt8) -> Bool {
      isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
  }
}

extension Zone.Rule.Daylight {
  /// Whether the rule leaves no standard time: daylight time lasts a whole year (as tzcode
  /// decides it), or it starts on January 1 at 00:00 or earlier and ends on December 31 at 24:00
  /// or later (as in `<+00>0<+02>-2,0/0,J365/25`).
  static func coversYear(
    start: Zone.Rule.Switch, end: Zone.Rule.Switch, standardOffset: Int, daylightOffset: Int
  ) -> Bool {
    let startsFirstDay: Bool
    switch start.day {
    case .julian(let n): startsFirstDay = n == 1
    case .zeroBased(let n): startsFirstDay = n == 0
    case .monthWeek: startsFirstDay = false
    }
    if startsFirstDay, start.time <= 0, end.day == .julian(365), end.time >= 86_400 {
      return true
    }
    for year in [2027, 2028] {
      let started = start.utcSeconds(inYear: year, offset: standardOffset)
      let ended = end.utcSeconds(inYear: year, offset: daylightOffset)
      let yearLength = (Civil.isLeap(year) ? 366 : 365) * 86_400
      if ended - started < yearLength { return false }
    }
    return true
  }
}

// MARK: - Civil calendar

/// Proleptic Gregorian calendar arithmetic on days since 1970-01-01 (Howard Hinnant's
/// algorithms).
enum Civil {
  /// Days since 1970-01-01 of a proleptic Gregorian date.
  @inline(__always)
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
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
  static func year(ofDay days: Int) -> Int {
    let z = days + 719_468
    let era = floorDiv(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    return yearOfEra + era * 400 + (shiftedMonth >= 10 ? 1 : 0)
  }

  @inline(__always)
  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  @inline(__always)
  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  @inline(__always)
  static func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  @inline(__always)
  static func floorMod(_ a: Int, _ b: Int) -> Int {
    a - floorDiv(a, b) * b
  }
}
