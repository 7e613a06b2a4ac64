import Domain
import Foundation
import Testing

@testable import Zones

/// A zone given as a POSIX rule, named by it (as /etc/localtime's zone is).
private func rule(_ text: String) -> Zone? { Zone(identifier: text, posixRule: text) }

/// A temporary directory, removed after `body`.
private func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("zones-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try body(path)
}

/// Writes `bytes` to `name` under `directory`, making folders as needed.
private func write(_ bytes: [UInt8], _ name: String, in directory: String) throws {
  let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try Data(bytes).write(to: url)
}

/// Builds TZif files for tests: a version 1 block, then (version 2+) a 64-bit one and a footer.
struct TZifBuilder {
  var version = UInt8(ascii: "2")
  var times: [Int64] = []
  var indices: [UInt8] = []
  /// utoff, isdst, abbreviation index.
  var types: [(Int32, UInt8, UInt8)] = [(0, 0, 0)]
  var characters: [UInt8] = Array("UTC\0".utf8)
  var footer = "UTC0"

  private static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian) { Array($0) }
  }

  private func block(timeSize: Int) -> [UInt8] {
    var bytes = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
    for count in [0, 0, 0, times.count, types.count, characters.count] {
      bytes += Self.bigEndian(UInt32(count))
    }
    for time in times {
      bytes += timeSize == 8 ? Self.bigEndian(time) : Self.bigEndian(Int32(clamping: time))
    }
    bytes += indices
    for (utoff, isDST, index) in types { bytes += Self.bigEndian(utoff) + [isDST, index] }
    return bytes + characters
  }

  var bytes: [UInt8] {
    guard version >= UInt8(ascii: "2") else { return block(timeSize: 4) }
    return block(timeSize: 4) + block(timeSize: 8) + Array("\n\(footer)\n".utf8)
  }

  /// Istanbul's last years of summer time, then +03 all year.
  static var istanbulLike: TZifBuilder {
    var builder = TZifBuilder()
    builder.times = [
      Int64(utc(2015, 3, 29, 1)), Int64(utc(2015, 11, 8, 1)), Int64(utc(2016, 3, 27, 1)),
      Int64(utc(2016, 9, 6, 21)),
    ]
    builder.indices = [1, 0, 1, 2]
    builder.types = [(7_200, 0, 0), (10_800, 1, 4), (10_800, 0, 9)]
    builder.characters = Array("EET\0EEST\0+03\0".utf8)
    builder.footer = "<+03>-3"
    return builder
  }
}

@Suite struct TZifTests {
  @Test func readsTransitionsTypesAndFooter() throws {
    let file = try #require(TZif(TZifBuilder.istanbulLike.bytes))
    #expect(file.version == UInt8(ascii: "2"))
    #expect(file.transitions.map(\.typeIndex) == [1, 0, 1, 2])
    #expect(file.types.map(\.abbreviation) == ["EET", "EEST", "+03"])
    #expect(file.types.map(\.utoff) == [7_200, 10_800, 10_800])
    #expect(file.footer == "<+03>-3")
    let zone = try #require(file.zone(identifier: "Test/Istanbul"))
    #expect(zone.secondsFromGMT(for: date(utc(2000, 1, 1))) == 7_200)
    #expect(zone.secondsFromGMT(for: date(utc(2015, 7, 15))) == 10_800)
    #expect(zone.isDaylightSavingTime(for: date(utc(2015, 7, 15))))
    #expect(zone.secondsFromGMT(for: date(utc(2015, 12, 15))) == 7_200)
    #expect(!zone.isDaylightSavingTime(for: date(utc(2017, 7, 15))))
    #expect(zone.secondsFromGMT(for: date(utc(2050, 1, 1))) == 10_800)
  }

  @Test func versionOneHasNoFooter() throws {
    var builder = TZifBuilder.istanbulLike
    builder.version = 0
    let file = try #require(TZif(builder.bytes))
    #expect(file.footer == nil)
    let zone = try #require(file.zone(identifier: "Old"))
    #expect(zone.secondsFromGMT(for: date(utc(2050, 1, 1))) == 10_800)
  }

