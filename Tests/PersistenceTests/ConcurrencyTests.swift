import Persistence
import Testing

@Suite("Concurrent use")
struct ConcurrencyTests {
  @Test("200 tasks saving and loading leave every record decodable and no temp files")
  func manyTasks() async throws {
    try await Scratch.run { scratch in
      let store = scratch.store()
      let count = 200
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<count {
          group.addTask {
            let id = "r-\(index)"
            try store.save(Itinerary.sample(id), id: id, kind: Kinds.quotes)
            let loaded = try store.load(Itinerary.self, id: id, kind: Kinds.quotes)
            if loaded.reference != id { throw Mismatch(id: id) }
            // Reads of records other tasks may be writing at this moment.
            _ = try store.loadIfPresent(Itinerary.self, id: "r-\(index / 2)", kind: Kinds.quotes)
          }
        }
        try await group.waitForAll()
      }
      let ids = try store.ids(of: Kinds.quotes)
      #expect(ids.count == count)
      for id in ids {
        #expect(try store.load(Itinerary.self, id: id, kind: Kinds.quotes) == .sample(id))
      }
      #expect(scratch.names(in: "quotes").count == count)
    }
  }

  @Test("Two writers racing on one ID leave one of their values, whole")
  func twoWriters() async throws {
    try await Scratch.run { scratch in
      let store = scratch.store()
      let values = [Itinerary.sample("FIRST"), Itinerary.sample("SECOND")]
      try await withThrowingTaskGroup(of: Void.self) { group in
        for value in values {
          group.addTask {
            for _ in 0..<150 { try store.save(value, id: "same", kind: Kinds.drafts) }
          }
        }
        group.addTask {
          // Every read during the race must see a whole record.
          for _ in 0..<600 {
            if let seen = try store.loadIfPresent(Itinerary.self, id: "same", kind: Kinds.drafts),
              !values.contains(seen)
            {
              throw Mismatch(id: "same")
            }
          }
        }
        try await group.waitForAll()
      }
      let final = try store.load(Itinerary.self, id: "same", kind: Kinds.drafts)
      #expect(values.contains(final))
      #expect(scratch.names(in: "drafts") == ["same.json"])
    }
  }

  private struct Mismatch: Error {
    let id: String
  }
}
