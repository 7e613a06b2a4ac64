import Canvas
import FoundationEssentials

/// Runs the root feature: reduces actions on the main actor, starts the effects they return,
/// and cancels a step's effects the moment that step leaves the path.
@MainActor
public final class Store {
  /// The current state.
  public private(set) var state: RootFeature.State
  /// The environment effects run in.
  public let environment: AppEnvironment
  /// Called after every action, with the new state (the app redraws and saves from here).
  public var onChange: (@MainActor (RootFeature.State) -> Void)?
  /// Running work by tag (nil: the root's own), then by job number.
  private var running: [Int?: [Int: Task<Void, Never>]] = [:]
  private var nextJob = 0

  /// A store starting at `state`.
  public init(state: RootFeature.State, environment: AppEnvironment) {
    self.state = state
    self.environment = environment
  }

  /// How many effects are running (for tests and the inspector).
  public var runningEffects: Int { running.values.reduce(0) { $0 + $1.count } }

  /// Reduces `action`, cancels the work of steps that left, starts new work, reports the change.
  public func send(_ action: RootFeature.Action) {
    let effect = RootFeature.reduce(&state, action, environment: environment)
    let alive = state.aliveTags
    for (tag, tasks) in running where Cancellation.cancels(tag, alive: alive) {
      for task in tasks.values { task.cancel() }
      running[tag] = nil
    }
    for job in effect.jobs { start(job) }
    onChange?(state)
  }

  private func start(_ job: Effect<RootFeature.Action>.Job) {
    let tag = job.tag
    nextJob += 1
    let number = nextJob
    let run = job.run
    let task = Task { [weak self] in
      let action = await run()
      guard !Task.isCancelled, let self else { return }
      self.running[tag]?[number] = nil
      self.send(action)
    }
    running[tag, default: [:]][number] = task
  }
}
