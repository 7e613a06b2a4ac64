#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every failure of a `RecordStore`, each rendered as one line a person can read.
///
/// Record paths (`quotes/q-1.json`) are relative to the data directory; I/O paths are absolute
/// because the person fixing permissions or disk space needs the real location.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The ID cannot become a file name (IDs may come from a deep link typed by anyone).
  case invalidID(String)
  /// The kind's folder name cannot become a folder name.
  case invalidKind(String)
  /// No record exists at `path`.
  case notFound(path: String)
  /// A newer binary wrote the file; it is left in place for that binary.
  case newerSchema(path: String, found: Int, supported: Int)
  /// The file could not be decoded and was moved aside to `movedTo`.
  case corrupt(path: String, reason: String, movedTo: String)
  /// The file could not be decoded, and moving it aside failed with errno `code`.
  case corruptNotMoved(path: String, reason: String, code: Int32)
  /// The file could not be decoded; it was left in place (a record guarding money) and its bytes
  /// copied to `copiedTo` (nil when they could not be read safely: a link, a FIFO, a huge file).
  case corruptKept(path: String, reason: String, copiedTo: String?)
  /// The encoded record would exceed the store's size limit, so it was not written.
  case tooLarge(path: String, bytes: Int, limit: Int)
  /// The value has no JSON form (for example a non-finite `Double`), so it was not written.
  case unencodable(path: String, reason: String)
  /// A system call failed: `operation` is a verb phrase, `code` the errno.
  case io(operation: String, path: String, code: Int32)

  /// The one-line message for a person.
  public var description: String {
    switch self {
    case .invalidID(let id):
      "Record ID \(id.quotedForDisplay) is not allowed: \(Self.explain(id))."
    case .invalidKind(let folder):
      "Record kind \(folder.quotedForDisplay) is not allowed: \(Self.explain(folder))."
    case .notFound(let path):
      "\(path) was not found."
    case .newerSchema(let path, let found, let supported):
      "\(path) was written by a newer version (schema \(found); this app reads up to \(supported))."
    case .corrupt(let path, let reason, let movedTo):
      "\(path) could not be read (\(reason)) and was moved aside to \(movedTo)."
    case .corruptNotMoved(let path, let reason, let code):
      "\(path) could not be read (\(reason)) and could not be moved aside: \(Self.message(code))."
    case .corruptKept(let path, let reason, let copiedTo):
      "\(path) could not be read (\(reason))"
        + (copiedTo.map { "; its bytes were copied to \($0)." } ?? ".")
    case .tooLarge(let path, let bytes, let limit):
      "\(path) was not saved: it would be \(bytes) bytes and the limit is \(limit)."
    case .unencodable(let path, let reason):
      "\(path) was not saved: the value has no JSON form (\(reason))."
    case .io(let operation, let path, let code):
      "Could not \(operation) \(path): \(Self.message(code))."
    }
  }

  private static func explain(_ name: String) -> String {
    // Falls back to the character rule if a caller built the error around a valid name.
    (NameProblem.find(in: name) ?? .disallowedCharacter).explanation
  }

  private static func message(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
