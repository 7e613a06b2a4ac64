/// A kind of record: the folder its files live in and the schema version this binary writes.
public struct RecordKind: Hashable, Sendable {
  /// Folder name under the data directory (e.g. `quotes`); also the envelope's `kind`.
  public let folder: String
  /// Schema this binary writes and the newest it reads; newer files are refused, not guessed at.
  public let schema: Int

  /// A kind stored in `folder`, written with schema version `schema`; versions start at 1, and
  /// anything lower is taken as 1 rather than trapping.
  public init(folder: String, schema: Int) {
    self.folder = folder
    self.schema = max(1, schema)
  }
}

extension RecordKind {
  /// ID of the one session snapshot record, stored as `session/snapshot.json`.
  public static let snapshotID = "snapshot"

  /// The kind of the session snapshot, kept in the `session` folder.
  public static func session(schema: Int) -> RecordKind {
    RecordKind(folder: "session", schema: schema)
  }
}
