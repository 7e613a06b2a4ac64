import Airline
import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A timer armed through `Timers`, to cancel it with.
public struct TimerID: Hashable, Sendable {
  let value: Int
}

/// When the program wakes besides a key: timers at an instant (the countdown's next second, a
/// spinner frame, a replayed key's time), and work for right after the current turn. Dispatch
/// live; a virtual scheduler that a test moves by hand.
@MainActor
public protocol Timers: AnyObject {
  /// Calls `fire` at `deadline` (at once if it has passed), then every `interval` after that
  /// deadline when one is given, until cancelled.
  func schedule(
    at deadline: Date, repeating interval: TimeInterval?, _ fire: @escaping @MainActor () -> Void
  ) -> TimerID
  /// Stops a timer; nothing is fired for it any more.
  func cancel(_ timer: TimerID)
  /// Runs `work` after the current turn of the main actor, before any timer due later.
  func soon(_ work: @escaping @MainActor () -> Void)
}

/// Timers on the main dispatch queue, against `clock`.
@MainActor
public final class DispatchTimers: Timers {
  private let clock: WallClock
  private var sources: [Int: any DispatchSourceTimer] = [:]
  private var next = 0

  public init(clock: WallClock) { self.clock = clock }

  public func schedule(
    at deadline: Date, repeating interval: TimeInterval?, _ fire: @escaping @MainActor () -> Void
  ) -> TimerID {
    next += 1
    let id = next
    // A fire never comes before its deadline by the clock: 2 ms past it, since Dispatch's and
    // the clock's instants are read at different moments.
    let delay = max(0, deadline.timeIntervalSince(clock.now())) + 0.002
    let source = DispatchSource.makeTimerSource(queue: .main)
    if let interval {
      source.schedule(
        deadline: .now() + delay, repeating: interval, leeway: .milliseconds(5))
    } else {
      source.schedule(deadline: .now() + delay, leeway: .milliseconds(5))
    }
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        if interval == nil { self?.sources[id] = nil }
        fire()
      }
    }
    source.resume()
    sources[id] = source
    return TimerID(value: id)
  }

  public func cancel(_ timer: TimerID) {
    sources.removeValue(forKey: timer.value)?.cancel()
  }

  public func soon(_ work: @escaping @MainActor () -> Void) {
    DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
  }
}

/// Timers a test moves by hand with a `ManualClock`: nothing fires until `advance` or `runSoon`,
/// and then in order of deadline, with the clock set to each deadline as it fires.
@MainActor
public final class VirtualTimers: Timers {
  /// The clock the timers run against (also the program's and the airline's, in a test).
  public let clock: ManualClock
  private var timers:
    [Int: (deadline: Date, interval: TimeInterval?, fire: @MainActor () -> Void)] =
      [:]
  private var next = 0
  private var pending: [@MainActor () -> Void] = []

  public init(clock: ManualClock) { self.clock = clock }

  public func schedule(
    at deadline: Date, repeating interval: TimeInterval?, _ fire: @escaping @MainActor () -> Void
  ) -> TimerID {
    next += 1
    timers[next] = (deadline, interval, fire)
    return TimerID(value: next)
  }

  public func cancel(_ timer: TimerID) { timers[timer.value] = nil }

  public func soon(_ work: @escaping @MainActor () -> Void) { pending.append(work) }

  /// How many timers are armed.
  public var armed: Int { timers.count }

  /// The earliest deadline armed, if any.
  public var nextDeadline: Date? { timers.values.map(\.deadline).min() }

  /// Runs the work queued by `soon`, and what that queues, until none is left; returns whether
  /// any ran.
  @discardableResult
  public func runSoon() -> Bool {
    var ran = false
    while !pending.isEmpty {
      ran = true
      pending.removeFirst()()
    }
    return ran
  }

  /// Moves the clock `seconds` on, firing every timer due on the way in order (the clock at its
  /// deadline while it fires), and running what each queues with `soon` after it.
  public func advance(by seconds: TimeInterval) {
    let end = clock.now.addingTimeInterval(seconds)
    runSoon()
    while let (id, timer) = timers.filter({ $0.value.deadline <= end })
      .min(by: { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) })
    {
      if timer.deadline > clock.now { clock.set(timer.deadline) }
      if let interval = timer.interval {
        timers[id]?.deadline = timer.deadline.addingTimeInterval(interval)
      } else {
        timers[id] = nil
      }
      timer.fire()
      runSoon()
    }
    if end > clock.now { clock.set(end) }
  }
}

extension FeatureProgram {
  /// Runs the program until nothing is left to do now, on virtual timers: the work queued for
  /// after this turn (a frame), and the airline's replies, however many rounds they take.
  /// Tests and benchmarks call it after each input.
  public func settle(_ timers: VirtualTimers) async {
    while true {
      let ran = timers.runSoon()
      if store.runningEffects > 0 {
        await store.idle()
        continue
      }
      if !ran { return }
    }
  }
}
