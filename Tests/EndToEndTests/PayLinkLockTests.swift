import Foundation
import TestSupport
import Testing

/// A pay link's start takes the airline's ledger once, traced by strace: the recovery of
/// payments a crash cut off tells, in the same hold, whether the link's quote was paid, and the
/// restore's question is answered with that. A count of system calls, not a time.
@Suite(
  "A pay link takes the ledger once",
  .enabled(if: Command.find("strace") != nil, "needs strace (.ci/run installs it)"))
struct PayLinkLockTests {
  @Test("a cold start on booking://pay/<quote>: one lock of the ledger before the payment form")
  func oneLock() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let strace = try #require(Command.find("strace"))
    let quote = try #require(try await cli.quoteForAda()["id"] as? String)
    let root = cli.dataDirectory.path
    let trace = cli.dataDirectory.appendingPathComponent("trace.txt").path
    let app = try BookingTerminal.binaryPath()
    let run = try PtyRun(
      [
        strace, "-f", "-y", "-o", trace, "-e", "trace=flock", app, "--data-dir", root,
        "--latency", "0", "--open", "booking://pay/\(quote)",
      ].map(BookingTerminal.quoted).joined(separator: " "))
    defer { run.close() }
    try await run.waitFor("Card number")
    run.type("\u{3}")
    try await run.waitFor("Quit?")
    run.type("y")
    _ = try await run.waitForExit()
    // The ledger's lock is a flock on the data directory itself (its session has one of its
    // own), which strace names by its real path.
    let real = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
    let locks = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
      .filter { $0.contains("flock(") && $0.contains("<\(real)>") && $0.contains("LOCK_EX") }
    #expect(locks.count == 1, "\(locks.joined(separator: "\n"))")
  }
}
