/// A point at which a write becomes visible on disk: where a crash (or a full disk) leaves the
/// next start a different state. A record's temp file, its write and its fsync come before the
/// step and are invisible until it happens.
public enum DurableStep: Hashable, Sendable, CustomStringConvertible {
  /// The rename that makes the new version of a record visible (its path relative to the data
  /// directory, e.g. `bookings/K7Q2ZP.json`).
  case replace(String)
  /// The removal of a record.
  case remove(String)
  /// A line added at the end of an index file (its path relative to the data directory).
  case append(String)

  public var description: String {
    switch self {
    case .replace(let path): "replace \(path)"
    case .remove(let path): "remove \(path)"
    case .append(let path): "append \(path)"
    }
  }
}

/// Watches every durable step of a store: for the crash-point harness (which stops the process
/// at the n-th step) and for tests that make the n-th step fail as a full disk would.
public struct DurableStepObserver: Sendable {
  /// Called just before a step; an errno returned makes the step fail with it, as the disk would.
  public let before: @Sendable (DurableStep) -> Int32?
  /// Called just after a step has happened; an errno returned makes the write report that
  /// failure although the step happened, as a failed fsync of the folder would (EIO).
  public let after: @Sendable (DurableStep) -> Int32?

  /// An observer of `before` and `after` each step.
  public init(
    before: @escaping @Sendable (DurableStep) -> Int32? = { _ in nil },
    after: @escaping @Sendable (DurableStep) -> Int32? = { _ in nil }
  ) {
    self.before = before
    self.after = after
  }
}

/// What a read does with a file that is not a valid record.
public enum CorruptRecordPolicy: Hashable, Sendable {
  /// Renames it to `<name>.corrupt-<UTC time>`: the record is gone, its bytes are kept.
  case moveAside
  /// Copies its bytes to `<name>.corrupt-<UTC time>` and leaves it where it is, for records that
  /// guard money: a guard's name must never be empty before the caller has found out, from other
  /// records, what it guarded. The caller then replaces or removes it. A file whose bytes cannot
  /// be read safely (a symbolic link, a FIFO, an oversized file) is left alone and not copied.
  case keepInPlace
  /// Leaves the file as it is and copies nothing: for a reader that may not write (another
  /// process holds the data directory's ledger). Throws `corruptKept` with no copy.
  case report
}
