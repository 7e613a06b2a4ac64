import Testing

@testable import SimulatedAirline

@Suite("Latency")
struct LatencyTests {
  /// A wait times itself on a serial queue (not `Task.sleep`), and must still end early when
  /// its task is cancelled: a screen that left does not keep its airline call waiting. The time
  /// limit is far below the hour and far above what a loaded machine needs to schedule these
  /// tasks at all (the suite's long synchronous tests can hold both of a 2-core machine's
  /// cooperative threads for minutes; a one-minute limit failed that way beside a CPU hog).
  @Test("a wait of an hour ends when its task is cancelled", .timeLimit(.minutes(10)))
  func cancelledWaitEnds() async {
    let waiting = Task { await Latency.wait(milliseconds: 3_600_000) }
    waiting.cancel()
    await waiting.value
    // Cancelled before the wait even starts: it returns at once too.
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await Latency.wait(milliseconds: 3_600_000)
    }
    await early.value
  }

  @Test("an uncancelled wait ends by itself", .timeLimit(.minutes(10)))
  func waitEnds() async {
    await Latency.wait(milliseconds: 5)
    await Latency.fixed(5).pause()
    await Latency.none.pause()
  }
}
