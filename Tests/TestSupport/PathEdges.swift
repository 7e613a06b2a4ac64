import FlowOwner
import Synchronization

/// The paths a driven root went through, each with the path it came from, while a test collects
/// them (`current`): how a state drawn by a test was reached, for a test that reaches it again
/// another way (the golden kernel replays a confirmation from the payment it came from).
public final class PathEdges: Sendable {
  /// The edges being collected in this task, if any.
  @TaskLocal public static var current: PathEdges?

  private let parents = Mutex<[[BookingStep]: [BookingStep]]>([:])

  /// Nothing collected yet.
  public init() {}

  /// The path moved from `before` to `after`; the first way to each path is kept.
  public func note(from before: [BookingStep], to after: [BookingStep]) {
    guard before != after else { return }
    parents.withLock { parents in
      if parents[after] == nil { parents[after] = before }
    }
  }

  /// The path `path` was first reached from, if it was seen.
  public func parent(of path: [BookingStep]) -> [BookingStep]? {
    parents.withLock { $0[path] }
  }
}
