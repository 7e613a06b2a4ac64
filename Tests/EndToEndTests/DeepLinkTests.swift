import Foundation
import TestSupport
import Testing

/// Opening the app on a link, from a cold start.
@Suite("Deep links")
struct DeepLinkTests {
  @Test("booking://pay/<quote> opens that quote's payment after quitting, even with --fresh")
  func payLinkColdStart() async throws {
    let terminal = try BookingTerminal()
    defer { terminal.close() }
    try terminal.launch()

    let payment = try await terminal.bookUntilPayment()
    let total = try #require(
      payment.split(separator: "\n").first { $0.contains("│ Total ") }.map {
        $0.trimmingCharacters(in: .whitespaces)
      }, "no total line:\n\(payment)")
    let position = try DataFiles(root: terminal.dataDirectory).snapshotPosition()
    #expect(position.step == "payment")
    let quoteID = try #require(position.fields["quoteID"] as? String, "\(position.fields)")

    try terminal.press("Tab", "Tab", "Tab")  // To the Pay button, where q is not typed.
    try terminal.press("q")
    try await terminal.waitFor("Quit?")
    try terminal.press("y")
    try await terminal.waitForExit()

    try terminal.launch(["--fresh", "--open", "booking://pay/\(quoteID)"])
    let reopened = try await terminal.waitForPaymentForm()
    #expect(reopened.contains(total), "the same quote's total '\(total)':\n\(reopened)")
    #expect(BookingTerminal.headerCountdown(in: reopened) != nil, "\(reopened)")
  }

  @Test("A link without a quote is refused on stderr with status 64, before touching anything")
  func malformedLink() throws {
    let binary = try BookingBinary.path()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-e2e-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let result = try Command.run(
      binary, ["--data-dir", directory.path, "--open", "booking://pay/"])
    #expect(result.status == 64 && !result.killedBySignal, "status \(result.status)")
    #expect(result.stderr.contains("booking://pay/"), "stderr: \(result.stderr)")
    #expect(result.stderr.contains("cannot open"), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
    #expect(DataFiles(root: directory).all() == [])
  }
}
