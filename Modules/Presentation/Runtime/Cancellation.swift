/// Which running work a change of the path cancels: work tagged with a step that is no longer on
/// the path. Work tagged with no step (the root's own) is never cancelled by a step leaving.
/// `Store` applies this after every action, and the tests' `TestStore` applies the same rule.
public enum Cancellation {
  /// Whether work tagged `tag` stops when only the steps in `alive` remain.
  public static func cancels(_ tag: Int?, alive: Set<Int>) -> Bool {
    guard let tag else { return false }
    return !alive.contains(tag)
  }
}

extension RootFeature.State {
  /// The tags of the steps on the path: their work may run on.
  public var aliveTags: Set<Int> { Set(steps.map(\.id.rawValue)) }
}
