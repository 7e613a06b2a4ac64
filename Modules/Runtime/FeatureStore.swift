#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs a feature: reduces actions on the main actor, one at a time, each at the time `now`
/// says, does the commands their effects carry (through `perform`), cancels what they cancel
/// (the work of a step that left the path, said by the step stack), starts their jobs, and
/// starts what a sequence puts after a group once that group's jobs have all answered.
@MainActor
public final class FeatureStore<State, Action: Sendable> {
  /// The current state.
  public private(set) var state: State
  private let reducer: (inout State, Action, Date) -> Effect<Action>
  /// Does a command; an action it returns (what a save said, a file's text) is reduced right
  /// after the action being handled, before any other.
  public var perform: @MainActor (Command) -> Action? = { _ in nil }
  /// Called after every action, with the new state and the action (the program redraws from
  /// here; after an action that `movesOnlyTheClock` it only redraws the clock).
  public var onChange: (@MainActor (State, Action) -> Void)?
  /// Told of every action just reduced, with the time it was reduced at and, for a job's
  /// reply, the job's number (jobs are numbered from 1 in the order they start): a journal
  /// writes them.
  public var onReduce: (@MainActor (Action, Date, _ job: Int?) -> Void)?
  /// Whether a job's reply waits for `release(job:)` instead of being reduced when it comes (a
  /// journal's replay hands replies over in the order they first came).
  public var holdsReplies = false
  /// Replies held, by job number.
  private var held: [Int: (action: Action, group: Int?)] = [:]
  /// Where the time an action comes at is read: the environment's clock unless a runtime says
  /// otherwise.
  public var now: @MainActor () -> Date
  /// Running work by tag (nil: the root's own), then by job number.
  private var running: [Int?: [Int: Task<Void, Never>]] = [:]
  /// Groups of a sequence still waiting for jobs, by group number: what follows them, and the
  /// jobs not yet back.
  private var waiting: [Int: (rest: Effect<Action>, jobs: Set<Int>)] = [:]
  private var nextJob = 0
  private var nextGroup = 0
  /// Actions to reduce once the one being reduced is done.
  private var queue: [(action: Action, job: Int?)] = []
  private var reducing = false
  /// Where the effects' work runs (nil: Swift's global concurrent executor).
  private let executor: (any TaskExecutor)?

  /// A store starting at `state`, reducing with `reducer` at the time `now` reads, running its
  /// effects' work on `executor` (nil: Swift's global concurrent executor).
  public init(
    state: State, now: @escaping @MainActor () -> Date, executor: (any TaskExecutor)? = nil,
    reducer: @escaping (inout State, Action, Date) -> Effect<Action>
  ) {
    self.state = state
    self.now = now
    self.executor = executor
    self.reducer = reducer
  }

  /// How many effects are running (for tests and the inspector).
  public var runningEffects: Int { running.values.reduce(0) { $0 + $1.count } }

  /// Waits until no job is running, each job's reply reduced (tests and benchmarks run the
  /// program to rest with it).
  public func idle() async {
    while let task = running.values.lazy.flatMap({ $0.values }).first {
      await task.value
    }
  }

  /// Reduces `action` at the time `now` says, does its commands, cancels what its effect
  /// cancels, starts its jobs (except those of a tag it cancels), and reports the change. An
  /// action sent while another is being reduced (by a command, or by `onChange`) waits for it.
  public func send(_ action: Action) {
    queue.append((action, nil))
    drain()
  }

  /// Reduces the reply of job `number` once it has come (held by `holdsReplies`); false when no
  /// such job is running or held (it never started, or was cancelled).
  public func release(job number: Int) async -> Bool {
    while held[number] == nil {
      guard let task = running.values.lazy.compactMap({ $0[number] }).first else { return false }
      await task.value
    }
    guard let reply = held.removeValue(forKey: number) else { return false }
    deliver(reply.action, number: number, group: reply.group)
    return true
  }

  /// Reduces the queued actions in order, unless that is under way already.
  private func drain() {
    guard !reducing else { return }
    reducing = true
    defer { reducing = false }
    while !queue.isEmpty {
      let (next, job) = queue.removeFirst()
      let at = now()
      let effect = reducer(&state, next, at)
      onReduce?(next, at, job)
      start(effect)
      onChange?(state, next)
    }
  }

  private func start(_ effect: Effect<Action>) {
    // Commands first: they see the work that was running when the action came.
    for command in effect.commands {
      if let reply = perform(command) { queue.append((reply, nil)) }
    }
    for tag in effect.cancellations {
      for task in (running[tag] ?? [:]).values { task.cancel() }
      running[tag] = nil
    }
    let cancelled = effect.cancellations
    for group in effect.groups {
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

  private func begin(_ job: Effect<Action>.Job, group: Int?) {
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
  private func finished(_ action: Action, tag: Int?, number: Int, group: Int?) {
    guard !Task.isCancelled else {
      if let group { waiting[group] = nil }
      return
    }
    running[tag]?[number] = nil
    if holdsReplies {
      held[number] = (action, group)
      return
    }
    deliver(action, number: number, group: group)
  }

  /// Reduces job `number`'s reply; the last reply of a sequence's group starts what follows it.
  private func deliver(_ action: Action, number: Int, group: Int?) {
    queue.append((action, number))
    drain()
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
