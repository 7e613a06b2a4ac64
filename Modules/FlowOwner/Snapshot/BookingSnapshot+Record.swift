import Persistence

extension BookingSnapshot {
  /// How the saved session is stored: in the `session` folder, schema 1. A program that saves a
  /// snapshot with this kind and `recordID` in the app's data directory is resumed by the app.
  public static let recordKind = RecordKind.session(schema: 1)

  /// The ID of the one saved snapshot: the file `session/snapshot.json`.
  public static let recordID = RecordKind.snapshotID
}
