import Airline
import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How long the simulated airline takes to answer, so spinners show and late replies happen.
public struct Latency: Hashable, Sendable {
  /// The shortest and longest answer time in milliseconds.
  public let milliseconds: ClosedRange<Int>

  /// Answers taking between `milliseconds.lowerBound` and `upperBound` ms.
  public init(milliseconds: ClosedRange<Int>) {
    self.milliseconds = max(0, milliseconds.lowerBound)...max(0, milliseconds.upperBound)
  }

  /// Answers at once: for tests.
  public static let none = Latency(milliseconds: 0...0)

  /// A realistic airline API: 150 to 600 ms.
  public static let realistic = Latency(milliseconds: 150...600)

  /// Answers taking exactly `ms` milliseconds.
  public static func fixed(_ ms: Int) -> Latency { Latency(milliseconds: ms...ms) }

  /// Waits one answer's time. Returns at once when there is no latency or the task is cancelled.
  public func pause() async {
    guard milliseconds.upperBound > 0 else { return }
    await Self.wait(milliseconds: Int.random(in: milliseconds))
  }

  /// The queue the waits are timed on.
  private static let timers = DispatchQueue(label: "booking.latency")

  /// Waits `milliseconds`, or until the task is cancelled. Not `Task.sleep`: on Linux it times
  /// its wait on a global concurrent queue, and that queue's first worker thread starts
  /// libdispatch's thread-pool monitor, which wakes the process every second for the rest of
  /// its life (`_dispatch_workq_monitor_pools`). A serial queue's worker is not monitored.
  static func wait(milliseconds: Int) async {
    await wait(microseconds: milliseconds * 1000)
  }

  /// Waits `microseconds`, or until the task is cancelled, as `wait(milliseconds:)` does.
  static func wait(microseconds: Int) async {
    let waiter = Waiter()
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        waiter.start(continuation)
        timers.asyncAfter(deadline: .now() + .microseconds(microseconds)) { waiter.finish() }
      }
    } onCancel: {
      waiter.finish()
    }
  }

  /// One wait's continuation, resumed exactly once: by its time or by a cancellation, whichever
  /// comes first (a cancellation may even come before the wait starts).
  private final class Waiter: Sendable {
    private enum Phase {
      case notStarted, waiting(CheckedContinuation<Void, Never>), finished
    }
    private let phase = Mutex(Phase.notStarted)

    func start(_ continuation: CheckedContinuation<Void, Never>) {
      let finishedAlready = phase.withLock { phase -> Bool in
        guard case .notStarted = phase else { return true }
        phase = .waiting(continuation)
        return false
      }
      if finishedAlready { continuation.resume() }
    }

    func finish() {
      let waiting = phase.withLock { phase -> CheckedContinuation<Void, Never>? in
        defer { phase = .finished }
        if case .waiting(let continuation) = phase { return continuation }
        return nil
      }
      waiting?.resume()
    }
  }
}
