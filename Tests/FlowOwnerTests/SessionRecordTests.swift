import FlowOwner
import Persistence
import Testing

@Suite("The session record")
struct SessionRecordTests {
  @Test("The saved session is session/snapshot.json with schema 1, as the app has written it")
  func kindAndID() throws {
    #expect(BookingSnapshot.recordKind == RecordKind(folder: "session", schema: 1))
    #expect(BookingSnapshot.recordID == "snapshot")
    let store = RecordStore(root: "/data")
    #expect(
      try store.relativePath(id: BookingSnapshot.recordID, kind: BookingSnapshot.recordKind)
        == "session/snapshot.json")
  }
}
