#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
