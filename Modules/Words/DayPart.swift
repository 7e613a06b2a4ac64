/// A part of the day a flight leaves in, by its local departure time: what the results' time
/// filter keeps, named in each language (`Strings.dayPartName`).
public enum DayPart: Int, Hashable, Sendable, CaseIterable {
  /// 00:00 to 05:59.
  case night
  /// 06:00 to 11:59.
  case morning
  /// 12:00 to 17:59.
  case afternoon
  /// 18:00 to 23:59.
  case evening
}
