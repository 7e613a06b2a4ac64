extension BookingSnapshot {
  /// The schema version of the saved snapshot this library writes and reads. A program that
  /// saves a snapshot as `RecordKind.session(schema: BookingSnapshot.schema)` with the ID
  /// `RecordKind.snapshotID` (Persistence) in the app's data directory is resumed by the app.
  /// FlowOwner names only the number, so it stays free of Persistence (it depends on Domain and
  /// Airline alone).
  public static let schema = 1
}
