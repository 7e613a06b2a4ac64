/// The rules a record ID must meet before it becomes a file name.
public enum RecordID {
  /// Longest accepted ID, in characters.
  public static let maxLength = NameProblem.maxLength

  /// Whether `id` is 1...128 ASCII letters, digits, `-`, `_`, `.`, not starting with `.` or
  /// containing `..`.
  public static func isValid(_ id: String) -> Bool {
    NameProblem.find(in: id) == nil
  }

  /// Throws `StoreError.invalidID` unless `id` is valid.
  public static func validate(_ id: String) throws(StoreError) {
    guard isValid(id) else { throw .invalidID(id) }
  }
}
