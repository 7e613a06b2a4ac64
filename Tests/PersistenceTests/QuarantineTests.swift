import Foundation
import Persistence
import Testing

@Suite("Quarantining files that cannot be decoded")
struct QuarantineTests {
  struct Damage: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    var testDescription: String { name }

    init(name: String, bytes: [UInt8]) {
      self.name = name
      self.bytes = bytes
    }

    init(name: String, text: String) {
      self.init(name: name, bytes: Array(text.utf8))
    }
  }

  static let damages: [Damage] = [
    Damage(name: "truncated", bytes: Array(#"{"data": {"reference": "AB"#.utf8)),
    Damage(name: "garbage", bytes: Array("hello, world".utf8)),
    Damage(name: "empty", bytes: []),
    Damage(name: "invalid UTF-8", bytes: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]),
    Damage(name: "binary noise", bytes: (0..<64).map { UInt8(($0 * 37 + 11) % 256) }),
    Damage(
      name: "wrong types",
      text: #"{"data": {"reference": 7}, "kind": "quotes", "schema": 2}"#
    ),
    Damage(name: "no envelope", text: #"{"reference": "ABC123"}"#),
    Damage(name: "schema as string", text: #"{"data": 1, "kind": "quotes", "schema": "2"}"#),
    Damage(name: "kind mismatch", text: #"{"data": 1, "kind": "offers", "schema": 2}"#),
    Damage(name: "schema zero", text: #"{"data": 1, "kind": "quotes", "schema": 0}"#),
    Damage(
      name: "deep nesting",
      bytes: Array(#"{"kind": "quotes", "schema": 2, "data": "#.utf8)
        + Array(repeating: UInt8(ascii: "["), count: 100_000)
        + Array(repeating: UInt8(ascii: "]"), count: 100_000) + [UInt8(ascii: "}")]
    ),
  ]

  @Test(
    "A damaged file is moved aside, named by the clock, bytes kept, reported",
    arguments: damages
  )
  func quarantined(damage: Damage) throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try scratch.write(damage.bytes, to: "quotes/q-1.json")
      let movedTo = "quotes/q-1.json.corrupt-\(Scratch.stamp)"

      let error = try #require(throws: StoreError.self) {
        try store.load(Itinerary.self, id: "q-1", kind: Kinds.quotes)
      }
      guard case .corrupt(let path, let reason, let moved) = error else {
        Issue.record("Expected corrupt, got \(error)")
        return
      }
      #expect(path == "quotes/q-1.json")
      #expect(moved == movedTo)
      #expect(!reason.isEmpty && !reason.contains("\n"))
      #expect(error.description.hasPrefix("quotes/q-1.json could not be read ("))
      #expect(error.description.hasSuffix(") and was moved aside to \(movedTo)."))
      #expect(!error.description.contains("\n"))
      #expect(scratch.exists("quotes/q-1.json") == false)
      #expect(try scratch.bytes(at: movedTo) == damage.bytes)
      #expect(try store.ids(of: Kinds.quotes).isEmpty)
      #expect(throws: StoreError.notFound(path: "quotes/q-1.json")) {
        try store.load(Itinerary.self, id: "q-1", kind: Kinds.quotes)
      }
    }
  }

  @Test("Reasons say what is wrong in plain words")
  func reasons() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      let cases: [(String, String)] = [
        ("", "the file is empty"),
        (#"{"data": {"#, "not valid JSON: unexpected end of file at line 1, column 11"),
        (#"{"data": 1, "kind": "offers", "schema": 2}"#, "it holds kind 'offers', not 'quotes'"),
        (#"{"kind": "quotes", "schema": 2}"#, "missing field 'data' at the top level"),
      ]
      for (index, (text, reason)) in cases.enumerated() {
        try scratch.write(text, to: "quotes/r\(index).json")
        #expect {
          try store.load(Itinerary.self, id: "r\(index)", kind: Kinds.quotes)
        } throws: { error in
          guard case .corrupt(_, let found, _) = error as? StoreError else { return false }
          return found == reason
        }
      }
    }
  }

  @Test("A second quarantine in the same second gets -2, then -3, never overwriting")
  func sameSecondQuarantines() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      let base = "quotes/q-1.json.corrupt-\(Scratch.stamp)"
      for (round, expected) in [base, base + "-2", base + "-3"].enumerated() {
        try scratch.write("broken \(round)", to: "quotes/q-1.json")
        #expect {
          try store.load(Itinerary.self, id: "q-1", kind: Kinds.quotes)
        } throws: { error in
          guard case .corrupt(_, _, let moved) = error as? StoreError else { return false }
          return moved == expected
        }
      }
      #expect(try scratch.bytes(at: base) == Array("broken 0".utf8))
      #expect(try scratch.bytes(at: base + "-2") == Array("broken 1".utf8))
      #expect(try scratch.bytes(at: base + "-3") == Array("broken 2".utf8))
    }
  }

  @Test("A file over 8 MiB is quarantined without being decoded")
  func oversized() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try scratch.write("", to: "quotes/big.json")
      let size = RecordStore.defaultMaxRecordBytes + 1
      #expect(FileModes.makeSparseFile(scratch.root + "/quotes/big.json", size: size))
      let movedTo = "quotes/big.json.corrupt-\(Scratch.stamp)"
      #expect(
        throws: StoreError.corrupt(
          path: "quotes/big.json",
          reason: "it is \(size) bytes, over the \(RecordStore.defaultMaxRecordBytes)-byte limit",
          movedTo: movedTo
        )
      ) {
        try store.load(Itinerary.self, id: "big", kind: Kinds.quotes)
      }
      #expect(scratch.exists("quotes/big.json") == false)
      #expect(scratch.exists(movedTo))
    }
  }

  @Test("A symbolic link in place of a record is moved aside, not followed")
  func symlinkNotFollowed() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try store.save(Itinerary.sample(), id: "real", kind: Kinds.quotes)
      #expect(FileModes.makeSymlink("real.json", at: scratch.root + "/quotes/link.json"))
      #expect(
        throws: StoreError.corrupt(
          path: "quotes/link.json",
          reason: "it is a symbolic link",
          movedTo: "quotes/link.json.corrupt-\(Scratch.stamp)"
        )
      ) {
        try store.load(Itinerary.self, id: "link", kind: Kinds.quotes)
      }
      #expect(try store.load(Itinerary.self, id: "real", kind: Kinds.quotes) == .sample())
    }
  }

  @Test("A record whose loaded type no longer fits is reported with the field's path")
  func fieldPathInReason() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try store.save(["legs": [["from": "LHR"]]], id: "q-1", kind: Kinds.quotes)
      #expect {
        try store.load(Itinerary.self, id: "q-1", kind: Kinds.quotes)
      } throws: { error in
        guard case .corrupt(_, let reason, _) = error as? StoreError else { return false }
        return reason.hasPrefix("missing field") && reason.hasSuffix("at data")
      }
    }
  }
}
