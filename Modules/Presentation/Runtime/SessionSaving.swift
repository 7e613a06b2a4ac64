import FlowOwner

/// When to save the session snapshot and what to say about it: saved once per change of the
/// path (a save that failed is tried again at the next change, not on every action), and a
/// failure or a recovery reported once, as an ordinary action sent after the change that caused
/// it has been handled (never from inside it).
public struct SessionSaving: Sendable {
  /// What the header should now say.
  public enum Report: Hashable, Sendable {
    case failed(String)
    case recovered
  }

  /// The snapshot on disk, as far as this process knows.
  public private(set) var saved: BookingSnapshot?
  /// The snapshot whose save failed last, and why.
  public private(set) var failed: (snapshot: BookingSnapshot, reason: String)?

  /// Saving from `saved` on (the snapshot found on disk at start, if any).
  public init(saved: BookingSnapshot?) { self.saved = saved }

  /// Whether `snapshot` should be written now: it differs from the one saved and is not the one
  /// that just failed.
  public func needsSave(_ snapshot: BookingSnapshot) -> Bool {
    snapshot != saved && snapshot != failed?.snapshot
  }

  /// Records the outcome of writing `snapshot` (`error` nil when it worked); returns what to
  /// report, if that changed.
  public mutating func wrote(_ snapshot: BookingSnapshot, error: String?) -> Report? {
    let wasFailing = failed != nil
    let previousReason = failed?.reason
    guard let error else {
      saved = snapshot
      failed = nil
      return wasFailing ? .recovered : nil
    }
    failed = (snapshot, error)
    return error == previousReason ? nil : .failed(error)
  }
}
