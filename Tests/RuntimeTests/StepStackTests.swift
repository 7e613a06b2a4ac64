import Canvas
import Runtime
import Testing
import Widgets

// A hypothetical flow composed by the same table and stack as the booking: two steps, each one
// case of `ToyStep` plus one feature. Nothing else is written to add them.

/// The toy flow's steps: count up from a start, then show the total.
enum ToyStep: Hashable, Sendable {
  case counting(from: Int)
  case total(Int)
}

/// What a toy step produces.
enum ToyOutput: Hashable, Sendable { case counted(Int) }

/// The toy table.
enum ToySteps: StepComposition {
  typealias Step = ToyStep
  typealias Environment = Int  // what `+` adds
  typealias Drawing = Void
  typealias Hint = KeyHint
  typealias Output = ToyOutput

  static func screen(for step: ToyStep) -> StackScreen<ToySteps> {
    switch step {
    case .counting(let start): CountingFeature.screen(.init(start: start, count: start))
    case .total(let total): TotalFeature.screen(total)
    }
  }
}

/// Counts with `+`; Enter produces the count. It asks for a "reading" when it appears.
enum CountingFeature: StepFeature {
  typealias Composition = ToySteps
  struct State: Hashable, Sendable {
    let start: Int
    var count: Int
    var reading: Int?
  }
  enum Action: Hashable, Sendable {
    case key(Key)
    case read(Int)
  }

  static func step(of state: State) -> ToyStep { .counting(from: state.start) }
  static func keyAction(_ key: Key) -> Action { .key(key) }
  static func reduce(_ state: inout State, _ action: Action, context: Int)
    -> FeatureReply<Action, ToyOutput>
  {
    switch action {
    case .key(.character("+")):
      state.count += context
      return .handled
    case .key(.enter):
      return FeatureReply(output: .counted(state.count))
    case .key:
      return .ignored
    case .read(let value):
      state.reading = value
      return .handled
    }
  }
  static func onAppear(_ state: State, context: Int) -> Effect<Action> { .run { .read(42) } }
  static func isBusy(_ state: State) -> Bool { state.reading == nil }
  static func draw(_ state: State, on canvas: inout Canvas, in rect: Rect, context: Void)
    -> [KeyHint]
  {
    canvas.put("count \(state.count)", x: rect.x, y: rect.y, style: .plain, clip: rect)
    return [KeyHint("+", "add")]
  }
}

/// Shows the total; uses no key.
enum TotalFeature: StepFeature {
  typealias Composition = ToySteps
  typealias State = Int
  typealias Action = Key

  static func step(of state: Int) -> ToyStep { .total(state) }
  static func keyAction(_ key: Key) -> Key { key }
  static func reduce(_ state: inout Int, _ action: Key, context: Int)
    -> FeatureReply<Key, ToyOutput>
  { .ignored }
  static func isBusy(_ state: Int) -> Bool { false }
  static func draw(_ state: Int, on canvas: inout Canvas, in rect: Rect, context: Void)
    -> [KeyHint]
  {
    canvas.put("total \(state)", x: rect.x, y: rect.y, style: .plain, clip: rect)
    return []
  }
}

/// An owner's action: a reply for a step.
private enum Owner: Sendable { case step(StepID, StackAction<ToySteps>) }

private let embed: @Sendable (StepID, StackAction<ToySteps>) -> Owner = { .step($0, $1) }