  @Test func emptyFooterKeepsTheLastLocalTime() throws {
    var builder = TZifBuilder.istanbulLike
    builder.footer = ""
    let file = try #require(TZif(builder.bytes))
    #expect(file.footer == nil)
    #expect(file.zone(identifier: "X")?.secondsFromGMT(for: date(utc(2050, 1, 1))) == 10_800)
  }

  /// Every way a file can be cut short or wrong gives nil, never a trap.
  @Test func truncatedFilesAreRefused() throws {
    let whole = TZifBuilder.istanbulLike.bytes
    #expect(TZif(whole) != nil)
    for length in 0..<whole.count {
      #expect(TZif(Array(whole[..<length])) == nil, "cut at \(length)")
    }
    #expect(TZif(whole + [0]) == nil, "trailing bytes")
  }

  /// One way to spoil a well-formed file.
  enum Damage: String, CaseIterable, Sendable {
    case noAbbreviationBytes, typeIndexOutOfRange, timesOutOfOrder, repeatedTime
    case offsetMinus2To31, offsetOf30Hours, isdstOf2, abbreviationPastTheEnd
    case abbreviationWithoutNUL, noTypes, footerThatDoesNotParse, unknownVersion

    func apply(to b: inout TZifBuilder) {
      switch self {
      case .noAbbreviationBytes: b.characters = []
      case .typeIndexOutOfRange: b.indices = [1, 0, 1, 7]
      case .timesOutOfOrder: b.times.swapAt(0, 1)
      case .repeatedTime: b.times[1] = b.times[0]
      case .offsetMinus2To31: b.types[0].0 = Int32.min
      case .offsetOf30Hours: b.types[0].0 = 108_000
      case .isdstOf2: b.types[1].1 = 2
      case .abbreviationPastTheEnd: b.types[2].2 = 200
      case .abbreviationWithoutNUL: b.characters.removeLast()
      case .noTypes: (b.types, b.times, b.indices) = ([], [], [])
      case .footerThatDoesNotParse: b.footer = "garbage"
      case .unknownVersion: b.version = UInt8(ascii: "1")
      }
    }
  }

  @Test(arguments: Damage.allCases)
  func malformedFilesAreRefused(damage: Damage) {
    var builder = TZifBuilder.istanbulLike
    damage.apply(to: &builder)
    #expect(TZif(builder.bytes)?.zone(identifier: "X") == nil, "\(damage)")
  }

  @Test func countsLargerThanTheFileAreRefused() {
    var bytes = TZifBuilder.istanbulLike.bytes
    #expect(TZif(Array("TZiF".utf8) + bytes.dropFirst(4)) == nil, "bad magic")
    // timecnt of the first header (bytes 32...35) set to 2^32 - 1.
    for index in 32...35 { bytes[index] = 0xFF }
    #expect(TZif(bytes) == nil)
  }

  /// Random bytes, and a real file with each byte changed in turn, never trap.
  @Test func garbageNeverTraps() throws {
    var generator = SystemRandomNumberGenerator()
    for length in [0, 1, 4, 5, 43, 44, 45, 100, 1_000, 5_000] {
      for _ in 0..<20 {
        let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        _ = TZif(bytes)?.zone(identifier: "X")
        _ = TZif(Array("TZif2".utf8) + bytes)?.zone(identifier: "X")
      }
    }
    let real = FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Istanbul")
    let whole = real.map { [UInt8]($0) } ?? TZifBuilder.istanbulLike.bytes
    for index in whole.indices {
      var damaged = whole
      damaged[index] ^= 0xA5
      _ = TZif(damaged)?.zone(identifier: "X")
    }
    #expect(Array(whole[..<4]) == Array("TZif".utf8))
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Istanbul"),
      "needs the system's tzdata (/usr/share/zoneinfo/Europe/Istanbul)"))
  func readsTheSystemsFile() throws {
    let data = try #require(
      FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Istanbul"))
    let file = try #require(TZif([UInt8](data)))
    #expect(file.footer == "<+03>-3")
    #expect(file.transitions.count > 50)
    #expect(file.types.contains { $0.abbreviation == "EEST" && $0.isDST })
  }
}

