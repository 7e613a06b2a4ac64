import Foundation
import Persistence
import Testing

@Suite("Crash safety of writes")
struct CrashSafetyTests {
  /// What a writer killed between write and rename leaves: half of the new JSON in a temp file.
  static let crashedTemp = ".d-1.json.tmp-4242-9f3a"

  @Test("A writer killed before rename leaves the old record readable and unlisted debris")
  func crashBeforeRename() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try store.save(Itinerary.sample("OLD"), id: "d-1", kind: Kinds.drafts)
      let newBytes = try halfOfNewRecord(scratch)
      try scratch.write(newBytes, to: "drafts/\(Self.crashedTemp)")

      #expect(try store.load(Itinerary.self, id: "d-1", kind: Kinds.drafts) == .sample("OLD"))
      #expect(try store.ids(of: Kinds.drafts) == ["d-1"])
      #expect(scratch.exists("drafts/\(Self.crashedTemp)"))
    }
  }

  @Test("A reader holding the file open during a save still reads the old record, whole")
  func saveReplacesRatherThanRewrites() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try store.save(Itinerary.sample("OLD"), id: "d-1", kind: Kinds.drafts)
      let before = try scratch.bytes(at: "drafts/d-1.json")
      let reader = try #require(FileHandle(forReadingAtPath: scratch.root + "/drafts/d-1.json"))
      defer { try? reader.close() }

      try store.save(Itinerary.sample("NEW"), id: "d-1", kind: Kinds.drafts)

      // Writing in place would change what the open reader sees; a rename cannot.
      #expect(Array(try reader.readToEnd() ?? Data()) == before)
      #expect(try store.load(Itinerary.self, id: "d-1", kind: Kinds.drafts) == .sample("NEW"))
    }
  }

  @Test("A crashed writer's temp file does not block the next save")
  func saveAfterCrash() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try scratch.write("{\"sch", to: "drafts/\(Self.crashedTemp)")
      try store.save(Itinerary.sample("NEW"), id: "d-1", kind: Kinds.drafts)
      #expect(try store.load(Itinerary.self, id: "d-1", kind: Kinds.drafts) == .sample("NEW"))
    }
  }

  @Test("Stale temp files are cleaned by age; young ones and records are kept")
  func cleanStaleTemps() throws {
    try Scratch.run { scratch in
      try scratch.store().save(1, id: "d-1", kind: Kinds.drafts)
      try scratch.write("{", to: "drafts/\(Self.crashedTemp)")
      try scratch.write("{", to: "drafts/d-1.json.corrupt-\(Scratch.stamp)")

      let present = RecordStore(root: scratch.root, now: { Date() })
      #expect(try present.removeStaleTemporaryFiles(of: Kinds.drafts, olderThan: 3600) == 0)
      #expect(scratch.exists("drafts/\(Self.crashedTemp)"))

      let twoHoursLater = RecordStore(root: scratch.root, now: { Date() + 7200 })
      #expect(try twoHoursLater.removeStaleTemporaryFiles(of: Kinds.drafts, olderThan: 3600) == 1)
      #expect(scratch.names(in: "drafts") == ["d-1.json", "d-1.json.corrupt-\(Scratch.stamp)"])
    }
  }

  /// The first half of the bytes a save of the new value would write.
  private func halfOfNewRecord(_ scratch: Scratch) throws -> [UInt8] {
    let other = RecordStore(root: scratch.root + "/elsewhere", now: { Scratch.now })
    try other.save(Itinerary.sample("NEW"), id: "d-1", kind: Kinds.drafts)
    let full = try scratch.bytes(at: "elsewhere/drafts/d-1.json")
    return Array(full.prefix(full.count / 2))
  }
}
