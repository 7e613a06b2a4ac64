import Canvas

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs the root feature: reduces actions on the main actor, cancels what the effects they
/// return cancel (the work of a step that left the path, said by the step stack), and starts
/// their jobs.
@MainActor
public final class Store {
  /// The current state.
  public private(set) var state: RootFeature.State
  /// The environment effects run in.
  public let environment: AppEnvironment
  /// Called after every action, with the new state and the action (the app redraws and saves
  /// from here; after an action that `movesOnlyTheClock` it only redraws the clock).
  public var onChange: (@MainActor (RootFeature.State, RootFeature.Action) -> Void)?
  /// Running work by tag (nil: the root's own), then by job number.
  private var running: [Int?: [Int: Task<Void, Never>]] = [:]
  private var nextJob = 0
  /// Where the effects' work runs (nil: Swift's global concurrent executor).
  private let executor: (any TaskExecutor)?

  /// A store starting at `state`, running its effects' work on `executor` (the app passes a
  /// `SerialTaskExecutor`; nil is Swift's global concurrent executor).
  public init(
    state: RootFeature.State, environment: AppEnvironment, executor: (any TaskExecutor)? = nil
  ) {
    self.state = state
    self.environment = environment
    self.executor = executor
  }

  /// How many effects are running (for tests and the inspector).
  public var runningEffects: Int { running.values.reduce(0) { $0 + $1.count } }

  /// Reduces `action` at the environment clock's time, cancels what its effect cancels, starts
  /// its jobs (except those of a tag it cancels), and reports the change.
  public func send(_ action: RootFeature.Action) {
    let effect = RootFeature.reduce(
      &state, action, at: environment.clock.now(), environment: environment)
    for tag in effect.cancellations {
      for task in (running[tag] ?? [:]).values { task.cancel() }
      running[tag] = nil
    }
    for job in effect.jobsToStart { start(job) }
    onChange?(state, action)
  }

  private func start(_ job: Effect<RootFeature.Action>.Job) {
    let tag = job.tag
    nextJob += 1
    let number = nextJob
    let run = job.run
    let task = Task(executorPreference: executor) { [weak self] in
      let action = await run()
      await self?.finished(action, tag: tag, number: number)
    }
    running[tag, default: [:]][number] = task
  }

  /// A job's reply, back on the main actor: sent unless its work was cancelled meanwhile.
  private func finished(_ action: RootFeature.Action, tag: Int?, number: Int) {
    guard !Task.isCancelled else { return }
    running[tag]?[number] = nil
    send(action)
  }
}