@Suite struct ZoneSourceTests {
  @Test func injectedDirectoryFirst() throws {
    try withTemporaryDirectory { directory in
      try write(TZifBuilder.istanbulLike.bytes, "Test/Istanbul", in: directory)
      let source = ZoneSource(
        systemDirectory: directory, fallback: ["Test/Istanbul": "<+05>-5", "Test/Only": "JST-9"])
      let zone = try #require(source.zone(named: "Test/Istanbul"))
      #expect(zone.secondsFromGMT(for: date(utc(2015, 1, 15))) == 7_200)
      #expect(zone.secondsFromGMT(for: date(utc(2017, 1, 15))) == 10_800)
      // Not in the directory: the fallback table.
      #expect(
        source.zone(named: "Test/Only")?.secondsFromGMT(for: date(utc(2015, 1, 15))) == 32_400)
      #expect(source.zone(named: "Test/Nothing") == nil)
      // A folder is no zone.
      #expect(source.zone(named: "Test") == nil)
    }
  }

  @Test func malformedFileFallsBackToTheTable() throws {
    try withTemporaryDirectory { directory in
      try write(Array("TZif2 but nothing after".utf8), "Test/Broken", in: directory)
      try write(Array(TZifBuilder.istanbulLike.bytes.dropLast(3)), "Test/Cut", in: directory)
      let source = ZoneSource(systemDirectory: directory, fallback: ["Test/Broken": "<+01>-1"])
      #expect(source.zone(named: "Test/Broken")?.secondsFromGMT(for: Date()) == 3_600)
      #expect(source.zone(named: "Test/Cut") == nil)
    }
  }

  @Test func missingOrEmptyDirectoryUsesTheTable() throws {
    try withTemporaryDirectory { directory in
      for source in [
        ZoneSource(systemDirectory: directory, fallback: ZoneSource.embedded.fallback),
        ZoneSource(systemDirectory: directory + "/none", fallback: ZoneSource.embedded.fallback),
        ZoneSource.embedded,
      ] {
        let istanbul = try #require(source.zone(named: "Europe/Istanbul"))
        #expect(istanbul.secondsFromGMT(for: Date()) == 10_800)
        #expect(
          source.zone(named: "America/New_York")?.secondsFromGMT(for: date(utc(2027, 7, 1)))
            == -14_400)
      }
    }
    #expect(ZoneSource.embedded.systemDirectory == nil)
  }

  @Test func namesThatAreNotSafePathsAreRefused() throws {
    for source in [ZoneSource.live, ZoneSource.embedded] {
      #expect(source.zone(named: "../etc/passwd") == nil)
      #expect(source.zone(named: "/etc/localtime") == nil)
      #expect(source.zone(named: "Europe/../../etc/passwd") == nil)
      #expect(source.zone(named: "Europe/Istanbul ") == nil)
      #expect(source.zone(named: "Nowhere/Nothing") == nil)
      #expect(source.zone(named: "") == nil)
      let istanbul = try #require(source.zone(named: "Europe/Istanbul"))
      #expect(istanbul.secondsFromGMT(for: Date()) == 10_800)
      #expect(istanbul.identifier == "Europe/Istanbul")
      #expect(istanbul.description == "Europe/Istanbul")
      #expect(!istanbul.isDaylightSavingTime(for: Date()))
      #expect(source.zone(named: "UTC") == .utc)
      #expect(source.zone(named: "Etc/GMT+5")?.secondsFromGMT(for: Date()) == -18_000)
    }
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/posix/Asia/Tokyo"),
      "needs the system's tzdata"))
  func systemFilesBeyondTheTable() {
    #expect(ZoneTable.rules["posix/Asia/Tokyo"] == nil)
    #expect(ZoneSource.live.zone(named: "posix/Asia/Tokyo")?.secondsFromGMT(for: Date()) == 32_400)
  }

  @Test func tableCoversCommonZones() {
    #expect(ZoneTable.rules.count > 400)
    for name in ["UTC", "GMT", "Europe/Istanbul", "America/New_York", "Asia/Calcutta"] {
      #expect(ZoneTable.rules[name] != nil, "\(name)")
    }
    for name in ZoneTable.rules.keys {
      #expect(ZoneSource.embedded.zone(named: name) != nil, "\(name)")
    }
  }

  @Test func equalityAndHashing() {
    let zones: Set<Zone?> = [
      ZoneSource.live.zone(named: "Europe/Istanbul"),
      ZoneSource.live.zone(named: "Europe/Istanbul"),
      ZoneSource.live.zone(named: "Asia/Istanbul"),
    ]
    #expect(zones.count == 2)
    // The same name and rule from the table alone, without the file's history: the same zone.
    #expect(
      ZoneSource.embedded.zone(named: "Europe/Istanbul")
        == ZoneSource.live.zone(named: "Europe/Istanbul"))
  }

  @Test("a flight time decodes with a plain JSONDecoder, to the zone the system names the same")
  func plainDecoderReadsTimes() throws {
    let decoder = JSONDecoder()
    let summer = #"{"instant": 1815638400, "timeZoneID": "Europe/Berlin"}"#
    let time = try decoder.decode(ZonedTime.self, from: Data(summer.utf8))
    #expect(time.zone == ZoneSource.live.zone(named: "Europe/Berlin"))
    #expect(time.hhmm == "10:00")
    // Written with its rule, a zone reads back equal to the one written: the system's, with its
    // history, and the one read, with its rule, agree from the zone's last change on.
    let live = try #require(ZoneSource.live.zone(named: "Europe/Istanbul"))
    let written = ZonedTime(instant: Date(timeIntervalSince1970: 1_800_000_000), zone: live)
    #expect(try decoder.decode(ZonedTime.self, from: JSONEncoder().encode(written)) == written)
    // Before it, the rule holds: 1970 in Istanbul reads at +03, not the +02 kept then.
    let old = #"{"instant": 0, "timeZoneID": "Europe/Istanbul"}"#
    #expect(try decoder.decode(ZonedTime.self, from: Data(old.utf8)).hhmm == "03:00")
    let unknown = #"{"instant": 0, "timeZoneID": "Nowhere/Nothing"}"#
    #expect(throws: DomainError.invalidTimeZone("Nowhere/Nothing")) {
      try decoder.decode(ZonedTime.self, from: Data(unknown.utf8))
    }
  }
}

