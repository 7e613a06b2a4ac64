import Domain
import Foundation
import Testing

/// How a record names its zones: by name and rule, read back with a plain `JSONDecoder`.
@Suite("Zones in records")
struct RecordedZoneTests {
  @Test("a flight time is written with its zone's name and rule, and read back equal")
  func writtenWithRule() throws {
    let time = ZonedTime(
      instant: Date(timeIntervalSince1970: 1_815_638_400), zone: try RuleZones.zone("Europe/Berlin")
    )
    let json = String(decoding: try JSONEncoder().encode(time), as: UTF8.self)
    #expect(json.contains(#""timeZoneID":"Europe\/Berlin""#))
    #expect(json.contains(#""timeZoneRule":"CET-1CEST,M3.5.0,M10.5.0\/3""#))
    let read = try JSONDecoder().decode(ZonedTime.self, from: Data(json.utf8))
    #expect(read == time)
    #expect(read.hhmm == "10:00")
  }

  @Test("a name the embedded table does not know reads with the rule written beside it")
  func unknownNameWithRule() throws {
    let json = #"{"instant": 0, "timeZoneID": "Mars/Olympus", "timeZoneRule": "<+05>-5"}"#
    let time = try JSONDecoder().decode(ZonedTime.self, from: Data(json.utf8))
    #expect(time.timeZoneID == "Mars/Olympus")
    #expect(time.hhmm == "05:00")
  }

  @Test("a rule other than the table's is the one that counts: the record says what was shown")
  func writtenRuleWins() throws {
    let json = #"{"instant": 0, "timeZoneID": "Europe/Istanbul", "timeZoneRule": "<+04>-4"}"#
    #expect(try JSONDecoder().decode(ZonedTime.self, from: Data(json.utf8)).hhmm == "04:00")
  }

  @Test("an unknown name with no rule, or a rule that does not parse, is a clear domain error")
  func unreadableZones() {
    for json in [
      #"{"instant": 0, "timeZoneID": "Nowhere/Nothing"}"#,
      #"{"instant": 0, "timeZoneID": "Nowhere/Nothing", "timeZoneRule": "not a rule"}"#,
    ] {
      #expect(throws: DomainError.invalidTimeZone("Nowhere/Nothing"), "\(json)") {
        try JSONDecoder().decode(ZonedTime.self, from: Data(json.utf8))
      }
    }
  }
}
