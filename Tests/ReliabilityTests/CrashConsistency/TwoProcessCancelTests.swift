import Foundation
import TestSupport
import Testing

/// Two processes cancelling one booking at the same moment: the ledger's lock lets one
/// cancellation through, with one refund, and the other is told so (or answered the same).
@Suite("Two processes cancelling at once")
struct TwoProcessCancelTests {
  /// A `paycrash` child in `mode` with `arguments`, started and not yet waited for.
  struct Child {
    let process: Process
    let output: Pipe

    init(_ root: String, mode: String, _ arguments: [String]) throws {
      process = Process()
      process.executableURL = URL(fileURLWithPath: try ToolBinary.path("paycrash"))
      process.arguments =
        [root, String(PayCrashPointTests.start.timeIntervalSince1970), "none", mode] + arguments
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

  @Test(
    "one booking cancelled by two processes at once, 50 rounds, each with its own new quote: one cancellation, one refund, seats free"
  )
  func twoQuotes() async throws {
    try await offTheGlobalExecutor("twoProcessCancelQuotes") {
      try await self.rounds { root, template in
        let reference = template.reference.rawValue
        return [
          try Child(root, mode: "quote-cancel", [reference]),
          try Child(root, mode: "quote-cancel", [reference]),
        ]
      }
    }
  }

  @Test(
    "one cancellation quote confirmed by two processes at once, 50 rounds: both told it is cancelled, one refund"
  )
  func oneQuote() async throws {
    try await offTheGlobalExecutor("twoProcessCancelOneQuote") {
      try await self.rounds { root, template in
        [
          try Child(root, mode: "cancel", template.arguments),
          try Child(root, mode: "cancel", template.arguments),
        ]
      }
    }
  }

  func rounds(
    _ start: (String, CancelCrashPointTests.Template) throws -> [Child]
  ) async throws {
    let template = try await CancelCrashPointTests.Template()
    var cleanup = [template.pay.root]
    defer { for path in cleanup { try? FileManager.default.removeItem(atPath: path) } }
    var problems: [String] = []
    for round in 1...50 {
      let root = try template.pay.copy()
      cleanup.append(root)
      let outputs = try start(root, template).map { $0.finish() }
      let cancelled = outputs.filter { $0.contains("cancelled \(template.reference)") }
      // The one that lost the race is told the booking is cancelled, or that a newer quote
      // replaced its own: never a second cancellation.
      let told = outputs.filter {
        $0.contains("refused Booking \(template.reference) is cancelled.")
          || $0.contains("refused A newer cancellation quote was given")
      }
      if cancelled.isEmpty || cancelled.count + told.count != 2 {
        let ends = outputs.map { $0.split(separator: "\n").filter { !$0.hasPrefix("step ") } }
        problems.append("round \(round): \(ends)")
      }
      problems += CancelCrashPointTests.outcome(
        root, template, label: "round \(round)", mustBeCancelled: true)
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
