import Foundation
import Persistence
import Synchronization
import Testing

/// `listing(through:)`: the listing of a kind from its index file when the index is current,
/// else from the folder (and the index written again); every durable write of the index cut
/// off leaves a listing that is still the folder's.
@Suite("The listing index")
struct ListingIndexTests {
  let kind = RecordKind(folder: "trips", schema: 1)
  let home = RecordKind(folder: "ledger", schema: 1)
  var index: ListingIndex { ListingIndex(of: kind, in: home) }

  func indexPath(_ scratch: Scratch) -> String { scratch.root + "/ledger/trips.listing" }

  /// Writes record `id` as the airline writes a booking: checked, saved, then its line.
  func write(_ id: String, _ store: RecordStore) throws {
    let current = store.indexIsCurrent(index)
    try store.save(Itinerary.sample(), id: id, kind: kind)
    store.appendToIndex(index, id: id, wasCurrent: current)
  }

  @Test("the same listing as the folder's, newest first; the index answers once written")
  func sameAsFolder() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      #expect(try store.listing(through: index).isEmpty, "no folder yet: nothing, nothing made")
      #expect(!FileManager.default.fileExists(atPath: indexPath(scratch)))
      for id in ["a", "b", "c"] { try store.save(Itinerary.sample(), id: id, kind: kind) }
      // Not current (there is none): the folder answers and the index is written.
      #expect(!store.indexIsCurrent(index))
      #expect(try store.listing(through: index) == (try store.listing(of: kind)))
      #expect(store.indexIsCurrent(index))
      for id in ["d", "e"] { try write(id, store) }
      #expect(store.indexIsCurrent(index), "lines appended to a current index keep it current")
      let listed = try store.listing(through: index)
      #expect(listed == (try store.listing(of: kind)))
      #expect(listed.map(\.id).prefix(2) == ["e", "d"])
      let text = try String(contentsOfFile: indexPath(scratch), encoding: .utf8)
      #expect(text.split(separator: "\n").count == 6, "a header and five lines: \(text)")
    }
  }

  @Test("a current index is read without listing the folder")
  func readsTheIndex() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try write("a", store)
      _ = try store.listing(through: index)
      // An entry only the index has: it is listed, so the folder was not.
      let text = try String(contentsOfFile: indexPath(scratch), encoding: .utf8)
      let last = try #require(text.split(separator: "\n").last)
      let folderTime = try #require(last.split(separator: " ").last)
      try (text + "zz 1000000000 \(folderTime)\n").write(
        toFile: indexPath(scratch), atomically: false, encoding: .utf8)
      #expect(try store.listing(through: index).map(\.id) == ["a", "zz"])
    }
  }

  @Test(
    "a record written, removed or set aside by anything else makes the index stale: rebuilt",
    arguments: ["written", "removed", "moved"])
  func staleIsRebuilt(change: String) throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      for id in ["a", "b"] { try write(id, store) }
      _ = try store.listing(through: index)
      let folder = scratch.root + "/trips/"
      switch change {
      case "written": try store.save(Itinerary.sample(), id: "c", kind: kind)
      case "removed": try store.delete(id: "a", kind: kind)
      default:
        try FileManager.default.moveItem(
          atPath: folder + "a.json", toPath: folder + "a.json.corrupt-x")
      }
      #expect(!store.indexIsCurrent(index))
      #expect(try store.listing(through: index) == (try store.listing(of: kind)))
      #expect(store.indexIsCurrent(index))
    }
  }

  @Test("a torn last line or a damaged index is never read: the folder answers")
  func tornOrDamaged() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      for id in ["a", "b"] { try write(id, store) }
      _ = try store.listing(through: index)
      let good = try String(contentsOfFile: indexPath(scratch), encoding: .utf8)
      for damaged in [String(good.dropLast(3)), good + "c 12", "x y z\n" + good, ""] {
        try damaged.write(toFile: indexPath(scratch), atomically: false, encoding: .utf8)
        #expect(!store.indexIsCurrent(index), "\(damaged)")
        // Appending to it would join a line to the torn one: nothing is appended.
        try write("c", store)
        #expect(try store.listing(through: index) == (try store.listing(of: kind)))
        try store.delete(id: "c", kind: kind)
      }
    }
  }

  /// A store whose `n`-th durable step of `matching` fails before (a crash before it) or after it
  /// happened (a crash right after it); every other step goes through.
  func failing(_ matching: String, after: Bool, scratch: Scratch) -> RecordStore {
    let fail: @Sendable (DurableStep) -> Int32? = { step in
      step.description.hasPrefix(matching) ? EIO : nil
    }
    let observer =
      after
      ? DurableStepObserver(after: fail) : DurableStepObserver(before: fail)
    return RecordStore(root: scratch.root, now: { Scratch.now }, observer: observer)
  }

  @Test(
    "every durable write of the index cut off: the next listing is still the folder's",
    arguments: [
      ("append ledger/trips.listing", false), ("append ledger/trips.listing", true),
      ("replace ledger/trips.listing", false), ("replace ledger/trips.listing", true),
      ("replace trips/", true),
    ])
  func crashPoints(step: String, after: Bool) throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      for id in ["a", "b"] { try write(id, store) }
      _ = try store.listing(through: index)
      // The process that dies: it writes "c" (and, for a rebuild, lists after a foreign write).
      let dying = failing(step, after: after, scratch: scratch)
      if step.hasPrefix("replace ledger") {
        try store.save(Itinerary.sample(), id: "c", kind: kind)
        _ = try? dying.listing(through: index)
      } else {
        let current = dying.indexIsCurrent(index)
        // A save that reports a failure stops the writer before its line, as a crash would.
        if (try? dying.save(Itinerary.sample(), id: "c", kind: kind)) != nil {
          dying.appendToIndex(index, id: "c", wasCurrent: current)
        }
      }
      // The next start.
      let next = scratch.store()
      let listed = try next.listing(through: index)
      #expect(listed == (try next.listing(of: kind)))
      #expect(listed.map(\.id).contains("c"))
      #expect(next.indexIsCurrent(index))
    }
  }

  @Test(
    "dropping the index, killed before or after its removal: the next listing is the folder's",
    arguments: [false, true])
  func dropped(after: Bool) throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      for id in ["a", "b"] { try write(id, store) }
      _ = try store.listing(through: index)
      try store.save(Itinerary.sample(), id: "c", kind: kind)
      failing("remove ledger/trips.listing", after: after, scratch: scratch).dropIndex(index)
      #expect(FileManager.default.fileExists(atPath: indexPath(scratch)) == !after)
      let next = scratch.store()
      #expect(try next.listing(through: index) == (try next.listing(of: kind)))
      #expect(next.indexIsCurrent(index))
    }
  }
}
