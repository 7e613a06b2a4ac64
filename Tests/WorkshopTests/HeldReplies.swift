import Runtime

/// A root driven with its work's replies held: each job an action starts runs at once (the test
/// airline answers), and the action it returns waits until the test delivers it, in whatever
/// order the test says. A reply delivered after later ones is a reply whose airline was slow:
/// the latency is an order, with no clock moved and no sleep. A job the runtime would stop (the
/// work of a step that left the path) loses its reply, as in the app.
struct HeldReplies<State, Action: Sendable> {
  /// The state after the last action.
  private(set) var state: State
  private let reducer: (inout State, Action) -> Effect<Action>
  private var held: [(tag: Int?, group: Int, action: Action)] = []
  /// Groups of a sequence waiting for their jobs: what follows, and how many replies are out.
  private var waiting: [Int: (rest: Effect<Action>, jobs: Int)] = [:]
  private var nextGroup = 0

  /// A root at `state`, reducing with `reducer`.
  init(_ state: State, reducer: @escaping (inout State, Action) -> Effect<Action>) {
    self.state = state
    self.reducer = reducer
  }

  /// The replies come back and not yet delivered, oldest first.
  var replies: [Action] { held.map(\.action) }

  /// Sends `action` (a key, or the start's work); its work's replies are held.
  mutating func send(_ action: Action) async {
    await start(reducer(&state, action))
  }

  /// Sends each of `actions` in turn.
  mutating func send(_ actions: [Action]) async {
    for action in actions { await send(action) }
  }

  /// Delivers the oldest held reply that `matches` accepts; false when none does.
  @discardableResult
  mutating func deliver(_ matches: (Action) -> Bool) async -> Bool {
    guard let index = held.firstIndex(where: { matches($0.action) }) else { return false }
    let reply = held.remove(at: index)
    await start(reducer(&state, reply.action))
    guard var entry = waiting[reply.group] else { return true }
    entry.jobs -= 1
    if entry.jobs == 0 {
      waiting[reply.group] = nil
      await start(entry.rest)
    } else {
      waiting[reply.group] = entry
    }
    return true
  }

  /// Delivers every held reply but those `keeping` accepts, oldest first, and the replies of the
  /// work they start, until only those are held.
  mutating func deliverAll(keeping: (Action) -> Bool = { _ in false }) async {
    while await deliver({ !keeping($0) }) {}
  }

  private mutating func start(_ effect: Effect<Action>) async {
    for group in effect.groups {
      let stopped = held.filter { $0.tag.map(group.cancellations.contains) ?? false }
      held.removeAll { $0.tag.map(group.cancellations.contains) ?? false }
      // What a stopped job's group would have started never starts.
      for reply in stopped { waiting[reply.group] = nil }
      let jobs = group.jobsToStart
      let id = nextGroup
      nextGroup += 1
      if let rest = group.continuation {
        if jobs.isEmpty {
          await start(rest)
        } else {
          waiting[id] = (rest, jobs.count)
        }
      }
      for job in jobs {
        held.append((job.tag, id, await job.run()))
      }
    }
  }
}
