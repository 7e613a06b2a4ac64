import Foundation
import Testing

@testable import Domain

/// Seconds since 1970 of a UTC date and time.
private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0)
  -> Int
{
  Civil.daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60
}

/// Seconds since 1970 on a local wall clock (same arithmetic as `utc`).
private func wall(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Int {
  utc(year, month, day, hour, minute)
}

private func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: Double(seconds)) }

private func zone(_ rule: String) -> Zone? { Zone(identifier: rule, posixRule: rule) }

private func offset(_ rule: String, at seconds: Int) -> Int? {
  zone(rule)?.secondsFromGMT(for: date(seconds))
}

@Suite struct ZoneFoundationTests {
  /// The first instant at which `zone` and Foundation's `timeZone` disagree on the offset, else
  /// the first at which they disagree on daylight-saving time; nil if they always agree.
  static func firstMismatch(_ zone: Zone, _ timeZone: TimeZone, from start: Int, to end: Int)
    -> String?
  {
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
    for seconds in stride(from: start, to: end, by: 6 * 3_600) {
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

  @Test func everyZoneMatchesFoundationFrom2027To2031() async {
    let start = utc(2027, 1, 1)
    let end = utc(2031, 1, 1)
    let names = ZoneTable.rules.keys.sorted()
    let results = await withTaskGroup(of: (String, String?)?.self) { group in
      for name in names {
        group.addTask {
          guard let timeZone = TimeZone(identifier: name) else { return nil }
          guard let ours = Zone.named(name) else { return (name, "rule does not parse") }
          return (name, Self.firstMismatch(ours, timeZone, from: start, to: end))
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
    #expect(results.count > names.count * 9 / 10)
    #expect(disagreeing.count * 50 < results.count, "\(disagreeing.map(\.0))")
    if TimeZone.timeZoneDataVersion == ZoneTable.tzdataVersion {
      #expect(disagreeing.isEmpty, "\(disagreeing)")
    }
  }

  /// Morocco moves its clocks back an hour for Ramadan, on dates no POSIX rule can say; the
  /// switches listed in the table carry it, both ways (instant to wall clock and back).
  @Test(arguments: ["Africa/Casablanca", "Asia/Gaza"])
  func listedSwitchesMatchFoundationBothWays(name: String) throws {
    let ours = try #require(Zone.named(name))
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
    let ours = try #require(Zone.named("Europe/Dublin"))
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
    let zone = try #require(Zone.named(identifier))
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
    let zone = try #require(Zone.named(identifier))
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
    let zone = try #require(Zone.named("Asia/Kathmandu"))
    let local = wall(2030, 6, 1, 12, 0)
    #expect(Int(zone.instant(forLocalSeconds: local).timeIntervalSince1970) == local - 20_700)
  }
}

@Suite struct ZoneParsingTests {
  @Test func quotedNamesAndMinuteOffsets() {
    let now = utc(2027, 6, 1)
    #expect(offset("<+03>-3", at: now) == 10_800)
    #expect(offset("<+0545>-5:45", at: now) == 20_700)
    #expect(offset("<+0330>-3:30", at: now) == 12_600)
    #expect(offset("<-0930>9:30", at: now) == -34_200)
    #expect(offset("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", at: utc(2027, 1, 1)) == 39_600)
    #expect(offset("AAA-1:02:03", at: now) == 3_723)
    #expect(offset("EST5", at: now) == -18_000)
    #expect(offset("UTC0", at: now) == 0)
    #expect(offset("UTC+0", at: now) == 0)
  }

  @Test func northernDaylightTime() {
    let rule = "CET-1CEST,M3.5.0,M10.5.0/3"
    #expect(offset(rule, at: utc(2027, 3, 28, 0, 59)) == 3_600)
    #expect(offset(rule, at: utc(2027, 3, 28, 1, 0)) == 7_200)
    #expect(offset(rule, at: utc(2027, 10, 31, 0, 59)) == 7_200)
    #expect(offset(rule, at: utc(2027, 10, 31, 1, 0)) == 3_600)
    #expect(zone(rule)?.isDaylightSavingTime(for: date(utc(2027, 7, 1))) == true)
    #expect(zone(rule)?.isDaylightSavingTime(for: date(utc(2027, 1, 1))) == false)
  }

  @Test func daylightWithoutDatesUsesUSRules() {
    #expect(offset("EST5EDT", at: utc(2027, 3, 14, 6, 59)) == -18_000)
    #expect(offset("EST5EDT", at: utc(2027, 3, 14, 7, 0)) == -14_400)
    #expect(offset("XXX5YYY4", at: utc(2027, 7, 1)) == -14_400)
  }

  @Test func southernDaylightTime() {
    let rule = "NZST-12NZDT,M9.5.0,M4.1.0/3"
    // 2027: ends Sunday April 4 at 03:00 NZDT (April 3 14:00 UTC); starts Sunday September 26
    // at 02:00 NZST (September 25 14:00 UTC).
    #expect(offset(rule, at: utc(2027, 1, 15)) == 46_800)
    #expect(offset(rule, at: utc(2027, 4, 3, 13, 59)) == 46_800)
    #expect(offset(rule, at: utc(2027, 4, 3, 14, 0)) == 43_200)
    #expect(offset(rule, at: utc(2027, 9, 25, 13, 59)) == 43_200)
    #expect(offset(rule, at: utc(2027, 9, 25, 14, 0)) == 46_800)
    #expect(offset(rule, at: utc(2027, 12, 31, 12)) == 46_800)
    #expect(offset(rule, at: utc(2027, 12, 31, 13)) == 46_800)
  }

  @Test func julianDaysSkipFebruary29() {
    // J60 is March 1 in every year.
    let rule = "AAA0BBB,J60/0,J300/0"
    #expect(offset(rule, at: utc(2028, 2, 29, 23, 59)) == 0)
    #expect(offset(rule, at: utc(2028, 3, 1)) == 3_600)
    #expect(offset(rule, at: utc(2027, 2, 28, 23, 59)) == 0)
    #expect(offset(rule, at: utc(2027, 3, 1)) == 3_600)
    // J300 is October 27 in every year.
    #expect(offset(rule, at: utc(2028, 10, 26, 22, 59)) == 3_600)
    #expect(offset(rule, at: utc(2028, 10, 26, 23, 0)) == 0)
  }

  @Test func zeroBasedDaysCountFebruary29() {
    // Day 59 is February 29 in leap years and March 1 otherwise.
    let rule = "AAA0BBB,59/0,299/0"
    #expect(offset(rule, at: utc(2028, 2, 28, 23, 59)) == 0)
    #expect(offset(rule, at: utc(2028, 2, 29)) == 3_600)
    #expect(offset(rule, at: utc(2027, 2, 28, 23, 59)) == 0)
    #expect(offset(rule, at: utc(2027, 3, 1)) == 3_600)
  }

  @Test func negativeAndLongSwitchTimes() {
    // America/Nuuk: starts on the last Sunday of March at -1:00 (Saturday 23:00 local).
    let nuuk = "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"
    #expect(offset(nuuk, at: utc(2027, 3, 28, 0, 59)) == -7_200)
    #expect(offset(nuuk, at: utc(2027, 3, 28, 1, 0)) == -3_600)
    #expect(offset(nuuk, at: utc(2027, 10, 31, 0, 59)) == -3_600)
    #expect(offset(nuuk, at: utc(2027, 10, 31, 1, 0)) == -7_200)
    // Asia/Jerusalem: the fourth Thursday of March at 26:00 is Friday March 26 02:00.
    let israel = "IST-2IDT,M3.4.4/26,M10.5.0"
    #expect(offset(israel, at: utc(2027, 3, 25, 23, 59)) == 7_200)
    #expect(offset(israel, at: utc(2027, 3, 26, 0, 0)) == 10_800)
    // RFC 8536 allows up to 167 hours either way.
    #expect(offset("AAA0BBB,M3.1.0/167,M10.1.0/-167", at: utc(2027, 7, 1)) == 3_600)
    #expect(zone("AAA0BBB,M3.1.0/168,M10.1.0") == nil)
  }

  @Test func daylightAllYear() throws {
    for rule in ["<+00>0<+02>-2,0/0,J365/25", "EST5EDT,0/0,J365/25"] {
      let allYear = try #require(zone(rule))
      let daylight = rule.hasPrefix("EST") ? -14_400 : 7_200
      for seconds in [
        utc(2027, 1, 1), utc(2027, 6, 1), utc(2027, 12, 31, 23, 30), utc(2028, 12, 31, 23, 30),
      ] {
        #expect(allYear.secondsFromGMT(for: date(seconds)) == daylight)
        #expect(allYear.isDaylightSavingTime(for: date(seconds)))
      }
      #expect(
        allYear.instant(forLocalSeconds: wall(2027, 5, 1, 12))
          == date(utc(2027, 5, 1, 12) - daylight))
    }
  }

  @Test(arguments: [
    "", "ABC", "AB1", "CET", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.5.0",
    "CET-1CEST,M3.5.0,M10.5.0,", "CET-1CEST,M3.6.0,M10.5.0", "CET-1CEST,M3.5.7,M10.5.0",
    "CET-1CEST,J0,J365", "CET-1CEST,J1,J366", "CET-1CEST,0,366", "<+03-3", "<+3>-3", "CET25",
    "CET-1:60", "CET-1CEST,M3.5.0/2:60,M10.5.0", "CET-1 ", "CET-1CEST-", "CET-1CEST,",
  ])
  func garbageDoesNotParse(rule: String) {
    #expect(zone(rule) == nil)
  }

  @Test func namedZones() throws {
    #expect(Zone.named("../etc/passwd") == nil)
    #expect(Zone.named("/etc/localtime") == nil)
    #expect(Zone.named("Europe/../../etc/passwd") == nil)
    #expect(Zone.named("Europe/Istanbul ") == nil)
    #expect(Zone.named("Nowhere/Nothing") == nil)
    #expect(Zone.named("") == nil)
    let istanbul = try #require(Zone.named("Europe/Istanbul"))
    #expect(istanbul.secondsFromGMT(for: Date()) == 10_800)
    #expect(istanbul.identifier == "Europe/Istanbul")
    #expect(istanbul.description == "Europe/Istanbul")
    #expect(!istanbul.isDaylightSavingTime(for: Date()))
    #expect(Zone.named("UTC") == .utc)
    #expect(Zone.named("Etc/GMT+5")?.secondsFromGMT(for: Date()) == -18_000)
    #expect(Zone.utc.secondsFromGMT(for: Date()) == 0)
  }

  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/posix/Asia/Tokyo")))
  func namedZoneFallsBackToZoneinfoFile() {
    #expect(ZoneTable.rules["posix/Asia/Tokyo"] == nil)
    #expect(Zone.named("posix/Asia/Tokyo")?.secondsFromGMT(for: Date()) == 32_400)
  }

  @Test func tableCoversCommonZones() {
    #expect(ZoneTable.rules.count > 400)
    for name in ["UTC", "GMT", "Europe/Istanbul", "America/New_York", "Asia/Calcutta"] {
      #expect(ZoneTable.rules[name] != nil, "\(name)")
    }
    for (name, rule) in ZoneTable.rules {
      #expect(Zone(identifier: name, posixRule: rule) != nil, "\(name): \(rule)")
    }
  }

  @Test func equalityAndHashing() {
    let zones: Set<Zone?> = [
      Zone.named("Europe/Istanbul"), Zone.named("Europe/Istanbul"), Zone.named("Asia/Istanbul"),
    ]
    #expect(zones.count == 2)
    #expect(Zone(identifier: "X", posixRule: "CET-1") != Zone(identifier: "X", posixRule: "CET-2"))
  }

  @Test func footerOfTZifFile() throws {
    let header = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 60)
    #expect(
      Zone.footer(ofTZif: Data(header + Array("\nCET-1CEST,M3.5.0,M10.5.0/3\n".utf8)))
        == "CET-1CEST,M3.5.0,M10.5.0/3")
    #expect(Zone.footer(ofTZif: Data(header + Array("\n\n".utf8))) == nil)
    let version1 = Array("TZif\0".utf8) + [UInt8](repeating: 0, count: 60) + Array("\nCET-1\n".utf8)
    #expect(Zone.footer(ofTZif: Data(version1)) == nil)
    #expect(Zone.footer(ofTZif: Data("not a zone file\nCET-1\n".utf8)) == nil)
    if let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Istanbul") {
      #expect(Zone.footer(ofTZif: data) == "<+03>-3")
    }
  }
}

@Suite struct ZoneCurrentTests {
  @Test func tzVariable() {
    #expect(Zone.resolve(tz: "", localtimeLink: nil, localtimeFooter: nil) == .utc)
    #expect(Zone.resolve(tz: ":", localtimeLink: nil, localtimeFooter: nil) == .utc)
    let link = "/usr/share/zoneinfo/Asia/Tokyo"
    #expect(
      Zone.resolve(tz: ":Europe/Istanbul", localtimeLink: link, localtimeFooter: nil).identifier
        == "Europe/Istanbul")
    #expect(
      Zone.resolve(tz: "Europe/Istanbul", localtimeLink: link, localtimeFooter: nil).identifier
        == "Europe/Istanbul")
    #expect(
      Zone.resolve(
        tz: ":/usr/share/zoneinfo/Europe/Istanbul", localtimeLink: nil, localtimeFooter: nil
      )
      .identifier == "Europe/Istanbul")
    let posix = Zone.resolve(
      tz: "EST5EDT,M3.2.0,M11.1.0", localtimeLink: link, localtimeFooter: nil)
    #expect(posix.identifier == "EST5EDT,M3.2.0,M11.1.0")
    #expect(posix.secondsFromGMT(for: date(utc(2027, 7, 1))) == -14_400)
    #expect(
      Zone.resolve(tz: "<+0545>-5:45", localtimeLink: nil, localtimeFooter: nil)
        .secondsFromGMT(for: Date()) == 20_700)
    #expect(Zone.resolve(tz: "Not/AZone", localtimeLink: link, localtimeFooter: nil) == .utc)
  }

  @Test func localtimeLinkThenFooter() {
    #expect(
      Zone.resolve(
        tz: nil, localtimeLink: "/usr/share/zoneinfo/Asia/Tokyo", localtimeFooter: "CET-1"
      )
      .identifier == "Asia/Tokyo")
    #expect(
      Zone.resolve(
        tz: nil, localtimeLink: "../usr/share/zoneinfo/posix/America/New_York", localtimeFooter: nil
      ).identifier == "America/New_York")
    #expect(
      Zone.resolve(tz: nil, localtimeLink: "/etc/elsewhere", localtimeFooter: "CET-1").identifier
        == "CET-1")
    #expect(
      Zone.resolve(tz: nil, localtimeLink: nil, localtimeFooter: "<+03>-3")
        .secondsFromGMT(for: Date()) == 10_800)
    #expect(Zone.resolve(tz: nil, localtimeLink: nil, localtimeFooter: "garbage") == .utc)
    #expect(Zone.resolve(tz: nil, localtimeLink: nil, localtimeFooter: nil) == .utc)
  }

  @Test func zoneNameInPath() {
    #expect(Zone.zoneName(inPath: "/usr/share/zoneinfo/Europe/Istanbul") == "Europe/Istanbul")
    #expect(Zone.zoneName(inPath: "/usr/share/zoneinfo/right/UTC") == "UTC")
    #expect(Zone.zoneName(inPath: "/usr/share/zoneinfo/") == nil)
    #expect(Zone.zoneName(inPath: "/etc/localtime") == nil)
  }

  @Test func currentIsStable() {
    #expect(Zone.current == Zone.current)
    #expect(!Zone.current.identifier.isEmpty)
  }
}
