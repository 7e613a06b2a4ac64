import Canvas

/// Work a reducer asks for, as a value: the runtime runs it outside the reducer and feeds the
/// action it returns back in. Reducers stay pure and replaying actions reproduces a state.
public struct Effect<Action: Sendable>: Sendable {
  /// One job: ends in exactly one action. `tag` names the step that started it, so the runtime
  /// can cancel it when that step leaves the path.
  public struct Job: Sendable {
    public let tag: Int?
    public let run: @Sendable () async -> Action
  }

  /// The jobs to run concurrently.
  public let jobs: [Job]
  /// The tags whose running jobs stop before `jobs` start (a step that left the path). Jobs
  /// tagged with no step (the root's own) are never named here, so nothing cancels them.
  public let cancellations: [Int]

  private init(jobs: [Job], cancellations: [Int] = []) {
    self.jobs = jobs
    self.cancellations = cancellations
  }

  /// Nothing to do.
  public static var none: Effect { Effect(jobs: []) }

  /// Stops the running jobs tagged with any of `tags`; their actions never arrive.
  public static func cancel(_ tags: [Int]) -> Effect { Effect(jobs: [], cancellations: tags) }

  /// One job whose result comes back as an action.
  public static func run(_ job: @escaping @Sendable () async -> Action) -> Effect {
    Effect(jobs: [Job(tag: nil, run: job)])
  }

  /// Several effects at once.
  public static func batch(_ effects: [Effect]) -> Effect {
    Effect(jobs: effects.flatMap(\.jobs), cancellations: effects.flatMap(\.cancellations))
  }

  /// The jobs to start once `cancellations` are done: work of a tag cancelled by this same
  /// effect never starts.
  public var jobsToStart: [Job] {
    jobs.filter { job in job.tag.map { !cancellations.contains($0) } ?? true }
  }

  /// Whether there is nothing to run or cancel.
  public var isNone: Bool { jobs.isEmpty && cancellations.isEmpty }

  /// The same jobs, their actions wrapped by `transform` (a child's effect lifted to its parent).
  public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other)
    -> Effect<Other>
  {
    Effect<Other>(
      jobs: jobs.map { job in
        let run = job.run
        return Effect<Other>.Job(tag: job.tag) { transform(await run()) }
      }, cancellations: cancellations)
  }

  /// The same jobs, tagged with the step that started them.
  public func tagged(_ tag: Int) -> Effect {
    Effect(jobs: jobs.map { Job(tag: tag, run: $0.run) }, cancellations: cancellations)
  }
}