/// Istanbul kept EET/EEST (+02, +03 in summer) until 2016-09-07, then +03 all year.
@Suite struct IstanbulHistoryTests {
  static let instants = [
    (utc(2015, 1, 15), 7_200, false), (utc(2015, 7, 15), 10_800, true),
    (utc(2017, 1, 15), 10_800, false),
  ]

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Istanbul"),
      "skipped: /usr/share/zoneinfo/Europe/Istanbul does not exist (no system tzdata)"))
  func systemFilesKnowThePast() throws {
    let files = ZoneSource(systemDirectory: "/usr/share/zoneinfo", fallback: [:])
    let istanbul = try #require(files.zone(named: "Europe/Istanbul"))
    for (seconds, offset, daylight) in Self.instants {
      #expect(istanbul.secondsFromGMT(for: date(seconds)) == offset, "\(date(seconds))")
      #expect(istanbul.isDaylightSavingTime(for: date(seconds)) == daylight, "\(date(seconds))")
    }
    #expect(ZoneSource.live.zone(named: "Europe/Istanbul") == istanbul)
  }

  /// The embedded table knows only the rules in force now: +03 for every instant, the past too.
  @Test func fallbackKnowsOnlyTodaysRule() throws {
    let istanbul = try #require(ZoneSource.embedded.zone(named: "Europe/Istanbul"))
    for (seconds, _, _) in Self.instants {
      #expect(istanbul.secondsFromGMT(for: date(seconds)) == 10_800, "\(date(seconds))")
      #expect(!istanbul.isDaylightSavingTime(for: date(seconds)))
    }
  }
}

@Suite struct MachineZoneTests {
  let live = ZoneSource.live