@Suite("The step stack")
struct StepStackTests {
  @Test("a test-only step is one case plus one feature: built, keyed, answered, drawn, left")
  func hypotheticalStep() async throws {
    var stack = StepStack<ToySteps>()
    let (first, appear) = stack.reconcile(to: [.counting(from: 1)], context: 2, embed: embed)
    #expect(first.added.map(\.screen.step) == [.counting(from: 1)])
    #expect(first.left.isEmpty)
    let counting = try #require(stack.last)
    #expect(counting.screen.isBusy, "waiting for its reading")
    // The work it started comes back addressed to it.
    #expect(appear.jobs.map(\.tag) == [counting.id.rawValue])
    let job = try #require(appear.jobs.first)
    guard case .step(let id, let action) = await job.run() else { return }
    #expect(id == counting.id)
    _ = stack.send(action, to: id, context: 2, embed: embed)
    #expect(stack.last?.screen.state(CountingFeature.self)?.reading == 42)
    #expect(stack.last?.screen.isBusy == false)

    // Keys go to the current step with the context; unused keys are reported unused.
    #expect(stack.sendKey(.character("+"), context: 2, embed: embed)?.handled == true)
    #expect(stack.sendKey(.character("x"), context: 2, embed: embed)?.handled == false)
    let reply = stack.sendKey(.enter, context: 2, embed: embed)
    let enter = try #require(reply)
    #expect(enter.output == .counted(3))
    #expect(enter.origin == .counting(from: 1))

    // The owner turns the output into the next step; the first keeps its screen.
    let (second, _) = stack.reconcile(
      to: [.counting(from: 1), .total(3)], context: 2, embed: embed)
    #expect(second.added.map(\.screen.step) == [.total(3)])
    #expect(stack.entries.first?.id == counting.id)
    #expect(stack.entries.first?.screen.state(CountingFeature.self)?.count == 3)
    var canvas = Canvas(width: 20, height: 1)
    let hints = stack.last?.screen.draw(
      on: &canvas, in: Rect(x: 0, y: 0, width: 20, height: 1), context: ())
    #expect(canvas.line(0).contains("total 3"))
    #expect(hints == [])

    // An action meant for another feature is not handled by this one.
    let total = try #require(stack.last)
    let stray = stack.send(CountingFeature.action(.read(1)), to: total.id, context: 2, embed: embed)
    #expect(stray?.handled == false)

    // Going back: the total leaves, its work is cancelled, and a late reply finds no step.
    let (back, cancel) = stack.reconcile(to: [.counting(from: 1)], context: 2, embed: embed)
    #expect(back.left.map(\.id) == [total.id])
    #expect(cancel.cancellations == [total.id.rawValue])
    #expect(cancel.jobs.isEmpty)
    #expect(stack.send(TotalFeature.action(.enter), to: total.id, context: 2, embed: embed) == nil)
  }

  @Test("a step's work starts when it first becomes current: a path restored whole, then back")
  func workStartsWhenCurrent() {
    var stack = StepStack<ToySteps>()
    let path: [ToyStep] = [.counting(from: 1), .counting(from: 2), .total(3)]
    let (_, restored) = stack.reconcile(to: path, context: 1, embed: embed)
    #expect(restored.jobs.isEmpty, "the total asks for nothing; the steps behind it wait")
    #expect(stack.entries.map(\.isBusy) == [false, false, false], "nothing asked, nothing awaited")
    let ids = stack.entries.map(\.id.rawValue)
    let (_, second) = stack.reconcile(to: Array(path.prefix(2)), context: 1, embed: embed)
    #expect(second.jobs.map(\.tag) == [ids[1]], "current now: the second asks for its reading")
    #expect(stack.entries.map(\.isBusy) == [false, true])
    // Forward and back again: its work started once, and does not start again.
    _ = stack.reconcile(to: path, context: 1, embed: embed)
    let (_, again) = stack.reconcile(to: Array(path.prefix(2)), context: 1, embed: embed)
    #expect(again.jobs.isEmpty)
    let (_, first) = stack.reconcile(to: Array(path.prefix(1)), context: 1, embed: embed)
    #expect(first.jobs.map(\.tag) == [ids[0]])
    #expect(stack.entries.map(\.id.rawValue) == [ids[0]])
  }

  @Test("IDs are never reused: a step that comes back is a new presence")
  func idsAreNeverReused() {
    var stack = StepStack<ToySteps>()
    _ = stack.reconcile(to: [.counting(from: 0), .total(0)], context: 1, embed: embed)
    let before = stack.entries.map(\.id)
    let (back, _) = stack.reconcile(to: [.counting(from: 0)], context: 1, embed: embed)
    #expect(back.left.map(\.id) == [before[1]])
    _ = stack.reconcile(to: [.counting(from: 0), .total(0)], context: 1, embed: embed)
    let after = stack.entries.map(\.id)
    #expect(after[0] == before[0])
    #expect(after[1] > before[1])
    // A different first step replaces everything.
    let (change, effect) = stack.reconcile(to: [.counting(from: 5)], context: 1, embed: embed)
    #expect(change.left.map(\.id) == after)
    #expect(Set(effect.cancellations) == Set(after.map(\.rawValue)))
    #expect(effect.jobs.count == 1, "the new counting step asks for its reading")
  }
}
