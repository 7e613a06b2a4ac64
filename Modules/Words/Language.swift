import Domain

/// The languages the app speaks.
public enum Language: String, Hashable, Sendable, Codable, CaseIterable {
  case english = "en"
  case turkish = "tr"

  /// Every user-facing text in this language.
  public var strings: Strings {
    switch self {
    case .english: .english
    case .turkish: .turkish
    }
  }

  /// One text of `strings`, read from the language's table in place: for what runs every
  /// second (the countdown), where `strings` would copy all two hundred of them.
  public func text(_ field: KeyPath<Strings, String>) -> String {
    switch self {
    case .english: Strings.english[keyPath: field]
    case .turkish: Strings.turkish[keyPath: field]
    }
  }

  /// How amounts are written.
  public var moneyStyle: MoneyStyle {
    switch self {
    case .english: .english
    case .turkish: .turkish
    }
  }

  /// "24 Dec" / "24 Ara".
  public func shortDate(_ day: CalendarDay) -> String {
    let months =
      switch self {
      case .english:
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
      case .turkish:
        ["Oca", "Şub", "Mar", "Nis", "May", "Haz", "Tem", "Ağu", "Eyl", "Eki", "Kas", "Ara"]
      }
    return "\(day.day) \(months[(day.month - 1) % 12])"
  }

  /// "Thu 24 Dec" / "24 Ara Per": a day with its weekday, as a form shows a date typed.
  public func weekdayDate(_ day: CalendarDay) -> String {
    let index = (day.isoWeekday + 6) % 7
    switch self {
    case .english:
      return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][index] + " " + shortDate(day)
    case .turkish:
      return shortDate(day) + " " + ["Pzt", "Sal", "Çar", "Per", "Cum", "Cmt", "Paz"][index]
    }
  }

  /// "Th 24" / "Pe 24": a day in a fare strip, its weekday in two letters.
  public func weekdayAndDay(_ day: CalendarDay) -> String {
    let weekdays =
      switch self {
      case .english: ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
      case .turkish: ["Pt", "Sa", "Ça", "Pe", "Cu", "Ct", "Pz"]
      }
    return "\(weekdays[(day.isoWeekday + 6) % 7]) \(day.day)"
  }

  /// "Th 24 Dec" / "Pe 24 Ara": a day with its weekday in two letters, as the fare strip says
  /// it, for a narrow column (the trips list).
  public func compactWeekdayDate(_ day: CalendarDay) -> String {
    weekdayAndDay(day) + String(shortDate(day).drop { $0 != " " })
  }

  /// Minutes as "3h 25m" / "3sa 25dk".
  public func duration(minutes: Int) -> String {
    let (h, m) = (minutes / 60, minutes % 60)
    switch self {
    case .english: return m == 0 ? "\(h)h" : "\(h)h \(m)m"
    case .turkish: return m == 0 ? "\(h)sa" : "\(h)sa \(m)dk"
    }
  }
}
