import Synchronization

/// How a record names a zone: its identifier, and the POSIX rule it followed when the record was
/// written ("timeZoneID" and "timeZoneRule" beside each other in airports and flight times).
///
/// A record decodes with a plain `JSONDecoder`: the zone comes from what the record says, not
/// from a lookup handed to the decoder. The embedded table (`ZoneTable`) gives the zone of a
/// name whose rule is the one written, or that was written with no rule; a rule the table does
/// not have (newer system tzdata, a name it does not know) makes a zone of that rule alone.
/// Either way the zone read back equals the one written (`Zone.==`: name and rule), and gives
/// the same offsets from the zone's last recorded change on; a time before that change (none a
/// flight booked after it has) reads with the rule, not with the history a system file holds.
enum RecordedZone {
  private enum Key: String, CodingKey { case timeZoneID, timeZoneRule }

  /// Writes `zone`'s identifier and, when it has one, its rule.
  static func encode(_ zone: Zone, to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    try c.encode(zone.identifier, forKey: .timeZoneID)
    if !zone.rule.text.isEmpty { try c.encode(zone.rule.text, forKey: .timeZoneRule) }
  }

  /// The zone a record names; `DomainError.invalidTimeZone` for a name the table does not know
  /// written with no rule, or with a rule that does not parse.
  static func decode(from decoder: any Decoder) throws -> Zone {
    let c = try decoder.container(keyedBy: Key.self)
    let identifier = try c.decode(String.self, forKey: .timeZoneID)
    let rule = try c.decodeIfPresent(String.self, forKey: .timeZoneRule)
    return try zone(identifier: identifier, rule: rule)
  }

  /// The zone named `identifier` that follows `rule` (nil: the table's rule for that name).
  static func zone(identifier: String, rule: String?) throws(DomainError) -> Zone {
    let key = Name(identifier: identifier, rule: rule)
    if let known = cache.withLock({ $0[key] }) { return known }
    let zone: Zone
    if let embedded = Zone.embedded(named: identifier), rule == nil || rule == embedded.rule.text {
      zone = embedded
    } else if let rule, let ruled = Zone(identifier: identifier, posixRule: rule) {
      zone = ruled
    } else {
      throw .invalidTimeZone(identifier)
    }
    cache.withLock { zones in
      if zones.count < 4_096 { zones[key] = zone }
    }
    return zone
  }

  /// A zone's name and written rule, the key of `cache`.
  private struct Name: Hashable {
    let identifier: String
    let rule: String?
  }

  /// Zones already made from records, by name and rule: a record names the same few zones again
  /// and again, and each is made once.
  private static let cache = Mutex<[Name: Zone]>([:])
}
