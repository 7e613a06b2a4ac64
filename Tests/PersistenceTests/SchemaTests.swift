import Persistence
import Testing

@Suite("Schema versions")
struct SchemaTests {
  @Test("A newer schema is refused naming both versions, and the file stays put")
  func newerRefused() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      let text = #"{"data": {"future": true}, "kind": "drafts", "schema": 3}"#
      try scratch.write(text, to: "drafts/d-1.json")
      let expected = StoreError.newerSchema(path: "drafts/d-1.json", found: 3, supported: 2)
      #expect(throws: expected) { try store.load(Itinerary.self, id: "d-1", kind: Kinds.drafts) }
      #expect(
        expected.description
          == "drafts/d-1.json was written by a newer version (schema 3; this app reads up to 2)."
      )
      #expect(scratch.names(in: "drafts") == ["d-1.json"])
      #expect(try scratch.bytes(at: "drafts/d-1.json") == Array(text.utf8))
      #expect(try store.ids(of: Kinds.drafts) == ["d-1"])
    }
  }

  @Test("A record written by an older schema still loads when its data fits")
  func olderAccepted() throws {
    try Scratch.run { scratch in
      let older = RecordKind(folder: "drafts", schema: 1)
      try scratch.store().save(Itinerary.sample(), id: "d-1", kind: older)
      let loaded = try scratch.store().load(Itinerary.self, id: "d-1", kind: Kinds.drafts)
      #expect(loaded == .sample())
    }
  }
}
