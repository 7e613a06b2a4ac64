import Foundation
import Testing

@testable import Domain
@testable import Zones

/// The zone `name` as this machine's files (or, without them, the embedded table) have it.
private func named(_ name: String) -> Zone? { ZoneSource.live.zone(named: name) }

@Suite struct ZoneFoundationTests {
  /// The first instant at which `zone` and Foundation's `timeZone` disagree on the offset, else
  /// the first at which they disagree on daylight-saving time; nil if they always agree.
  static func firstMismatch(
    _ zone: Zone, _ timeZone: TimeZone, from start: Int, to end: Int, step: Int = 6 * 3_600
  ) -> String? {
    var dstMismatch: String?
    func offsetMismatch(_ seconds: Int) -> String? {
      let instant = date(seconds)
      let ours = zone.secondsFromGMT(for: instant)
      let theirs = timeZone.secondsFromGMT(for: instant)
      if ours != theirs { return "\(instant): offset \(ours) != \(theirs)" }
      if dstMismatch == nil {
        let ourDST = zone.isDaylightSavingTime(for: instant)
        let theirDST = timeZone.isDaylightSavingTime(for: instant)
        if ourDST != theirDST { dstMismatch = "\(instant): daylight \(ourDST) != \(theirDST)" }
      }
      return nil
    }
    for seconds in stride(from: start, to: end, by: step) {
      if let mismatch = offsetMismatch(seconds) { return mismatch }
    }
    var cursor = date(start)
    while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor),
      next.timeIntervalSince1970 < Double(end)
    {
      let seconds = Int(next.timeIntervalSince1970)
      for probe in [seconds - 3_600, seconds - 1, seconds, seconds + 3_600] {
        if let mismatch = offsetMismatch(probe) { return mismatch }
      }
      cursor = next
    }
    return dstMismatch
  }

  /// Every zone of the table, compared with Foundation from `start` to `end`: the names that
  /// disagree (with where), and how many zones were compared.
  static func compareEveryZone(from start: Int, to end: Int, step: Int) async
    -> (disagreeing: [(String, String)], compared: Int)
  {
    let names = ZoneTable.rules.keys.sorted()
    let results = await withTaskGroup(of: (String, String?)?.self) { group in
      for name in names {
        group.addTask {
          guard let timeZone = TimeZone(identifier: name) else { return nil }
          guard let ours = named(name) else { return (name, "zone not found") }
          return (name, Self.firstMismatch(ours, timeZone, from: start, to: end, step: step))
        }
      }
      var all: [(String, String?)] = []
      for await result in group {
        if let result { all.append(result) }
      }
      return all
    }
    let disagreeing = results.compactMap { name, mismatch in mismatch.map { (name, $0) } }
      .sorted { $0.0 < $1.0 }
    for (name, mismatch) in disagreeing { print("Zone disagrees with ICU: \(name) at \(mismatch)") }
    print("Compared \(results.count) of \(names.count) zones; \(disagreeing.count) disagree.")
    return (disagreeing, results.count)
  }

  /// Daily, and on both sides of every switch Foundation knows of.
  @Test func everyZoneMatchesFoundationFrom2027To2031() async {
    let (disagreeing, compared) = await Self.compareEveryZone(
      from: utc(2027, 1, 1), to: utc(2031, 1, 1), step: 86_400)
    #expect(compared > ZoneTable.rules.count * 9 / 10)
    #expect(disagreeing.count * 50 < compared, "\(disagreeing.map(\.0))")
    if TimeZone.timeZoneDataVersion == ZoneTable.tzdataVersion {
      #expect(disagreeing.isEmpty, "\(disagreeing)")
    }
  }

  /// With the system's TZif files the past agrees too, from 1990 (the embedded table alone
  /// knows only current rules, so this needs the files). Before 1990 the offsets still agree but
  /// the daylight flags of the Soviet "decree time" zones and Dublin's 1968-71 do not, as ICU
  /// reads tzdata's "rearguard" form.
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Istanbul"),
      "needs the system's tzdata (/usr/share/zoneinfo)"))
  func everyZoneMatchesFoundationSince1990() async {
    let (disagreeing, compared) = await Self.compareEveryZone(
      from: utc(1990, 1, 1), to: utc(2027, 1, 1), step: 86_400)
    #expect(compared > ZoneTable.rules.count * 9 / 10)
    // Debian builds WET and EET as zones of their own; ICU links them to Lisbon and Athens.
    let otherData: Set = ["WET", "EET"]
    // ICU (rearguard) keeps Namibia's 2017 summer flagged as daylight time until 24 October;
    // the compiled file ends it with its last switch on 3 September. Offsets agree.
    let daylightOnly: Set = ["Africa/Windhoek"]
    let unexpected = disagreeing.filter { name, mismatch in
      !otherData.contains(name) && !(daylightOnly.contains(name) && mismatch.contains("daylight"))
    }
    #expect(unexpected.isEmpty, "\(unexpected)")
  }

  /// Morocco moves its clocks back an hour for Ramadan, on dates no POSIX rule can say; the
  /// switches listed in the table carry it, both ways (instant to wall clock and back).
  @Test(arguments: ["Africa/Casablanca", "Asia/Gaza"])
  func listedSwitchesMatchFoundationBothWays(name: String) throws {
    let ours = try #require(named(name))
    let theirs = try #require(TimeZone(identifier: name))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = theirs
    for seconds in stride(from: utc(2026, 1, 1), to: utc(2032, 1, 1), by: 7 * 3_600 + 11 * 60) {
      let instant = date(seconds)
      #expect(ours.secondsFromGMT(for: instant) == theirs.secondsFromGMT(for: instant))
      let local = seconds + theirs.secondsFromGMT(for: instant)
      let wall = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute], from: instant)
      let expected = try #require(calendar.date(from: wall))
      #expect(ours.instant(forLocalSeconds: local - local % 60) == expected, "\(wall)")
    }
  }

  @Test func dublinNegativeDaylightTimeMatchesFoundation() throws {
    let ours = try #require(named("Europe/Dublin"))
    let theirs = try #require(TimeZone(identifier: "Europe/Dublin"))
    for seconds in [utc(2027, 1, 15), utc(2027, 7, 15)] {
      #expect(ours.secondsFromGMT(for: date(seconds)) == theirs.secondsFromGMT(for: date(seconds)))
      #expect(
        ours.isDaylightSavingTime(for: date(seconds))
          == theirs.isDaylightSavingTime(for: date(seconds)))
    }
    #expect(ours.isDaylightSavingTime(for: date(utc(2027, 7, 15))))
  }
}

