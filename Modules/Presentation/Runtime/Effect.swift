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

  private init(jobs: [Job]) { self.jobs = jobs }

  /// Nothing to do.
  public static var none: Effect { Effect(jobs: []) }

  /// One job whose result comes back as an action.
  public static func run(_ job: @escaping @Sendable () async -> Action) -> Effect {
    Effect(jobs: [Job(tag: nil, run: job)])
  }

  /// Several effects at once.
  public static func batch(_ effects: [Effect]) -> Effect {
    Effect(jobs: effects.flatMap(\.jobs))
  }

  /// Whether there is nothing to run.
  public var isNone: Bool { jobs.isEmpty }

  /// The same jobs, their actions wrapped by `transform` (a child's effect lifted to its parent).
  public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other)
    -> Effect<Other>
  {
    Effect<Other>(
      jobs: jobs.map { job in
        let run = job.run
        return Effect<Other>.Job(tag: job.tag) { transform(await run()) }
      })
  }

  /// The same jobs, tagged with the step that started them.
  public func tagged(_ tag: Int) -> Effect {
    Effect(jobs: jobs.map { Job(tag: tag, run: $0.run) })
  }
}