  @Test("a link's target is read as written: relative, absolute, long; nil for a file or nothing")
  func linkTarget() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "zones-link-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let long = "../" + String(repeating: "x/", count: 600) + "usr/share/zoneinfo/Asia/Tokyo"
    for target in ["../usr/share/zoneinfo/Asia/Tokyo", "/usr/share/zoneinfo/Europe/İstanbul", long]
    {
      let link = folder + "/localtime-\(target.count)"
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      #expect(ZoneSource.linkTarget(atPath: link) == target)
      // FoundationEssentials' answer, where it has one: it cuts a target at 1,026 bytes.
      if target.utf8.count < 1_000 {
        #expect(
          try ZoneSource.linkTarget(atPath: link)
            == FileManager.default.destinationOfSymbolicLink(atPath: link))
      }
    }
    try Data("TZif".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
    #expect(ZoneSource.linkTarget(atPath: folder + "/file") == nil)
    #expect(ZoneSource.linkTarget(atPath: folder + "/missing") == nil)
  }

  @Test func tzVariable() {
    #expect(live.resolve(tz: "", localtimeLink: nil, localtime: nil) == .utc)
    #expect(live.resolve(tz: ":", localtimeLink: nil, localtime: nil) == .utc)
    let link = "/usr/share/zoneinfo/Asia/Tokyo"
    #expect(
      live.resolve(tz: ":Europe/Istanbul", localtimeLink: link, localtime: nil).identifier
        == "Europe/Istanbul")
    #expect(
      live.resolve(tz: "Europe/Istanbul", localtimeLink: link, localtime: nil).identifier
        == "Europe/Istanbul")
    #expect(
      live.resolve(
        tz: ":/usr/share/zoneinfo/Europe/Istanbul", localtimeLink: nil, localtime: nil
      )
      .identifier == "Europe/Istanbul")
    let posix = live.resolve(
      tz: "EST5EDT,M3.2.0,M11.1.0", localtimeLink: link, localtime: nil)
    #expect(posix.identifier == "EST5EDT,M3.2.0,M11.1.0")
    #expect(posix.secondsFromGMT(for: date(utc(2027, 7, 1))) == -14_400)
    #expect(
      live.resolve(tz: "<+0545>-5:45", localtimeLink: nil, localtime: nil)
        .secondsFromGMT(for: Date()) == 20_700)
    #expect(live.resolve(tz: "Not/AZone", localtimeLink: link, localtime: nil) == .utc)
  }

  @Test func localtimeLinkThenFile() {
    #expect(
      live.resolve(
        tz: nil, localtimeLink: "/usr/share/zoneinfo/Asia/Tokyo", localtime: rule("CET-1")
      )
      .identifier == "Asia/Tokyo")
    #expect(
      live.resolve(
        tz: nil, localtimeLink: "../usr/share/zoneinfo/posix/America/New_York", localtime: nil
      ).identifier == "America/New_York")
    #expect(
      live.resolve(tz: nil, localtimeLink: "/etc/elsewhere", localtime: rule("CET-1")).identifier
        == "CET-1")
    #expect(
      live.resolve(tz: nil, localtimeLink: nil, localtime: rule("<+03>-3"))
        .secondsFromGMT(for: Date()) == 10_800)
    #expect(live.resolve(tz: nil, localtimeLink: nil, localtime: rule("garbage")) == .utc)
    #expect(live.resolve(tz: nil, localtimeLink: nil, localtime: nil) == .utc)
  }

  @Test func zoneNameInPath() {
    #expect(ZoneSource.zoneName(inPath: "/usr/share/zoneinfo/Europe/Istanbul") == "Europe/Istanbul")
    #expect(ZoneSource.zoneName(inPath: "/usr/share/zoneinfo/right/UTC") == "UTC")
    #expect(ZoneSource.zoneName(inPath: "/usr/share/zoneinfo/") == nil)
    #expect(ZoneSource.zoneName(inPath: "/etc/localtime") == nil)
  }

  @Test func machineZoneIsStable() {
    #expect(live.machineZone() == live.machineZone())
    #expect(!live.machineZone().identifier.isEmpty)
  }

  @Test func localtimeFileIsReadWhole() throws {
    let zone = try #require(ZoneSource.localtimeZone(TZifBuilder.istanbulLike.bytes))
    #expect(zone.identifier == "<+03>-3")
    #expect(zone.secondsFromGMT(for: date(utc(2015, 1, 15))) == 7_200)
    #expect(ZoneSource.localtimeZone(Array("garbage".utf8)) == nil)
  }

  @Test("every .live is one source: a zone read through one is known to the next, unread")
  func liveIsShared() throws {
    let name = "America/Argentina/Ushuaia"
    let zone = try #require(ZoneSource.live.zone(named: name))
    // The airline, the airport list and the screens each ask `.live`: one cache for all.
    #expect(ZoneSource.live.cache.zone(named: name) == .some(zone))
  }
}
