import Foundation
import Testing

@testable import Zones

private func zone(_ rule: String) -> Zone? { Zone(identifier: rule, posixRule: rule) }

private func offset(_ rule: String, at seconds: Int) -> Int? {
  zone(rule)?.secondsFromGMT(for: date(seconds))
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

  @Test func equalityAndHashing() throws {
    let zones: Set<Zone?> = [
      Zone(identifier: "Europe/Istanbul", posixRule: "<+03>-3"),
      Zone(identifier: "Europe/Istanbul", posixRule: "<+03>-3"),
      Zone(identifier: "Asia/Istanbul", posixRule: "<+03>-3"),
    ]
    #expect(zones.count == 2)
    #expect(Zone(identifier: "X", posixRule: "CET-1") != Zone(identifier: "X", posixRule: "CET-2"))
    #expect(Zone(identifier: "UTC", posixRule: "UTC0") == .utc)
    #expect(Zone.utc.secondsFromGMT(for: Date()) == 0)
  }
}

@Suite struct ZoneHistoryTests {
  /// A zone like Istanbul's: +02 with summer time at +03 until 2016-09-07, then +03 all year.
  static func istanbulLike() throws -> Zone {
    let winter = Zone.LocalTime(secondsFromGMT: 7_200, isDaylightSavingTime: false)
    let summer = Zone.LocalTime(secondsFromGMT: 10_800, isDaylightSavingTime: true)
    let after = Zone.LocalTime(secondsFromGMT: 10_800, isDaylightSavingTime: false)
    return try #require(
      Zone(
        identifier: "Test/Istanbul", initial: winter,
        transitions: [
          Zone.Transition(time: utc(2015, 3, 29, 1), localTime: summer),
          Zone.Transition(time: utc(2015, 11, 8, 1), localTime: winter),
          Zone.Transition(time: utc(2016, 3, 27, 1), localTime: summer),
          Zone.Transition(time: utc(2016, 9, 6, 21), localTime: after),
        ],
        posixRule: "<+03>-3"))
  }

  @Test func initialThenTransitionsThenRule() throws {
    let zone = try Self.istanbulLike()
    #expect(zone.secondsFromGMT(for: date(utc(1990, 1, 1))) == 7_200)
    #expect(zone.secondsFromGMT(for: date(utc(2015, 1, 15))) == 7_200)
    #expect(!zone.isDaylightSavingTime(for: date(utc(2015, 1, 15))))
    #expect(zone.secondsFromGMT(for: date(utc(2015, 7, 15))) == 10_800)
    #expect(zone.isDaylightSavingTime(for: date(utc(2015, 7, 15))))
    #expect(zone.secondsFromGMT(for: date(utc(2015, 3, 29, 0, 59))) == 7_200)
    #expect(zone.secondsFromGMT(for: date(utc(2015, 3, 29, 1))) == 10_800)
    #expect(zone.secondsFromGMT(for: date(utc(2017, 1, 15))) == 10_800)
    #expect(!zone.isDaylightSavingTime(for: date(utc(2017, 1, 15))))
    #expect(zone.secondsFromGMT(for: date(utc(2040, 1, 15))) == 10_800)
  }

  @Test func localTimesAcrossTransitions() throws {
    let zone = try Self.istanbulLike()
    // 2015-03-29 03:00 +02 became 04:00 +03: 03:30 is skipped, read with the offset before.
    #expect(
      zone.instant(forLocalSeconds: wall(2015, 3, 29, 2, 30)) == date(utc(2015, 3, 29, 0, 30)))
    #expect(
      zone.instant(forLocalSeconds: wall(2015, 3, 29, 3, 30)) == date(utc(2015, 3, 29, 1, 30)))
    #expect(
      zone.instant(forLocalSeconds: wall(2015, 3, 29, 4, 30)) == date(utc(2015, 3, 29, 1, 30)))
    // 2015-11-08 04:00 +03 became 03:00 +02: 03:30 happens twice, the earlier is given.
    #expect(
      zone.instant(forLocalSeconds: wall(2015, 11, 8, 3, 30)) == date(utc(2015, 11, 8, 0, 30)))
    #expect(zone.instant(forLocalSeconds: wall(1999, 6, 1, 12)) == date(utc(1999, 6, 1, 10)))
    #expect(zone.instant(forLocalSeconds: wall(2030, 6, 1, 12)) == date(utc(2030, 6, 1, 9)))
  }

  @Test func withoutInitialTheRuleHoldsBefore() throws {
    let zone = try #require(
      Zone(
        identifier: "X", initial: nil,
        transitions: [
          Zone.Transition(
            time: utc(2030, 1, 1),
            localTime: Zone.LocalTime(secondsFromGMT: 0, isDaylightSavingTime: false)),
          Zone.Transition(
            time: utc(2030, 2, 1),
            localTime: Zone.LocalTime(secondsFromGMT: 3_600, isDaylightSavingTime: false)),
        ],
        posixRule: "<+01>-1"))
    #expect(zone.secondsFromGMT(for: date(utc(2029, 6, 1))) == 3_600)
    #expect(zone.secondsFromGMT(for: date(utc(2030, 1, 15))) == 0)
    #expect(zone.secondsFromGMT(for: date(utc(2030, 6, 1))) == 3_600)
  }

  @Test func withoutRuleTheLastLocalTimeLasts() throws {
    let zone = try #require(
      Zone(
        identifier: "X", initial: Zone.LocalTime(secondsFromGMT: 0, isDaylightSavingTime: false),
        transitions: [
          Zone.Transition(
            time: utc(2000, 1, 1),
            localTime: Zone.LocalTime(secondsFromGMT: 19_800, isDaylightSavingTime: false))
        ],
        posixRule: nil))
    #expect(zone.secondsFromGMT(for: date(utc(1999, 1, 1))) == 0)
    #expect(zone.secondsFromGMT(for: date(utc(2100, 1, 1))) == 19_800)
  }

  @Test func refusesDisorderAndBadRules() {
    let local = Zone.LocalTime(secondsFromGMT: 0, isDaylightSavingTime: false)
    #expect(
      Zone(
        identifier: "X", initial: nil,
        transitions: [
          Zone.Transition(time: 10, localTime: local), Zone.Transition(time: 10, localTime: local),
        ], posixRule: "UTC0") == nil)
    #expect(Zone(identifier: "X", initial: nil, transitions: [], posixRule: "garbage") == nil)
    #expect(Zone(identifier: "X", initial: nil, transitions: [], posixRule: nil) == nil)
    // Times far outside the clamped range neither trap nor mislead.
    let far = Zone(
      identifier: "X", initial: local,
      transitions: [
        Zone.Transition(time: Int.min, localTime: local),
        Zone.Transition(
          time: 0, localTime: Zone.LocalTime(secondsFromGMT: 3_600, isDaylightSavingTime: false)),
      ], posixRule: "<+01>-1")
    #expect(far?.secondsFromGMT(for: date(-1_000)) == 0)
    #expect(far?.instant(forLocalSeconds: Int.min) != nil)
    #expect(far?.instant(forLocalSeconds: Int.max) != nil)
  }
}
