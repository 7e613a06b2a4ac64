import FlowOwner
import Persistence
import Testing

@Suite("The session record")
struct SessionRecordTests {
  @Test("The saved session is session/snapshot.json with schema 1, as the app has written it")
  func kindAndID() throws {
    #expect(
      RecordKind.session(schema: BookingSnapshot.schema) == RecordKind(folder: "session", schema: 1)
    )
    #expect(RecordKind.snapshotID == "snapshot")
    let store = RecordStore(root: "/data")
    #expect(
      try store.relativePath(
        id: RecordKind.snapshotID, kind: RecordKind.session(schema: BookingSnapshot.schema))
        == "session/snapshot.json")
  }
}
