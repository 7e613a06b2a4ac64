import Foundation
import Persistence
import Testing

/// `createRootLeavingSync(subfolders:)`: a new data directory's folders made at once, their
/// fsyncs (each new folder's entry in its parent) made by the store's first save, before it
/// writes anything in them.
@Suite("Folders created with their syncs left to the first save")
struct UnsyncedFolderTests {
  @Test("the folders are made and private; the first save syncs their parents, outermost first")
  func firstSaveSyncs() throws {
    try Scratch.run { scratch in
      let store = RecordStore(root: scratch.root + "/a", now: { Scratch.now })
      try store.createRootLeavingSync(subfolders: ["session"])
      #expect(
        store.unsyncedFolders == [scratch.path, scratch.root, scratch.root + "/a"])
      #expect(scratch.mode(of: "a") == 0o700)
      #expect(scratch.mode(of: "a/session") == 0o700)
      // A copy (as the airline keeps) shares them: its save syncs them for every copy.
      let copy = store
      try copy.save(1, id: "x", kind: Kinds.offers)
      #expect(store.unsyncedFolders.isEmpty)
      // Made before by this process: nothing is left to sync.
      try store.createRootLeavingSync(subfolders: ["session"])
      #expect(store.unsyncedFolders.isEmpty)
    }
  }

  @Test(
    "folders an earlier start made (and may have been killed before syncing) are synced in their parents once by the next process"
  )
  func foldersOfAKilledStart() throws {
    try Scratch.run { scratch in
      // The first start: folders made, killed before its first save synced them.
      try RecordStore(root: scratch.root + "/a", now: { Scratch.now })
        .createRootLeavingSync(subfolders: ["session"])
      let next = RecordStore(root: scratch.root + "/a", now: { Scratch.now })
      try next.createRootLeavingSync(subfolders: ["session"])
      #expect(next.unsyncedFolders == [scratch.root, scratch.root + "/a"])
      try next.save(1, id: "x", kind: Kinds.offers)
      #expect(next.unsyncedFolders.isEmpty)
      try next.createRootLeavingSync(subfolders: ["session"])
      #expect(next.unsyncedFolders.isEmpty)
    }
  }

  @Test(
    "synced ahead of the first save, on a thread of its own (a start does it beside its other work), or left to the save when that fails"
  )
  func syncedAhead() throws {
    try Scratch.run { scratch in
      let store = RecordStore(root: scratch.root + "/a", now: { Scratch.now })
      try store.createRootLeavingSync(subfolders: ["session"])
      store.syncNewFoldersAhead()
      // The save waits for it: nothing is left to sync, whichever came first.
      try store.save(1, id: "x", kind: Kinds.offers)
      #expect(store.unsyncedFolders.isEmpty)

      let gone = RecordStore(root: scratch.root + "/b/c", now: { Scratch.now })
      try gone.createRootLeavingSync()
      try FileManager.default.removeItem(atPath: scratch.root + "/b")
      gone.syncNewFoldersAhead()
      #expect(throws: StoreError.self) { try gone.save(1, id: "x", kind: Kinds.offers) }
      #expect(gone.unsyncedFolders == [scratch.root + "/b"])
      try FileManager.default.createDirectory(
        atPath: scratch.root + "/b", withIntermediateDirectories: true)
      try gone.save(1, id: "x", kind: Kinds.offers)
      #expect(gone.unsyncedFolders.isEmpty)
    }
  }

  @Test("a sync that fails fails the save, writes nothing, and is tried again at the next")
  func failureKeepsTheRest() throws {
    try Scratch.run { scratch in
      let store = RecordStore(root: scratch.root + "/a", now: { Scratch.now })
      try store.createRootLeavingSync()
      try FileManager.default.removeItem(atPath: scratch.root)
      #expect(throws: StoreError.self) { try store.save(1, id: "x", kind: Kinds.offers) }
      // The test's own directory was synced; its child `data`, gone, was not.
      #expect(store.unsyncedFolders == [scratch.root])
      #expect(!FileManager.default.fileExists(atPath: scratch.root))
      try FileManager.default.createDirectory(
        atPath: scratch.root, withIntermediateDirectories: true)
      try store.save(1, id: "x", kind: Kinds.offers)
      #expect(store.unsyncedFolders.isEmpty)
    }
  }
}
