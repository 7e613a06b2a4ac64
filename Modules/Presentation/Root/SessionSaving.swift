import FlowOwner

/// When to save the session snapshot and what to say about it: saved once per change of the
/// path (a save that failed is tried again at the next change, not on every action), and a
/// failure or a recovery reported once. Part of the root's state: the root asks for a save with
/// a command and learns its outcome from an action.
public struct SessionSaving: Hashable, Sendable {
  /// What the header should now say.
  public enum Report: Hashable, Sendable {
    case failed(String)
    case recovered
  }

  /// The snapshot on disk, as far as this process knows.
  public private(set) var saved: BookingSnapshot?
  /// The snapshot whose save failed last, and why.
  public private(set) var failed: Failure?
  /// The snapshot asked to be saved, whose outcome has not come back yet.
  public private(set) var pending: BookingSnapshot?

  /// A save that failed, and why.
  public struct Failure: Hashable, Sendable {
    public let snapshot: BookingSnapshot
    public let reason: String
  }

  /// Saving from `saved` on (the snapshot found on disk at start, if any).
  public init(saved: BookingSnapshot?) { self.saved = saved }

  /// Whether `snapshot` should be written now: it differs from the one saved and is not the one
  /// that just failed.
  public func needsSave(_ snapshot: BookingSnapshot) -> Bool {
    snapshot != saved && snapshot != failed?.snapshot && snapshot != pending
  }

  /// Notes that `snapshot` is being saved: it is not asked for again until its outcome is in.
  public mutating func willSave(_ snapshot: BookingSnapshot) { pending = snapshot }

  /// Notes that the save under way was not made after all: its snapshot may be asked for again.
  public mutating func abandonPending() { pending = nil }

  /// Records the outcome of writing `snapshot` (`error` nil when it worked); returns what to
  /// report, if that changed.
  public mutating func wrote(_ snapshot: BookingSnapshot, error: String?) -> Report? {
    let wasFailing = failed != nil
    let previousReason = failed?.reason
    if pending == snapshot { pending = nil }
    guard let error else {
      saved = snapshot
      failed = nil
      return wasFailing ? .recovered : nil
    }
    failed = Failure(snapshot: snapshot, reason: error)
    return error == previousReason ? nil : .failed(error)
  }
}
