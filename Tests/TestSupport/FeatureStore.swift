import Runtime
import Testing

/// A feature's state with what the last action sent or received made of it: whether the feature
/// used it and what the step produced for the flow owner. A feature's `TestStore` holds this,
/// so a test states each action's reply along with its change to the state.
public struct FeatureState<Feature: Equatable, Output: Equatable>: Equatable {
  /// The feature's state.
  public var state: Feature
  /// Whether the feature used the last action (`FeatureReply.handled`).
  public var handled: Bool
  /// What the last action produced (`FeatureReply.output`), nil when it produced nothing.
  public var output: Output?

  /// `state`, before any action.
  public init(_ state: Feature, handled: Bool = true, output: Output? = nil) {
    self.state = state
    self.handled = handled
    self.output = output
  }
}

extension TestStore {
  /// An exhaustive store for one feature whose reducer is `reduce`: each action's change to the
  /// feature's state, whether it was used and what it produced are all stated, and its effect's
  /// actions received.
  public static func feature<Feature: Equatable, Output: Equatable>(
    _ state: Feature, sourceLocation: SourceLocation = #_sourceLocation,
    reduce: @escaping (inout Feature, Action) -> FeatureReply<Action, Output>
  ) -> TestStore where State == FeatureState<Feature, Output> {
    TestStore(FeatureState(state), sourceLocation: sourceLocation) { feature, action in
      let reply = reduce(&feature.state, action)
      feature.handled = reply.handled
      feature.output = reply.output
      return reply.effect
    }
  }
}
