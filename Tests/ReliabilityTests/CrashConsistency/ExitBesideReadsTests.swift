import Foundation
import TestSupport
import Testing

/// A process that ends while another of its tasks is checking records' seals (the app quit
/// within moments of its first frame, while its first reads of the airline run beside it): the
/// end must not clean libcrypto up under that task.
@Suite("An end beside the airline's reads")
struct ExitBesideReadsTests {
  @Test(
    "a process that ends while another task checks records' seals exits with 0, 200 times in 200")
  func exitBesideReads() async throws {
    try await offTheGlobalExecutor("exitBesideReads") {
      let template = try await PayCrashPointTests.Template()
      defer { try? FileManager.default.removeItem(atPath: template.root) }
      var outcomes: [String: Int] = [:]
      var read = 0
      for _ in 0..<200 {
        let run = try PayCrashPointTests.child(
          template.root, stop: "none", mode: "exit-reading", [template.draftID.rawValue])
        if run.output.split(separator: "\n").contains("read") { read += 1 }
        outcomes[run.end, default: 0] += 1
      }
      #expect(read == 200, "each run read the sealed draft before it ended: \(read)")
      #expect(outcomes == ["exit 0": 200], "\(outcomes)")
    }
  }
}
