extension Zone {
  /// The zone named `identifier` in the embedded table (`ZoneTable`, tzdata
  /// `ZoneTable.tzdataVersion`): its current rule, and the switches that rule cannot tell; nil
  /// for a name the table does not know.
  public static func embedded(named identifier: String) -> Zone? {
    guard let rule = ZoneTable.rules[identifier] else { return nil }
    return Zone(
      identifier: identifier, initial: nil,
      transitions: transitions(flat: ZoneTable.listedSwitches[identifier] ?? []), posixRule: rule)
  }

  /// `[time, offset]` pairs as transitions; the larger offsets count as summer time, as
  /// Foundation counts them (Morocco's +01 outside Ramadan, Palestine's +03).
  public static func transitions(flat: [Int]) -> [Zone.Transition] {
    var pairs: [(time: Int, offset: Int)] = []
    var index = 0
    while index + 1 < flat.count {
      pairs.append((flat[index], flat[index + 1]))
      index += 2
    }
    let standard = pairs.map(\.offset).min() ?? 0
    return pairs.sorted { $0.time < $1.time }.map {
      Zone.Transition(
        time: $0.time,
        localTime: Zone.LocalTime(
          secondsFromGMT: $0.offset, isDaylightSavingTime: $0.offset > standard))
    }
  }
}
