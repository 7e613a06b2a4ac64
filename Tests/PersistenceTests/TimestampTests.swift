import Foundation
import Testing

@testable import Persistence

/// Dates in records: written as `YYYY-MM-DDTHH:MM:SS.sssZ`, read back to the same instant, and
/// written again unchanged, for every millisecond. The thousands of round trips go through the
/// store's codec in memory (thousands of fsyncs would hold up every other test's disk); one of
/// each kind goes through the store's files.
@Suite("Dates in records")
struct TimestampTests {
  /// The instants of one second, a millisecond apart, in years the app uses and at the edges.
  static let seconds: [Double] = [
    1_795_990_500,  // 2026-11-29
    0,  // 1970-01-01
    -1_000_000_000,  // 1938, before 1970
    4_102_444_799,  // 2099-12-31T23:59:59
    253_402_300_798,  // 9999-12-31T23:59:58
  ]

  @Test("every millisecond is written as itself, and a record read and written again is unchanged")
  func everyMillisecond() throws {
    let template = String(decoding: try RecordCodec.encode(Itinerary.sample()), as: UTF8.self)
    let sample = try #require(Self.departure(in: template))
    for second in Self.seconds {
      var changed: [String] = []
      // Every millisecond of a second this year; every seventh in the others.
      for millisecond in stride(from: 0, to: 1000, by: second == Self.seconds[0] ? 1 : 7) {
        let date = Date(timeIntervalSince1970: second + Double(millisecond) / 1000)
        // As written from a date in memory: the millisecond it holds.
        var record = Itinerary.sample()
        record.departure = date
        let written = try #require(Self.departure(in: try Self.encoded(record)))
        if !written.hasSuffix(String(format: ".%03dZ", millisecond)) {
          changed.append("\(second)+\(millisecond) ms written as \(written)")
        }
        // As read from a file and written again: the same text.
        let file = Data(template.replacingOccurrences(of: sample, with: written).utf8)
        let loaded = try RecordCodec.decode(Itinerary.self, from: file)
        if (loaded.departure.timeIntervalSince1970 - date.timeIntervalSince1970).magnitude
          >= 0.000_5
        {
          changed.append("\(written) read as \(loaded.departure.timeIntervalSince1970)")
        }
        let again = try #require(Self.departure(in: try Self.encoded(loaded)))
        if again != written { changed.append("\(written) read and written as \(again)") }
      }
      #expect(changed.count == 0, "\(changed.count) changed, such as \(changed.prefix(3))")
    }
  }

  @Test("a record file read and saved again through the store keeps its dates' text")
  func throughTheStore() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      let write = try Self.recordFile(in: scratch, through: store)
      // Milliseconds whose nearest `Double` is a hair below them.
      for written in ["2026-11-29T22:15:00.124Z", "2026-12-24T06:30:00.002Z"] {
        try write(written)
        let loaded = try store.load(Itinerary.self, id: "q-1", kind: Kinds.quotes)
        try store.save(loaded, id: "q-1", kind: Kinds.quotes)
        #expect(Self.departure(in: try Self.text(scratch)) == written)
      }
    }
  }

  @Test("the text is UTC with milliseconds, rounded down, in years 1583 to 9999")
  func text() throws {
    let cases: [(Double, String)] = [
      (1_795_990_500.125, "2026-11-29T22:15:00.125Z"),
      (1_795_990_500.1259, "2026-11-29T22:15:00.125Z"),
      (-0.0004, "1969-12-31T23:59:59.999Z"),
      (-0.1234, "1969-12-31T23:59:59.876Z"),
      (951_782_400, "2000-02-29T00:00:00.000Z"),
      (-12_212_553_600, "1583-01-01T00:00:00.000Z"),
      (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
    ]
    for (seconds, expected) in cases {
      var record = Itinerary.sample()
      record.departure = Date(timeIntervalSince1970: seconds)
      #expect(Self.departure(in: try Self.encoded(record)) == expected, "\(seconds)")
    }
  }

  @Test("other ISO 8601 forms still load; a date in none fails the load")
  func otherForms() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      let write = try Self.recordFile(in: scratch, through: store)
      let forms: [(String, Double)] = [
        ("2026-11-29T22:15:00Z", 1_795_990_500),
        ("2026-11-29T22:15:00.1Z", 1_795_990_500.1),
        ("2026-11-29T23:15:00.125+01:00", 1_795_990_500.125),
        ("2026-11-29T22:15:00.125Z", 1_795_990_500.125),
      ]
      for (form, seconds) in forms {
        try write(form)
        let loaded = try store.load(Itinerary.self, id: "q-1", kind: Kinds.quotes)
        #expect(
          abs(loaded.departure.timeIntervalSince1970 - seconds) < 0.000_5, "\(form)")
      }
      for bad in ["2026-13-29T22:15:00.125Z", "2026-11-29T22:15:00.12xZ", "tomorrow"] {
        try write(bad)
        #expect(throws: StoreError.self, "\(bad)") {
          try store.load(Itinerary.self, id: "q-1", kind: Kinds.quotes, policy: .keepInPlace)
        }
      }
    }
  }

  /// Saves the sample record as `quotes/q-1.json`, and returns what writes that file again with
  /// another text for its `departure`.
  static func recordFile(in scratch: Scratch, through store: RecordStore) throws -> (String) throws
    -> Void
  {
    try store.save(Itinerary.sample(), id: "q-1", kind: Kinds.quotes)
    let template = try text(scratch)
    let sample = try #require(departure(in: template))
    return { departure in
      try scratch.write(
        template.replacingOccurrences(of: sample, with: departure), to: "quotes/q-1.json")
    }
  }

  static func encoded(_ record: Itinerary) throws -> String {
    String(decoding: try RecordCodec.encode(record), as: UTF8.self)
  }

  static func text(_ scratch: Scratch) throws -> String {
    String(decoding: try scratch.bytes(at: "quotes/q-1.json"), as: UTF8.self)
  }

  /// The `departure` value in a record file's text.
  static func departure(in text: String) -> String? {
    guard let key = text.range(of: #""departure" : ""#) else { return nil }
    let rest = text[key.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }
}
