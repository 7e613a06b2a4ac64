import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import Runtime
import TestSupport
import Testing
import Widgets

@Suite("Random keys through the root feature")
struct RandomKeyTests {
  /// Events in all: two runs of half as many, one per core, each with its own seed and world.
  /// Each event renders and measures a frame of up to 300x100 (about 0.8 ms in a debug build),
  /// and a search for a new route or party makes the fare calendar's year of offers (the most of
  /// a run's time): 10,000 in every run, about 8 s on two quiet cores; `BOOKING_FUZZ=full` runs
  /// 100,000 (before a release: about 130 s), and `BOOKING_RANDOM_KEY_EVENTS` any number.
  static let events =
    ProcessInfo.processInfo.environment["BOOKING_RANDOM_KEY_EVENTS"].flatMap { Int($0) }
    .map { max($0, seeds.count) } ?? FuzzSize.cases(10_000, whole: 100_000)
  static let seeds: [UInt64] = [0xB00C_1A7E_5EED, 0x5EED_0F_B00C]

  /// What one run saw.
  struct Outcome: Sendable {
    var coverage: [StepKind: Int] = [:]
    /// How often each step was entered (the current step changed to it).
    var arrivals: [StepKind: Int] = [:]
    var failures: [String] = []
    var joined: [String] = []
  }

  @Test(
    "Random keys at random sizes: the path stays a chain, one state per step, every frame whole")
  func randomKeys() async throws {
    let started = ContinuousClock.now
    let share = Self.events / Self.seeds.count
    let outcomes = await withTaskGroup(of: Outcome.self) { group in
      // Each run on a serial queue of its own, off Swift's global executor: its minutes of CPU
      // leave the global executor's threads (one per core) to the tests running beside it.
      for seed in Self.seeds {
        group.addTask(executorPreference: SerialTaskExecutor(label: "random-keys-\(seed)")) {
          await Self.run(seed: seed, events: share)
        }
      }
      var all: [Outcome] = []
      for await outcome in group { all.append(outcome) }
      return all
    }
    let elapsed = ContinuousClock.now - started
    var coverage: [StepKind: Int] = [:]
    var arrivals: [StepKind: Int] = [:]
    for outcome in outcomes {
      coverage.merge(outcome.coverage, uniquingKeysWith: +)
      arrivals.merge(outcome.arrivals, uniquingKeysWith: +)
    }
    let failures = outcomes.flatMap(\.failures)
    let joined = outcomes.flatMap(\.joined)
    let summary = StepKind.allCases.map { "\($0)=\(coverage[$0, default: 0])" }
      .joined(separator: " ")
    let entered = StepKind.allCases.map { "\($0)=\(arrivals[$0, default: 0])" }
      .joined(separator: " ")
    print(
      "[reliability] random keys: \(coverage.values.reduce(0, +)) events in \(elapsed); events at "
        + "each step: \(summary); times each step was entered: \(entered)")
    #expect(coverage.values.reduce(0, +) == share * Self.seeds.count)
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

  /// `events` random events from `seed` through a fresh root feature and airline.
  static func run(seed: UInt64, events: Int) async -> Outcome {
    let world = HeadlessWorld(inMemory: true)
    defer { world.remove() }
    var fuzzer = KeyFuzzer(seed: seed)
    var state = RootFeature.State(now: HeadlessWorld.start)
    var outcome = Outcome()
    events: for event in 0..<events {
      let advance = fuzzer.clockStep()
      if advance > 0 { world.clock.advance(by: advance) }
      let key = fuzzer.next(state)
      let size = fuzzer.size()
      let before = state.current
      let path = state.flow.path
      await drive(&state, [.tick(world.clock.now), .key(key)], world)
      outcome.coverage[state.current, default: 0] += 1
      if state.current != before { outcome.arrivals[state.current, default: 0] += 1 }
      let theme: Theme = event.isMultiple(of: 2) ? .color : .monochrome
      let place = "seed \(seed), event \(event), key \(key) at \(size.width)x\(size.height)"
      if Self.neverNavigates(key), state.flow.path != path {
        outcome.failures.append("\(place): moved the path from \(path.map(\.kind))")
        if outcome.failures.count >= 5 { break }
      }
      switch problem(in: state, width: size.width, height: size.height, theme) {
      case nil: break
      case .cellsJoin(let problem): outcome.joined.append("\(place): \(problem)")
      case .failure(let problem):
        outcome.failures.append("\(place): \(problem)")
        if outcome.failures.count >= 5 { break events }
      }
    }
    return outcome
  }

  /// A paste and an Alt key only ever edit a text field.
  static func neverNavigates(_ key: Key) -> Bool {
    switch key {
    case .paste, .alt: true
    default: false
    }
  }

  /// What is wrong with `state` and its frame at `width` x `height`, if anything.
  static func problem(in state: RootFeature.State, width: Int, height: Int, _ theme: Theme)
    -> FrameCheck.Problem?
  {
    let kinds = state.flow.path.map(\.kind)
    guard BookingFlow.isValidChain(state.flow.path) else {
      return .failure("the path \(kinds) is not a valid chain")
    }
    guard state.steps.map(\.screen.step) == state.flow.path else {
      return .failure(
        "screen states \(state.steps.map(\.screen.step.kind)) do not match the path \(kinds)")
    }
    let canvas = RootView.render(state, width: width, height: height, theme: theme)
    return FrameCheck.problem(in: canvas, width: width, height: height)
  }
}
