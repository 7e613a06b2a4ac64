import Presentation
import Runtime
import Testing

/// A store for tests in the TCA and isowords manner: each `send` and `receive` states the whole
/// change it makes to the state (anything else that changed fails the test), each effect's
/// action must be received and asserted in turn, each command asserted with `commands`, and a
/// test that ends with an effect still running or a command not asserted fails, whether or not
/// it called `finish`. An effect's cancellations stop running work as the app's `Store` does
/// (the step stack cancels the work of a step that left), and what a sequence starts after a
/// group starts once that group's actions are all received, so a test sees exactly the replies
/// the app would.
public final class TestStore<State: Equatable, Action: Sendable> {
  /// The state after the last action.
  public private(set) var state: State
  private let reducer: (inout State, Action) -> Effect<Action>
  private var inFlight: [(job: Effect<Action>.Job, group: Int?)] = []
  /// Groups of a sequence waiting for their jobs: what follows, and how many jobs are out.
  private var waiting: [Int: (rest: Effect<Action>, jobs: Int)] = [:]
  private var nextGroup = 0
  /// Commands asked for and not yet asserted, in order.
  private var unasserted: [Runtime.Command] = []
  /// Where the store was made: a test that ends with work running is reported there.
  private let made: SourceLocation
  /// Whether `finish` has checked the running work already.
  private var finished = false

  /// A store at `state` reducing with `reducer`.
  public init(
    _ state: State, sourceLocation: SourceLocation = #_sourceLocation,
    reducer: @escaping (inout State, Action) -> Effect<Action>
  ) {
    self.state = state
    self.made = sourceLocation
    self.reducer = reducer
  }

  deinit {
    guard !finished else { return }
    if !inFlight.isEmpty {
      Issue.record(
        "the test ended with \(inFlight.count) effects still running: receive their actions",
        sourceLocation: made)
    }
    if !unasserted.isEmpty {
      Issue.record(
        "the test ended with commands not asserted: \(unasserted)", sourceLocation: made)
    }
  }

  /// How many effects are running (started and neither received nor cancelled).
  public var running: Int { inFlight.count }

  /// Sends `action`; `update` turns the state before into the state expected after.
  public func send(
    _ action: Action, sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout State) -> Void = { _ in }
  ) {
    expectCommandsAsserted(before: "\(action)", sourceLocation)
    var expected = state
    update(&expected)
    let effect = reducer(&state, action)
    expectState(expected, after: "\(action)", sourceLocation)
    start(effect)
  }

  /// Asserts the commands asked for since the last assertion, in order; they are then done.
  public func commands(
    _ expected: [Runtime.Command], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(unasserted == expected, sourceLocation: sourceLocation)
    unasserted = []
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
    expectCommandsAsserted(before: "a received action", sourceLocation)
    let (job, group) = inFlight.removeFirst()
    let action = await job.run()
    #expect(matches(action), "received \(action)", sourceLocation: sourceLocation)
    var expected = state
    update(&expected)
    let effect = reducer(&state, action)
    expectState(expected, after: "\(action)", sourceLocation)
    start(effect)
    guard let group, var entry = waiting[group] else { return }
    entry.jobs -= 1
    if entry.jobs == 0 {
      waiting[group] = nil
      start(entry.rest)
    } else {
      waiting[group] = entry
    }
  }

  /// Starts `effect` without an action, as the app starts the work a step asks for when it
  /// appears (`onAppear`, `onOpen`); its actions are then received like any other.
  public func run(_ effect: Effect<Action>, sourceLocation: SourceLocation = #_sourceLocation) {
    expectCommandsAsserted(before: "running an effect", sourceLocation)
    start(effect)
  }

  /// Fails the test while any effect is still running.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    finished = true
    #expect(
      inFlight.isEmpty, "\(inFlight.count) effects still running at the end",
      sourceLocation: sourceLocation)
    #expect(
      unasserted.isEmpty, "commands not asserted: \(unasserted)", sourceLocation: sourceLocation)
  }

  private func start(_ effect: Effect<Action>) {
    let cancelled = effect.cancellations
    let stopped = inFlight.filter { $0.job.tag.map(cancelled.contains) ?? false }
    inFlight.removeAll { $0.job.tag.map(cancelled.contains) ?? false }
    // A sequence whose job was cancelled never goes on.
    for group in Set(stopped.compactMap(\.group)) { waiting[group] = nil }
    for group in effect.groups {
      unasserted += group.commands
      let jobs = group.jobs.filter { job in job.tag.map { !cancelled.contains($0) } ?? true }
      var number: Int?
      if let rest = group.continuation {
        guard !jobs.isEmpty else {
          start(rest)
          continue
        }
        nextGroup += 1
        number = nextGroup
        waiting[nextGroup] = (rest, jobs.count)
      }
      inFlight += jobs.map { ($0, number) }
    }
  }

  private func expectCommandsAsserted(before action: String, _ location: SourceLocation) {
    guard !unasserted.isEmpty else { return }
    Issue.record(
      "commands not asserted before \(action): \(unasserted)", sourceLocation: location)
    unasserted = []
  }

  private func expectState(_ expected: State, after action: String, _ location: SourceLocation) {
    guard state != expected else { return }
    Issue.record(
      "the state after \(action) is not the one expected:\n  expected \(expected)\n  actual   \(state)",
      sourceLocation: location)
  }
}
