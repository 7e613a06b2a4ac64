import Persistence
import Testing

@Suite("Missing records")
struct MissingRecordTests {
  @Test("Loading a missing record is notFound, not corrupt, and creates nothing")
  func notFound() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      #expect(throws: StoreError.notFound(path: "offers/o-9.json")) {
        try store.load(Itinerary.self, id: "o-9", kind: Kinds.offers)
      }
      let present = try store.loadIfPresent(Itinerary.self, id: "o-9", kind: Kinds.offers)
      #expect(present == nil)
      #expect(try store.exists(id: "o-9", kind: Kinds.offers) == false)
      #expect(try store.ids(of: Kinds.offers).isEmpty)
      #expect(scratch.allPaths().isEmpty)
      let message = StoreError.notFound(path: "offers/o-9.json").description
      #expect(message == "offers/o-9.json was not found.")
    }
  }

  @Test("loadIfPresent returns a present record and still reports corruption")
  func loadIfPresent() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try store.save(Itinerary.sample(), id: "o-1", kind: Kinds.offers)
      #expect(try store.loadIfPresent(Itinerary.self, id: "o-1", kind: Kinds.offers) == .sample())
      try scratch.write("nope", to: "offers/o-2.json")
      #expect(throws: StoreError.self) {
        try store.loadIfPresent(Itinerary.self, id: "o-2", kind: Kinds.offers)
      }
    }
  }
}
