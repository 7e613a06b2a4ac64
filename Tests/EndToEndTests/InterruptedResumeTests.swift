import Foundation
import TestSupport
import Testing

/// A saved booking survives whatever happens while it is being resumed, and `--fresh`.
@Suite("A resume that cannot lose the saved booking")
struct InterruptedResumeTests {
  /// Books until payment, then kills the app: the session is saved at payment.
  func savedAtPayment(_ terminal: BookingTerminal) async throws -> Data {
    try await terminal.launch()
    try await terminal.bookUntilPayment()
    let pid = try terminal.panePID()
    #expect(kill(pid, SIGKILL) == 0)
    try await terminal.waitForDeath(of: pid)
    #expect(try DataFiles(root: terminal.dataDirectory).snapshotPosition().step == "payment")
    return try snapshotBytes(terminal)
  }

  func snapshotBytes(_ terminal: BookingTerminal) throws -> Data {
    try Data(
      contentsOf: terminal.dataDirectory.appendingPathComponent("session/snapshot.json"))
  }

  @Test("SIGTERM or SIGHUP 0.1 to 1 s into a slow resume at payment leaves the snapshot as it was")
  func signalDuringResume() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let saved = try await savedAtPayment(terminal)
    for signal in [SIGTERM, SIGHUP] {
      for delay in [0.1, 0.3, 0.6, 1.0] {
        let run = try PtyRun("exec " + terminal.shellCommand(["--latency", "1500"]))
        defer { run.close() }
        try await run.waitUntilAppTakesSignals()
        let app = try await run.app()
        // The delay and the signal on a thread of their own: on a loaded machine the
        // cooperative pool may resume a task late.
        let sent = try await offTheGlobalExecutor("signal-after-\(delay)") {
          usleep(UInt32(delay * 1_000_000))
          return kill(app.pid, signal)
        }
        #expect(sent == 0)
        try await run.waitForExit()
        #expect(
          try snapshotBytes(terminal) == saved,
          "signal \(signal) after \(delay) s changed the saved snapshot")
      }
    }
    let resumed = try PtyRun("exec " + terminal.shellCommand())
    defer { resumed.close() }
    try await resumed.waitFor("Resumed at payment", "Card number")
  }
}

/// A payment cut off by a crash, settled when the app starts again.
@Suite("A payment cut off by a crash")
struct InterruptedPaymentTests {
  /// Books until payment and kills the app; then pays that quote with the `paycrash` helper (the
  /// airline the app uses), killed just after its durable step named `step`.
  func cutOff(_ terminal: BookingTerminal, after step: String) async throws {
    try await terminal.launch()
    try await terminal.bookUntilPayment()
    let pid = try terminal.panePID()
    #expect(kill(pid, SIGKILL) == 0)
    try await terminal.waitForDeath(of: pid)
    let quote = try #require(
      try DataFiles(root: terminal.dataDirectory).snapshotPosition().fields["quoteID"] as? String)
    let helper = try PackageExecutable.path("paycrash")
    let result = try await Command.run(
      helper,
      [
        terminal.dataDirectory.path, String(Date().timeIntervalSince1970), "after:\(step)", "pay",
        quote, "cut-off", BookingTerminal.payingCard,
      ])
    #expect(result.killedBySignal, "the helper was not stopped: \(result.stdout)")
  }

  func bookings(_ terminal: BookingTerminal) -> [String] {
    DataFiles(root: terminal.dataDirectory).all().filter {
      $0.hasPrefix("bookings/") && $0.hasSuffix(".json")
    }
  }

  @Test("charged, then killed before the booking was written: the next start shows the booking")
  func chargedBeforeTheBooking() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await cutOff(terminal, after: "replace payments/")
    #expect(bookings(terminal).isEmpty)
    let run = try PtyRun("exec " + terminal.shellCommand())
    defer { run.close() }
    let screen = try await run.waitFor("the booking the crash cut off") {
      $0.contains("A payment cut off by a crash went through") && $0.contains("Booked!")
    }
    // One booking, and the start shows its reference (spaced out, "A B C 1 2 3").
    let booked = bookings(terminal)
    #expect(booked.count == 1, "\(booked)")
    let reference = try #require(booked.first).dropFirst("bookings/".count).dropLast(".json".count)
    #expect(
      screen.contains(reference.map(String.init).joined(separator: " ")),
      "\(reference) in:\n\(screen)")
    let log = DataFiles(root: terminal.dataDirectory).text("log/booking.log") ?? ""
    #expect(log.contains("payment recovery: cut-off booked"), "\(log)")
  }

  @Test("killed after the intent, before any charge: payment is offered again, and pays once")
  func notCharged() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await cutOff(terminal, after: "replace intents/")
    try await terminal.launch()
    try await terminal.waitFor("A payment cut off by a crash was not charged", "Card number")
    try await terminal.pay(card: BookingTerminal.payingCard)
    try await terminal.waitFor("Booked!")
    #expect(bookings(terminal).count == 1)
    // The attempt the crash cut off paid again under its own key.
    #expect(
      DataFiles(root: terminal.dataDirectory).text("payments/cut-off.json")?.contains("booked")
        == true)
  }
}
