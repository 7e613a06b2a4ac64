import Persistence
import Testing

@Suite("File and folder permissions")
struct PermissionTests {
  @Test("The data directory and kind folders are 0700, record files 0600")
  func modes() throws {
    try Scratch.run { scratch in
      try scratch.store().save(Itinerary.sample(), id: "d-1", kind: Kinds.drafts)
      #expect(scratch.mode(of: "") == 0o700)
      #expect(scratch.mode(of: "drafts") == 0o700)
      #expect(scratch.mode(of: "drafts/d-1.json") == 0o600)
    }
  }

  @Test("Missing parents of the data directory are created, private")
  func nestedRoot() throws {
    try Scratch.run { scratch in
      let store = RecordStore(root: scratch.root + "/a/b/booking/", now: { Scratch.now })
      try store.save(1, id: "x", kind: Kinds.offers)
      #expect(scratch.mode(of: "a/b") == 0o700)
      #expect(scratch.mode(of: "a/b/booking/offers/x.json") == 0o600)
    }
  }

  @Test("Rewriting a record that someone made world-readable makes it 0600 again")
  func rewriteRestoresMode() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      try store.save(1, id: "x", kind: Kinds.offers)
      #expect(FileModes.set(scratch.root + "/offers/x.json", 0o644))
      try store.save(2, id: "x", kind: Kinds.offers)
      #expect(scratch.mode(of: "offers/x.json") == 0o600)
    }
  }
}
