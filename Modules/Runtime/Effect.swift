import Canvas

/// Something outside the state a reducer asks the runtime to do, as a value: the runtime does it
/// right after the action is reduced, in order, before the next frame, and sends back what it
/// found (a save's outcome, the file's text) as an action of its own. A test asserts commands
/// like any other part of a reducer's answer; nothing is done by watching the state.
public enum Command: Hashable, Sendable {
  /// Writes the root's snapshot of the state this action left (the program asks the root for
  /// it, `ProgramRoot.snapshot(of:)`); the outcome comes back as the root's action
  /// (`RootFeature.Action.snapshotSaved`).
  case saveSnapshot
  /// Adds a line to the event log.
  case log(String)
  /// Reads the saved snapshot's text as it is on disk, for the inspector; it comes back as
  /// `RootFeature.Action.savedSnapshotRead`.
  case readSavedSnapshot
  /// Ends the program with `code`, saving nothing more: what it had to save was saved by the
  /// commands before this one.
  case quit(code: Int32)
  /// Records a key a person typed for `--record`, with what it did (`KeyUse`: a recording keeps
  /// only what that allows).
  case recordKey(Key, use: KeyUse)
  /// Drops the key the recording holds back (the one that opened the quit question now being
  /// confirmed): a replay ends where the flow ended.
  case unrecordLastKey
}

/// Work a reducer asks for, as a value: the runtime does its commands at once, runs its jobs
/// outside the reducer, and feeds the actions they return back in. Reducers stay pure and
/// replaying actions reproduces a state.
///
/// An effect is a set of groups started together (`batch`); a group may name what starts once
/// every one of its jobs has delivered its action (`sequence`).
public struct Effect<Action: Sendable>: Sendable {
  /// One job: ends in exactly one action. `tag` names the step that started it, so the runtime
  /// can cancel it when that step leaves the path.
  public struct Job: Sendable {
    public let tag: Int?
    public let run: @Sendable () async -> Action
  }

  /// Work started together, and what follows it.
  public struct Group: Sendable {
    /// The jobs to run concurrently.
    public let jobs: [Job]
    /// The tags whose running jobs stop before `jobs` start.
    public let cancellations: [Int]
    /// What the runtime does at once, in this order.
    public let commands: [Command]
    private let next: Next?

    /// What starts once every job of this group has delivered its action; it never starts if
    /// one of them is cancelled.
    public var continuation: Effect? { next?.effect }

    init(jobs: [Job], cancellations: [Int], commands: [Command], continuation: Effect?) {
      self.jobs = jobs
      self.cancellations = cancellations
      self.commands = commands
      next = continuation.flatMap { $0.isNone ? nil : Next($0) }
    }

    /// The jobs to start once `cancellations` are done: work of a tag cancelled by this same
    /// group never starts.
    public var jobsToStart: [Job] {
      jobs.filter { job in job.tag.map { !cancellations.contains($0) } ?? true }
    }

    func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other)
      -> Effect<Other>.Group
    {
      Effect<Other>.Group(
        jobs: jobs.map { job in
          let run = job.run
          return Effect<Other>.Job(tag: job.tag) { transform(await run()) }
        }, cancellations: cancellations, commands: commands,
        continuation: continuation?.map(transform))
    }

    func tagged(_ tag: Int) -> Group {
      Group(
        jobs: jobs.map { Job(tag: tag, run: $0.run) }, cancellations: cancellations,
        commands: commands, continuation: continuation?.tagged(tag))
    }
  }

  /// The rest of a sequence (a class box: a struct cannot hold itself).
  private final class Next: Sendable {
    let effect: Effect
    init(_ effect: Effect) { self.effect = effect }
  }

  /// The groups started together.
  public let groups: [Group]

  private init(groups: [Group]) {
    self.groups = groups.filter {
      !($0.jobs.isEmpty && $0.cancellations.isEmpty && $0.commands.isEmpty
        && $0.continuation == nil)
    }
  }

  private init(jobs: [Job] = [], cancellations: [Int] = [], commands: [Command] = []) {
    self.init(groups: [
      Group(jobs: jobs, cancellations: cancellations, commands: commands, continuation: nil)
    ])
  }

  /// Nothing to do.
  public static var none: Effect { Effect(groups: []) }

  /// Stops the running jobs tagged with any of `tags`; their actions never arrive.
  public static func cancel(_ tags: [Int]) -> Effect { Effect(cancellations: tags) }

  /// One job whose result comes back as an action.
  public static func run(_ job: @escaping @Sendable () async -> Action) -> Effect {
    Effect(jobs: [Job(tag: nil, run: job)])
  }

  /// Commands for the runtime, done in this order.
  public static func commands(_ commands: [Command]) -> Effect { Effect(commands: commands) }

  /// One command for the runtime.
  public static func command(_ command: Command) -> Effect { .commands([command]) }

  /// Several effects at once: their jobs run concurrently and their commands are done in the
  /// order given.
  public static func batch(_ effects: [Effect]) -> Effect {
    Effect(groups: effects.flatMap { $0.groups })
  }

  /// Effects one after another: each starts (its commands done, its jobs started) once every
  /// job of the one before has delivered its action. Cancelling a job of one stops the rest.
  public static func sequence(_ effects: [Effect]) -> Effect {
    let parts = effects.filter { !$0.isNone }
    guard let first = parts.first else { return .none }
    let rest = sequence(Array(parts.dropFirst()))
    let after = batch(first.groups.compactMap { $0.continuation })
    return Effect(groups: [
      Group(
        jobs: first.jobs, cancellations: first.cancellations, commands: first.commands,
        continuation: sequence([after, rest]))
    ])
  }

  /// The jobs this effect starts now, in every group.
  public var jobs: [Job] { groups.flatMap { $0.jobs } }
  /// The tags whose running jobs stop now (a step that left the path). Jobs tagged with no step
  /// (the root's own) are never named here, so nothing cancels them.
  public var cancellations: [Int] { groups.flatMap { $0.cancellations } }
  /// What the runtime does now, in order.
  public var commands: [Command] { groups.flatMap { $0.commands } }

  /// The jobs to start once `cancellations` are done: work of a tag cancelled by this same
  /// effect never starts.
  public var jobsToStart: [Job] {
    let cancelled = cancellations
    return jobs.filter { job in job.tag.map { !cancelled.contains($0) } ?? true }
  }

  /// Whether there is nothing to run, cancel or do.
  public var isNone: Bool { groups.isEmpty }

  /// The same work, its actions wrapped by `transform` (a child's effect lifted to its parent).
  public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other)
    -> Effect<Other>
  {
    Effect<Other>(groups: groups.map { $0.map(transform) })
  }

  /// The same work, its jobs tagged with the step that started them.
  public func tagged(_ tag: Int) -> Effect { Effect(groups: groups.map { $0.tagged(tag) }) }

  /// This effect with `commands` done after its own.
  public func adding(_ commands: [Command]) -> Effect {
    commands.isEmpty ? self : .batch([self, .commands(commands)])
  }
}
