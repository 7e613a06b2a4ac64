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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ToolBinary.path("paycrash"))
        process.arguments = [
          template.root, String(PayCrashPointTests.start.timeIntervalSince1970), "none",
          "exit-reading", template.draftID.rawValue,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(
          decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if text.contains("\nread\n") || text.hasPrefix("read\n") { read += 1 }
        let how = process.terminationReason == .uncaughtSignal ? "signal" : "exit"
        outcomes["\(how) \(process.terminationStatus)", default: 0] += 1
      }
      #expect(read == 200, "each run read the sealed draft before it ended: \(read)")
      #expect(outcomes == ["exit 0": 200], "\(outcomes)")
    }
  }
}
