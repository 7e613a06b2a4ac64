import Presentation
import Testing

/// A store for tests in the TCA and isowords manner: each `send` and `receive` states the whole
/// change it makes to the state (anything else that changed fails the test), each effect's
/// action must be received and asserted in turn, and a test that ends with an effect still
/// running fails, whether or not it called `finish`. An effect's cancellations stop running work
/// as the app's `Store` does (the step stack cancels the work of a step that left), so a test
/// sees exactly the replies the app would.
public final class TestStore<State: Equatable, Action: Sendable> {
  /// The state after the last action.
  public private(set) var state: State
  private let reducer: (inout State, Action) -> Effect<Action>
  private var inFlight: [Effect<Action>.Job] = []
  /// Whether each action's whole change to the state must be stated (TCA's exhaustivity). Off
  /// for the root, whose bookkeeping (step IDs, the activity log) a test cannot set: there a
  /// test checks what it names, and the replies and running work are still exhaustive.
  public let exhaustive: Bool
  /// Where the store was made: a test that ends with work running is reported there.
  private let made: SourceLocation
  /// Whether `finish` has checked the running work already.
  private var finished = false

  /// A store at `state` reducing with `reducer`.
  public init(
    _ state: State, exhaustive: Bool = true, sourceLocation: SourceLocation = #_sourceLocation,
    reducer: @escaping (inout State, Action) -> Effect<Action>
  ) {
    self.state = state
    self.exhaustive = exhaustive
    self.made = sourceLocation
    self.reducer = reducer
  }

  deinit {
    guard !finished, !inFlight.isEmpty else { return }
    Issue.record(
      "the test ended with \(inFlight.count) effects still running: receive their actions",
      sourceLocation: made)
  }

  /// How many effects are running (started and neither received nor cancelled).
  public var running: Int { inFlight.count }

  /// Sends `action`; `update` turns the state before into the state expected after.
  public func send(
    _ action: Action, sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout State) -> Void = { _ in }
  ) {
    var expected = state
    update(&expected)
    let effect = reducer(&state, action)
    expectState(expected, after: "\(action)", sourceLocation)
    start(effect)
  }

  /// Runs the oldest running effect and reduces its action, which `matches` must accept;
  /// `update` turns the state before into the state expected after.
  public func receive(
    sourceLocation: SourceLocation = #_sourceLocation, _ matches: (Action) -> Bool,
    _ update: (inout State) -> Void = { _ in }
  ) async {
    guard !inFlight.isEmpty else {
      Issue.record("expected an action, but no effect is running", sourceLocation: sourceLocation)
      return
    }
    let action = await inFlight.removeFirst().run()
    #expect(matches(action), "received \(action)", sourceLocation: sourceLocation)
    var expected = state
    update(&expected)
    let effect = reducer(&state, action)
    expectState(expected, after: "\(action)", sourceLocation)
    start(effect)
  }

  /// Fails the test while any effect is still running.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    finished = true
    #expect(
      inFlight.isEmpty, "\(inFlight.count) effects still running at the end",
      sourceLocation: sourceLocation)
  }

  private func start(_ effect: Effect<Action>) {
    inFlight.removeAll { job in job.tag.map(effect.cancellations.contains) ?? false }
    inFlight += effect.jobsToStart
  }

  private func expectState(_ expected: State, after action: String, _ location: SourceLocation) {
    guard exhaustive, state != expected else { return }
    Issue.record(
      "the state after \(action) is not the one expected:\n  expected \(expected)\n  actual   \(state)",
      sourceLocation: location)
  }
}

extension TestStore where State == RootFeature.State, Action == RootFeature.Action {
  /// The root feature at `state` in `environment`, its steps' work cancelled as the app does
  /// (not exhaustive about the state: see `exhaustive`).
  public static func root(_ state: RootFeature.State, _ environment: AppEnvironment)
    -> TestStore
  {
    TestStore(state, exhaustive: false) { state, action in
      RootFeature.reduce(&state, action, at: environment.clock.now(), environment: environment)
    }
  }
}
