import Domain
import FlowOwner
import Foundation
import Presentation
import Testing

@Suite("Random keys through the root feature")
struct RandomKeyTests {
  /// Events per run. Each takes about 1.3 ms in a debug build (rendering a frame of up to
  /// 300x100 and measuring every row dominates), so 100,000 would take over two minutes: the run
  /// is cut to what fits in about a minute, above the floor of 20,000.
  static let events = 45_000
  static let seed: UInt64 = 0xB00C_1A7E_5EED

  @Test(
    "Random keys at random sizes: the path stays a chain, one state per step, every frame whole")
  func randomKeys() async throws {
    let world = HeadlessWorld(inMemory: true)
    defer { world.remove() }
    var fuzzer = KeyFuzzer(seed: Self.seed)
    var state = RootFeature.State(now: HeadlessWorld.start)
    var coverage: [StepKind: Int] = [:]
    /// How often each step was entered (the current step changed to it).
    var arrivals: [StepKind: Int] = [:]
    var failures: [String] = []
    var joined: [String] = []
    let started = ContinuousClock.now

    events: for event in 0..<Self.events {
      let advance = fuzzer.clockStep()
      if advance > 0 { world.clock.advance(by: advance) }
      let key = fuzzer.next(state)
      let size = fuzzer.size()
      let before = state.current
      await drive(&state, [.tick(world.clock.now), .key(key)], world)
      coverage[state.current, default: 0] += 1
      if state.current != before { arrivals[state.current, default: 0] += 1 }
      let theme: Theme = event.isMultiple(of: 2) ? .color : .monochrome
      let place = "event \(event), key \(key) at \(size.width)x\(size.height)"
      switch Self.problem(in: state, width: size.width, height: size.height, theme) {
      case nil: break
      case .cellsJoin(let problem): joined.append("\(place): \(problem)")
      case .failure(let problem):
        failures.append("\(place): \(problem)")
        if failures.count >= 5 { break events }
      }
    }

    let elapsed = ContinuousClock.now - started
    let summary = StepKind.allCases.map { "\($0)=\(coverage[$0, default: 0])" }
      .joined(separator: " ")
    let entered = StepKind.allCases.map { "\($0)=\(arrivals[$0, default: 0])" }
      .joined(separator: " ")
    print(
      "[reliability] random keys: \(Self.events) events in \(elapsed); events at each step: "
        + "\(summary); times each step was entered: \(entered)")
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    if let first = joined.first {
      Issue.record("\(joined.count) frames had cells that join; the first: \(first)")
    }
    // The bias works: every step is reached, and the deep ones for a good share of the run.
    for kind in StepKind.allCases {
      #expect(coverage[kind, default: 0] > 0, "no event reached \(kind): \(summary)")
    }
    #expect(coverage[.payment, default: 0] + coverage[.confirmation, default: 0] > Self.events / 50)
  }

  /// What is wrong with `state` and its frame at `width` x `height`, if anything.
  static func problem(in state: RootFeature.State, width: Int, height: Int, _ theme: Theme)
    -> FrameCheck.Problem?
  {
    let kinds = state.flow.path.map(\.kind)
    guard BookingFlow.isValidChain(state.flow.path) else {
      return .failure("the path \(kinds) is not a valid chain")
    }
    guard state.steps.map(\.feature.step) == state.flow.path else {
      return .failure(
        "screen states \(state.steps.map(\.feature.step.kind)) do not match the path \(kinds)")
    }
    let canvas = RootView.render(state, width: width, height: height, theme: theme)
    return FrameCheck.problem(in: canvas, width: width, height: height)
  }
}
