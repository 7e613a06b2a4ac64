import Persistence
import Testing

@Suite("Record IDs as file names")
struct RecordIDTests {
  /// An ID shown escaped in test output, so NUL and newlines do not garble the report.
  struct HostileID: Sendable, CustomTestStringConvertible {
    let id: String
    var testDescription: String { id.debugDescription }
  }

  static let hostile = [
    "../x", "a/b", ".", "..", "", "a\u{0}b", "x\ny", String(repeating: "a", count: 200),
    "café", "a\\b", "a b", ".hidden", "a..b", "\u{7F}", "x\t", "／etc", "q-1.json/../../x",
  ].map(HostileID.init)

  @Test("Path tricks are refused for every operation and nothing is created", arguments: hostile)
  func refused(hostile: HostileID) throws {
    let id = hostile.id
    try Scratch.run { scratch in
      let store = scratch.store()
      #expect(throws: StoreError.invalidID(id)) { try store.save(1, id: id, kind: Kinds.offers) }
      #expect(throws: StoreError.invalidID(id)) {
        try store.load(Int.self, id: id, kind: Kinds.offers)
      }
      #expect(throws: StoreError.invalidID(id)) { try store.exists(id: id, kind: Kinds.offers) }
      #expect(throws: StoreError.invalidID(id)) { try store.delete(id: id, kind: Kinds.offers) }
      #expect(scratch.allPaths().isEmpty)
    }
  }

  @Test("Ordinary IDs up to 128 characters are accepted")
  func accepted() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      let ids = ["a", "Q-1_x.2", "0", String(repeating: "z", count: 128), "a.b.c", "x."]
      for id in ids { try store.save(id, id: id, kind: Kinds.offers) }
      #expect(try store.ids(of: Kinds.offers) == ids.sorted())
    }
  }

  @Test("The message names the ID, escaped, and the rule it breaks")
  func messages() {
    #expect(
      StoreError.invalidID("a/b").description
        == "Record ID 'a/b' is not allowed: only letters, digits, '-', '_' and '.' may be used."
    )
    #expect(
      StoreError.invalidID("x\ny").description
        == "Record ID 'x\\ny' is not allowed: only letters, digits, '-', '_' and '.' may be used."
    )
    #expect(StoreError.invalidID("a\u{0}é").description.hasPrefix("Record ID 'a\\0\\u{E9}'"))
    #expect(
      StoreError.invalidID("..").description
        == "Record ID '..' is not allowed: it may not start with '.'."
    )
    #expect(StoreError.invalidID("").description == "Record ID '' is not allowed: it is empty.")
    let long = StoreError.invalidID(String(repeating: "a", count: 200)).description
    #expect(long.hasSuffix("it is 200 characters long and at most 128 are allowed."))
    #expect(long.count < 200)
    #expect(!long.contains("\n"))
  }

  @Test("A kind whose folder name is unsafe is refused")
  func hostileKind() throws {
    try Scratch.run { scratch in
      let kind = RecordKind(folder: "../escape", schema: 1)
      #expect(throws: StoreError.invalidKind("../escape")) {
        try scratch.store().save(1, id: "x", kind: kind)
      }
      #expect(scratch.allPaths().isEmpty)
    }
  }
}
