import Persistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("I/O failures")
struct IOErrorTests {
  @Test("A file where the kind's folder should be gives an I/O error naming the path")
  func fileInsteadOfFolder() throws {
    try Scratch.run { scratch in
      try scratch.write("not a folder", to: "drafts")
      let store = scratch.store()
      let path = scratch.root + "/drafts/d-1.json"
      let error = try #require(throws: StoreError.self) {
        try store.save(1, id: "d-1", kind: Kinds.drafts)
      }
      #expect(error == .io(operation: "write", path: path, code: ENOTDIR))
      #expect(error.description == "Could not write \(path): Not a directory.")
      #expect(try scratch.bytes(at: "drafts") == Array("not a folder".utf8))
    }
  }

  @Test("A read-only folder gives an I/O error naming the path and the reason")
  func readOnlyFolder() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try store.save(1, id: "d-1", kind: Kinds.drafts)
      #expect(FileModes.set(scratch.root + "/drafts", 0o500))
      if FileModes.isRoot {
        // Root writes through permission bits, so there is no refusal to observe.
        try store.save(2, id: "d-1", kind: Kinds.drafts)
      } else {
        let path = scratch.root + "/drafts/d-1.json"
        #expect(throws: StoreError.io(operation: "write", path: path, code: EACCES)) {
          try store.save(2, id: "d-1", kind: Kinds.drafts)
        }
        #expect(try store.load(Int.self, id: "d-1", kind: Kinds.drafts) == 1)
      }
    }
  }

  @Test("A data directory path blocked by a file fails with a message naming it")
  func rootIsFile() throws {
    try Scratch.run { scratch in
      let store = RecordStore(root: scratch.root + "/file/booking", now: { Scratch.now })
      try scratch.write("x", to: "file")
      let error = try #require(throws: StoreError.self) {
        try store.save(1, id: "x", kind: Kinds.offers)
      }
      #expect(error.description.hasPrefix("Could not create folder \(scratch.root)/file/booking"))
      #expect(error.description.hasSuffix(": Not a directory."))
    }
  }
}
