import Foundation
import TestSupport
import Testing

/// Two processes paying in one data directory at the same moment, with no session lock between
/// them (as when `session/lock` cannot be opened, or was deleted or swapped): the ledger's own
/// lock keeps one booking per draft.
@Suite("Two processes paying at once")
struct TwoProcessPayTests {
  /// A `paycrash` child paying `quote` under `key`, started and not yet waited for.
  struct Payer {
    let process: Process
    let output: Pipe

    init(_ root: String, quote: String, key: String) throws {
      process = Process()
      process.executableURL = URL(fileURLWithPath: try ToolBinary.path("paycrash"))
      process.arguments = [
        root, String(PayCrashPointTests.start.timeIntervalSince1970), "none", "pay", quote, key,
        PayCrashPointTests.good,
      ]
      output = Pipe()
      process.standardOutput = output
      process.standardError = output
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }

    /// What it printed, once it has ended.
    func finish() -> String {
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }
  }

  @Test("two quotes of one draft paid by two processes at once, 50 rounds: one booking, one charge")
  func twoProcessesOneDraft() async throws {
    try await offTheGlobalExecutor("twoProcessesOneDraft") {
      try await self.twoProcessesOneDraftBody()
    }
  }

  /// The test, run off the global executor: its waits for child processes (or its CPU)
  /// would hold one of that executor's threads.
  func twoProcessesOneDraftBody() async throws {
    let template = try await PayCrashPointTests.Template()
    var cleanup = [template.root]
    defer { for path in cleanup { try? FileManager.default.removeItem(atPath: path) } }
    var problems: [String] = []
    for round in 1...50 {
      let root = try template.copy()
      cleanup.append(root)
      let first = try Payer(root, quote: template.quote.rawValue, key: "first-\(round)")
      let second = try Payer(root, quote: template.otherQuote.rawValue, key: "second-\(round)")
      let outputs = [first.finish(), second.finish()]
      let ledger = PayCrashPointTests.ledger(root, draft: template.draftID)
      if ledger.bookings.count != 1 || ledger.charged.count != 1 {
        problems.append(
          "round \(round): bookings \(ledger.bookings), charges \(ledger.charged); \(outputs)")
      }
      if !outputs.contains(where: { $0.contains("booked ") }) {
        problems.append("round \(round): neither booked: \(outputs)")
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
  }
}
