#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A time zone: the offsets it recorded in the past, and the POSIX rule for the times after.
///
/// A zone is made from the system's TZif files by a `ZoneSource` (with the embedded table of
/// current rules as a fallback), from that table (`Zone.embedded(named:)`, as a record read back
/// names its zones), or from a POSIX TZ rule alone. Before its first transition a zone keeps its
/// first local time (or, with none given, the rule); between transitions the latest one at or
/// before the instant applies; from the last transition on, the rule. A zone known only by its rule
/// knows no past rule changes.
public struct Zone: Hashable, Sendable, CustomStringConvertible {
  /// The zone's name: an IANA name like "Europe/Istanbul", "UTC", or the POSIX rule string itself
  /// for a zone given as a rule.
  public var identifier: String { storage.identifier }

  /// The parsed rule, in force from the last transition on.
  package var rule: Rule { storage.rule }
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
  package static func seconds(_ instant: Date) -> Int {
    let value = instant.timeIntervalSince1970
    guard value > -Double(secondsLimit) else { return -secondsLimit }
    guard value < Double(secondsLimit) else { return secondsLimit }
    return Int(value.rounded(.down))
  }

  /// Instants are clamped to this many seconds either side of 1970 (about 3 million years), so
  /// the arithmetic cannot overflow.
  package static let secondsLimit = 100_000_000_000_000
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
