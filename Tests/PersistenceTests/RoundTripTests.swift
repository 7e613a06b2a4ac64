import Foundation
import Persistence
import Testing

@Suite("Saving and loading records")
struct RoundTripTests {
  @Test("A saved record loads back equal, dates to the millisecond")
  func roundTrip() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try store.save(Itinerary.sample(), id: "q-1", kind: Kinds.quotes)
      #expect(try store.load(Itinerary.self, id: "q-1", kind: Kinds.quotes) == .sample())
    }
  }

  @Test("The file is a sorted-key envelope with schema, kind and ISO-8601 dates")
  func envelopeOnDisk() throws {
    try Scratch.run { scratch in
      try scratch.store().save(Itinerary.sample(), id: "q-1", kind: Kinds.quotes)
      let bytes = try scratch.bytes(at: "quotes/q-1.json")
      let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
      #expect(object?["schema"] as? Int == 2)
      #expect(object?["kind"] as? String == "quotes")
      let data = object?["data"] as? [String: Any]
      #expect(data?["departure"] as? String == "2026-11-29T22:15:00.125Z")
      let text = String(decoding: bytes, as: UTF8.self)
      let keys = ["\"data\"", "\"kind\"", "\"schema\""].compactMap { text.range(of: $0) }
      #expect(keys.count == 3)
      #expect(keys.map(\.lowerBound) == keys.map(\.lowerBound).sorted())
    }
  }

  @Test("Saving again replaces the record and leaves no temp file behind")
  func overwrite() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try store.save(Itinerary.sample("OLD"), id: "q-1", kind: Kinds.quotes)
      try store.save(Itinerary.sample("NEW"), id: "q-1", kind: Kinds.quotes)
      #expect(try store.load(Itinerary.self, id: "q-1", kind: Kinds.quotes).reference == "NEW")
      #expect(scratch.names(in: "quotes") == ["q-1.json"])
    }
  }

  @Test("The session snapshot lives at session/snapshot.json")
  func sessionSnapshotPath() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      let kind = RecordKind.session(schema: 1)
      try store.save(["step": "payment"], id: RecordKind.snapshotID, kind: kind)
      #expect(scratch.exists("session/snapshot.json"))
      let relative = try store.relativePath(id: RecordKind.snapshotID, kind: kind)
      #expect(relative == "session/snapshot.json")
      let snapshot = try store.load([String: String].self, id: "snapshot", kind: kind)
      #expect(snapshot == ["step": "payment"])
    }
  }

  @Test("IDs are listed sorted, per kind, and delete removes a record idempotently")
  func listAndDelete() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      for id in ["b", "a", "c.2", "C"] { try store.save(1, id: id, kind: Kinds.offers) }
      try store.save(2, id: "other", kind: Kinds.drafts)
      #expect(try store.ids(of: Kinds.offers) == ["C", "a", "b", "c.2"])
      try store.delete(id: "b", kind: Kinds.offers)
      try store.delete(id: "b", kind: Kinds.offers)
      #expect(try store.ids(of: Kinds.offers) == ["C", "a", "c.2"])
      #expect(try store.exists(id: "b", kind: Kinds.offers) == false)
      #expect(try store.exists(id: "a", kind: Kinds.offers))
    }
  }

  @Test("Listing ignores temp files, quarantined files and names that are not record IDs")
  func listingIgnoresNonRecords() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try store.save(1, id: "keep", kind: Kinds.offers)
      for name in [
        ".keep.json.tmp-1-ff", "keep.json.corrupt-\(Scratch.stamp)", "notes.txt", ".hidden.json",
        "bad name.json",
      ] {
        try scratch.write("x", to: "offers/\(name)")
      }
      #expect(try store.ids(of: Kinds.offers) == ["keep"])
    }
  }

  @Test("A value with no JSON form is refused with a typed error and nothing is written")
  func unencodable() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      #expect {
        try store.save([Double.infinity], id: "x", kind: Kinds.offers)
      } throws: { error in
        guard case .unencodable(let path, _) = error as? StoreError else { return false }
        return path == "offers/x.json"
      }
      #expect(scratch.names(in: "offers").isEmpty)
    }
  }

  @Test("A record over the size limit is refused before it is written")
  func tooLargeToSave() throws {
    try Scratch.run { scratch in
      let store = scratch.store(maxRecordBytes: 100)
      #expect {
        try store.save(String(repeating: "x", count: 200), id: "big", kind: Kinds.offers)
      } throws: { error in
        guard case .tooLarge("offers/big.json", let bytes, 100) = error as? StoreError else {
          return false
        }
        return bytes > 200
      }
      #expect(scratch.exists("offers/big.json") == false)
    }
  }
}
