import Foundation
import Persistence
import Testing

/// `createRootLeavingSync()`: a new data directory's folders made at once, their fsyncs (each
/// folder's entry in its parent) left to the caller, who runs them before writing in them.
@Suite("Folders created with their syncs left for later")
struct UnsyncedFolderTests {
  @Test("the folders are made and private; their parents are named outermost first")
  func leavesTheSyncs() throws {
    try Scratch.run { scratch in
      let store = RecordStore(root: scratch.root + "/a/b", now: { Scratch.now })
      var unsynced = try store.createRootLeavingSync()
      #expect(unsynced.parents == [scratch.path, scratch.root, scratch.root + "/a"])
      #expect(scratch.mode(of: "") == 0o700)
      #expect(scratch.mode(of: "a/b") == 0o700)
      try unsynced.sync()
      #expect(unsynced.isEmpty)
      // Made before: nothing is left to sync.
      #expect(try store.createRootLeavingSync().isEmpty)
    }
  }

  @Test("a sync that fails keeps the rest, to be tried again")
  func failureKeepsTheRest() throws {
    try Scratch.run { scratch in
      let store = RecordStore(root: scratch.root + "/a", now: { Scratch.now })
      var unsynced = try store.createRootLeavingSync()
      var session = try RecordStore(root: scratch.root + "/a/session").createRootLeavingSync()
      session.append(unsynced)
      unsynced.append(session)
      #expect(unsynced.parents == [scratch.path, scratch.root, scratch.root + "/a"])
      try FileManager.default.removeItem(atPath: scratch.root)
      #expect(throws: StoreError.self) { try unsynced.sync() }
      #expect(unsynced.parents == [scratch.root, scratch.root + "/a"])
    }
  }
}
