import Canvas

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs the root feature: reduces actions on the main actor, one at a time, does the commands
/// their effects carry (through `perform`), cancels what they cancel (the work of a step that
/// left the path, said by the step stack), and starts their jobs.
@MainActor
public final class Store {
  /// The current state.
  public private(set) var state: RootFeature.State
  /// The environment effects run in.
  public let environment: AppEnvironment
  /// Does a command; an action it returns (what a save said, a file's text) is reduced right
  /// after the action being handled, before any other.
  public var perform: @MainActor (Command) -> RootFeature.Action? = { _ in nil }
  /// Called after every action, with the new state and the action (the program redraws from
  /// here; after an action that `movesOnlyTheClock` it only redraws the clock).
  public var onChange: (@MainActor (RootFeature.State, RootFeature.Action) -> Void)?
  /// Where the time an action comes at is read: the environment's clock unless a runtime says
  /// otherwise.
  public var now: @MainActor () -> Date
  /// Running work by tag (nil: the root's own), then by job number.
  private var running: [Int?: [Int: Task<Void, Never>]] = [:]
  /// Groups of a sequence still waiting for jobs, by group number: what follows them, and the
  /// jobs not yet back.
  private var waiting: [Int: (rest: Effect<RootFeature.Action>, jobs: Set<Int>)] = [:]
  private var nextJob = 0
  private var nextGroup = 0
  /// Actions to reduce once the one being reduced is done.
  private var queue: [RootFeature.Action] = []
  private var reducing = false
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
    let clock = environment.clock
    now = { clock.now() }
  }

  /// How many effects are running (for tests and the inspector).
  public var runningEffects: Int { running.values.reduce(0) { $0 + $1.count } }

  /// Waits until no job is running, each job's reply reduced (tests and benchmarks run the
  /// program to rest with it).
  public func idle() async {
    while let task = running.values.lazy.flatMap(\.values).first {
      await task.value
    }
  }

  /// Reduces `action` at the time `now` says, does its commands, cancels what its effect
  /// cancels, starts its jobs (except those of a tag it cancels), and reports the change. An
  /// action sent while another is being reduced (by a command, or by `onChange`) waits for it.
  public func send(_ action: RootFeature.Action) {
    queue.append(action)
    drain()
  }

  /// Reduces the queued actions in order, unless that is under way already.
  private func drain() {
    guard !reducing else { return }
    reducing = true
    defer { reducing = false }
    while !queue.isEmpty {
      let next = queue.removeFirst()
      let effect = RootFeature.reduce(&state, next, at: now(), environment: environment)
      start(effect)
      onChange?(state, next)
    }
  }

  private func start(_ effect: Effect<RootFeature.Action>) {
    for tag in effect.cancellations {
      for task in (running[tag] ?? [:]).values { task.cancel() }
      running[tag] = nil
    }
    let cancelled = effect.cancellations
    for group in effect.groups {
      for command in group.commands {
        if let reply = perform(command) { queue.append(reply) }
      }
      let jobs = group.jobs.filter { job in job.tag.map { !cancelled.contains($0) } ?? true }
      var waitingGroup: Int?
      if let rest = group.continuation {
        guard !jobs.isEmpty else {
          start(rest)
          continue
        }
        nextGroup += 1
        waitingGroup = nextGroup
        waiting[nextGroup] = (rest, [])
      }
      for job in jobs { begin(job, group: waitingGroup) }
    }
  }

  private func begin(_ job: Effect<RootFeature.Action>.Job, group: Int?) {
    let tag = job.tag
    nextJob += 1
    let number = nextJob
    let run = job.run
    if let group { waiting[group]?.jobs.insert(number) }
    let task = Task(executorPreference: executor) { [weak self] in
      let action = await run()
      await self?.finished(action, tag: tag, number: number, group: group)
    }
    running[tag, default: [:]][number] = task
  }

  /// A job's reply, back on the main actor: sent unless its work was cancelled meanwhile. The
  /// last reply of a sequence's group starts what follows it, once the reply is reduced.
  private func finished(_ action: RootFeature.Action, tag: Int?, number: Int, group: Int?) {
    guard !Task.isCancelled else {
      if let group { waiting[group] = nil }
      return
    }
    running[tag]?[number] = nil
    send(action)
    guard let group, var entry = waiting[group] else { return }
    entry.jobs.remove(number)
    if entry.jobs.isEmpty {
      waiting[group] = nil
      start(entry.rest)
      drain()
    } else {
      waiting[group] = entry
    }
  }
}