@Suite struct ZoneLocalTimeTests {
  /// Foundation's answer for a local wall time in `identifier`.
  static func foundationInstant(_ identifier: String, _ local: Int) throws -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: identifier))
    var utcCalendar = Calendar(identifier: .gregorian)
    utcCalendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    var parts = utcCalendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date(local))
    parts.timeZone = calendar.timeZone
    let instant = try #require(calendar.date(from: parts))
    return Int(instant.timeIntervalSince1970)
  }

  @Test(arguments: [
    // Amsterdam: spring forward 2027-03-28 01:00 UTC, fall back 2027-10-31 01:00 UTC.
    ("Europe/Amsterdam", wall(2027, 3, 28, 1, 59), utc(2027, 3, 28, 0, 59)),
    ("Europe/Amsterdam", wall(2027, 3, 28, 2, 0), utc(2027, 3, 28, 1, 0)),
    ("Europe/Amsterdam", wall(2027, 3, 28, 2, 30), utc(2027, 3, 28, 1, 30)),
    ("Europe/Amsterdam", wall(2027, 3, 28, 3, 0), utc(2027, 3, 28, 1, 0)),
    ("Europe/Amsterdam", wall(2027, 10, 31, 1, 59), utc(2027, 10, 30, 23, 59)),
    ("Europe/Amsterdam", wall(2027, 10, 31, 2, 0), utc(2027, 10, 31, 0, 0)),
    ("Europe/Amsterdam", wall(2027, 10, 31, 2, 30), utc(2027, 10, 31, 0, 30)),
    ("Europe/Amsterdam", wall(2027, 10, 31, 3, 0), utc(2027, 10, 31, 2, 0)),
    // New York: spring forward 2027-03-14 07:00 UTC, fall back 2027-11-07 06:00 UTC.
    ("America/New_York", wall(2027, 3, 14, 1, 59), utc(2027, 3, 14, 6, 59)),
    ("America/New_York", wall(2027, 3, 14, 2, 30), utc(2027, 3, 14, 7, 30)),
    ("America/New_York", wall(2027, 3, 14, 3, 0), utc(2027, 3, 14, 7, 0)),
    ("America/New_York", wall(2027, 11, 7, 0, 59), utc(2027, 11, 7, 4, 59)),
    ("America/New_York", wall(2027, 11, 7, 1, 30), utc(2027, 11, 7, 5, 30)),
    ("America/New_York", wall(2027, 11, 7, 2, 0), utc(2027, 11, 7, 7, 0)),
    // Sydney: fall back 2027-04-03 16:00 UTC, spring forward 2027-10-02 16:00 UTC.
    ("Australia/Sydney", wall(2027, 4, 4, 1, 59), utc(2027, 4, 3, 14, 59)),
    ("Australia/Sydney", wall(2027, 4, 4, 2, 30), utc(2027, 4, 3, 15, 30)),
    ("Australia/Sydney", wall(2027, 4, 4, 3, 0), utc(2027, 4, 3, 17, 0)),
    ("Australia/Sydney", wall(2027, 10, 3, 1, 59), utc(2027, 10, 2, 15, 59)),
    ("Australia/Sydney", wall(2027, 10, 3, 2, 30), utc(2027, 10, 2, 16, 30)),
    ("Australia/Sydney", wall(2027, 10, 3, 3, 0), utc(2027, 10, 2, 16, 0)),
  ])
  func gapsAndOverlaps(identifier: String, local: Int, expected: Int) throws {
    let zone = try #require(named(identifier))
    let instant = zone.instant(forLocalSeconds: local)
    #expect(Int(instant.timeIntervalSince1970) == expected)
    #expect(try Self.foundationInstant(identifier, local) == expected)
  }

  @Test(arguments: [
    "Europe/Amsterdam", "America/New_York", "Australia/Sydney", "Asia/Kolkata",
    "America/St_Johns", "Pacific/Chatham", "America/Nuuk", "Asia/Jerusalem", "Europe/Dublin",
    "UTC",
  ])
  func ordinaryTimesRoundTrip(identifier: String) throws {
    let zone = try #require(named(identifier))
    for seconds in stride(from: utc(2027, 1, 1), to: utc(2028, 1, 1), by: 3_600) {
      let local = seconds + zone.secondsFromGMT(for: date(seconds))
      let back = Int(zone.instant(forLocalSeconds: local).timeIntervalSince1970)
      if back != seconds {
        // Only the later of two instants showing the same wall time (an overlap) may differ.
        #expect(back < seconds)
        #expect(back + zone.secondsFromGMT(for: date(back)) == local)
      }
    }
  }

  @Test func fixedOffsetRoundTrip() throws {
    let zone = try #require(named("Asia/Kathmandu"))
    let local = wall(2030, 6, 1, 12, 0)
    #expect(Int(zone.instant(forLocalSeconds: local).timeIntervalSince1970) == local - 20_700)
  }
}
