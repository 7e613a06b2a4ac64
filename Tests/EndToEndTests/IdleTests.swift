import Foundation
import TestSupport
import Testing

/// An app that waits for a person costs nothing while it waits.
@Suite("Idle")
struct IdleTests {
  @Test(
    "After a search with the airline's own latency, the idle app wakes for nothing: no timer, no thread-pool monitor"
  )
  func idleWakesForNothing() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(latency: nil)  // the simulator's realistic latency: timed waits
    _ = try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    let pid = try terminal.panePID()
    // The results and the fare strip have arrived (nothing is busy), then the app is left alone.
    let screen = try await terminal.waitFor("the fare strip loaded, no spinner") { screen in
      screen.contains("sorted by") && !screen.contains("Loading") && Self.stripLoaded(screen)
        && !["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"].contains { screen.contains($0) }
    }
    try await Self.expectNoWakes(pid: pid, screen: screen)
  }

  @Test(
    "After paying, the idle app on its confirmation wakes for nothing: the payment's own task left no thread-pool monitor behind"
  )
  func idleAfterPaying() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(latency: nil)
    try await terminal.bookUntilPayment()
    try await terminal.pay(card: BookingTerminal.payingCard)
    let screen = try await terminal.waitFor("Booked!")
    try await Self.expectNoWakes(pid: try terminal.panePID(), screen: screen)
  }

  /// Leaves the app at `pid` alone for a second, then watches it for one: no thread of it may
  /// wake.
  static func expectNoWakes(
    pid: Int32, screen: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    // The app is left alone for a second, then watched for one: both are waits on the wall
    // clock, which is what an idle app is measured over.
    try await Task.sleep(for: .seconds(1))
    let before = try Self.switches(of: pid)
    try await Task.sleep(for: .seconds(1))
    let after = try Self.switches(of: pid)
    // Wakes of the threads alive at the end (a thread that ended meanwhile takes its count
    // with it; one that began counts whole). libdispatch's thread-pool monitor, started by the
    // first worker of a global concurrent queue (Task.sleep's, and Swift's global executor),
    // would wake the manager thread once a second: in a watched second, at least once.
    let woken = after.compactMap { thread, now -> (text: String, count: Int)? in
      let count = now.count - (before[thread]?.count ?? 0)
      guard count != 0 else { return nil }
      return ("\(now.name) (\(thread)): \(count)\(before[thread] == nil ? ", new" : "")", count)
    }
    let wakes = woken.reduce(0) { $0 + $1.count }
    #expect(
      wakes == 0, "the idle app woke \(wakes) times in 1 s: \(woken.map(\.text))\n\(screen)",
      sourceLocation: sourceLocation)
  }

  /// Whether the fare strip has its days' fares: its bars, two rows above the row naming the
  /// searched day ("[Th 3]"), hold no "…" (a day still being asked for).
  static func stripLoaded(_ screen: String) -> Bool {
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    guard let days = rows.firstIndex(where: { $0.contains(#/\[\w+ \d+\]/#) }), days >= 2
    else { return false }
    return !rows[days - 2].contains("…")
  }

  /// Context switches of every thread of `pid` by thread ID (each wake of a sleeping thread is
  /// one), with the thread's name.
  static func switches(of pid: Int32) throws -> [String: (name: String, count: Int)] {
    var threads: [String: (name: String, count: Int)] = [:]
    for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
      guard
        let status = try? String(
          contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
      else { continue }  // a thread that just ended
      let lines = status.split(separator: "\n")
      var count = 0
      for line in lines
      where line.hasPrefix("voluntary_ctxt_switches:")
        || line.hasPrefix("nonvoluntary_ctxt_switches:")
      {
        count += Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
      }
      threads[task] = (String(lines.first ?? ""), count)
    }
    return threads
  }
}
