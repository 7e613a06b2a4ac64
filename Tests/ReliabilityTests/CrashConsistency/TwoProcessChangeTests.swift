import Foundation
import TestSupport
import Testing

/// Two processes changing one booking at the same moment, or one changing it while the other
/// cancels it: the ledger's lock lets one outcome through, with its money moved once, and the
/// other is told so (or answered the same).
@Suite("Two processes changing at once")
struct TwoProcessChangeTests {
  typealias Child = TwoProcessCancelTests.Child

  @Test(
    "one change quote confirmed by two processes at once, 50 rounds: both told it is changed, one money record, seats on the new flight"
  )
  func oneQuote() async throws {
    try await offTheGlobalExecutor("twoProcessChangeOneQuote") {
      try await self.rounds(cancellationQuote: false) { root, template in
        [
          try Child(root, mode: "change", template.arguments),
          try Child(root, mode: "change", template.arguments),
        ]
      } judge: { outputs, template in
        let changed = outputs.filter { $0.contains("changed \(template.reference) to version 2") }
        return (changed.count == 2, [.changed])
      }
    }
  }

  @Test(
    "one process cancels a booking while another confirms its change, 50 rounds: one outcome, its money moved once, the other refused"
  )
  func cancelAgainstChange() async throws {
    try await offTheGlobalExecutor("twoProcessChangeAgainstCancel") {
      try await self.rounds(cancellationQuote: true) { root, template in
        let cancellation = try #require(template.cancellation)
        return [
          try Child(
            root, mode: "cancel", [template.reference.rawValue, cancellation.rawValue]),
          try Child(root, mode: "change", template.arguments),
        ]
      } judge: { outputs, template in
        let reference = template.reference
        let cancelled = outputs[0].contains("cancelled \(reference)")
        let changed = outputs[1].contains("changed \(reference) to version 2")
        // The loser is refused: a change of a cancelled booking, or a cancellation quoted
        // before a change moved money (what was paid is no longer what it would refund).
        let changeRefused = outputs[1].contains("refused Booking \(reference) is cancelled.")
        let cancelRefused = outputs[0].contains("refused A newer cancellation quote was given")
        if cancelled, changeRefused, !changed, !cancelRefused { return (true, [.cancelled]) }
        if changed, cancelRefused, !cancelled, !changeRefused { return (true, [.changed]) }
        return (false, [.changed, .cancelled])
      }
    }
  }

  /// 50 rounds, each on a fresh copy of the template: `start` starts the two processes, which
  /// are then waited for (their exits, nothing timed); `judge` says whether their outputs
  /// agree, and which outcomes the records may show.
  func rounds(
    cancellationQuote: Bool,
    _ start: (String, ChangeCrashPointTests.Template) throws -> [Child],
    judge: ([String], ChangeCrashPointTests.Template) -> (
      agreed: Bool, allowed: Set<ChangeCrashPointTests.Outcome>
    )
  ) async throws {
    let template = try await ChangeCrashPointTests.Template(cancellationQuote: cancellationQuote)
    var cleanup = [template.pay.root]
    defer { for path in cleanup { try? FileManager.default.removeItem(atPath: path) } }
    var problems: [String] = []
    var outcomes: [String: Int] = [:]
    for round in 1...50 {
      let root = try template.pay.copy()
      cleanup.append(root)
      let outputs = try start(root, template).map { $0.finish() }
      let (agreed, allowed) = judge(outputs, template)
      if !agreed {
        let ends = outputs.map { $0.split(separator: "\n").filter { !$0.hasPrefix("step ") } }
        problems.append("round \(round): \(ends)")
      }
      problems += ChangeCrashPointTests.outcome(
        root, template, label: "round \(round)", allowed: allowed)
      if agreed, allowed.count == 1, let outcome = allowed.first {
        outcomes[outcome.rawValue, default: 0] += 1
      }
    }
    print("[reliability] two processes changing: \(outcomes.sorted { $0.key < $1.key })")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
