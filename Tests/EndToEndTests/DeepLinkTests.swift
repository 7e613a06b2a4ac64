import Foundation
import TestSupport
import Testing

/// Opening the app on a link, from a cold start.
@Suite("Deep links")
struct DeepLinkTests {
  @Test("A pay link's payment is on disk once shown: kill -9 then, and a plain start resumes it")
  func payLinkSavedBeforeShown() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()
    _ = try await terminal.bookUntilPayment()
    let files = DataFiles(root: terminal.dataDirectory)
    let quoteID = try #require(try files.snapshotPosition().fields["quoteID"] as? String)
    // Back to the extras: the saved session is there (saved before the frame that shows it).
    try await terminal.press("Escape")
    try await terminal.waitFor("the extras as the current step") {
      $0.contains("┌ Extras · ") && !$0.contains("┌ Payment · ")
    }
    #expect(try files.snapshotPosition().step == "extras")
    try await terminal.press("C-c")
    try await terminal.waitFor("Quit?")
    try await terminal.press("y")
    try await terminal.waitForExit()

    // The link's restore saves the payment it restored before showing it (on the start's work
    // queue, beside the terminal's start): killed as soon as it shows, the payment is what the
    // next start resumes, not the extras saved before.
    let link = try PtyRun(
      "exec " + terminal.shellCommand(["--latency", "0", "--open", "booking://pay/\(quoteID)"]))
    defer { link.close() }
    _ = try await link.waitFor("┌ Payment · ", "Card number", "[ Pay ")
    #expect(kill(try await link.app().pid, SIGKILL) == 0)
    try await link.waitForExit()
    #expect(try files.snapshotPosition().step == "payment")
    let plain = try PtyRun("exec " + terminal.shellCommand())
    defer { plain.close() }
    let resumed = try await plain.waitFor("Resumed at payment", "Card number")
    #expect(resumed.contains("┌ Payment · "), "\(resumed)")
    #expect(files.corrupt() == [])
  }

  @Test("A pay link to another traveller's quote on a shared airline opens as a quote not found")
  func anotherTravellersPayLink() async throws {
    let airline = try BookingCLI()
    defer { airline.close() }
    let ada = try BookingCLI()
    defer { ada.close() }
    let shared = ["--airline-dir", airline.dataDirectory.path]
    let offers = try #require(
      try await ada.json(shared + ["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
    let offer = try #require(offers.first?["id"] as? String)
    let quote = try #require(
      try await ada.json(
        shared + [
          "quote", offer, "--passenger", "Ms Ada Lovelace 1990-05-04", "--email",
          "ada@example.com", "--phone", "+44 20 7946 0000",
        ]) as? [String: Any])
    let quoteID = try #require(quote["id"] as? String)

    // Alan, in the app with a data directory of his own on the same airline.
    let alan = try PtyApp()
    defer { alan.close() }
    let run = try PtyRun(
      "exec " + alan.command(["--latency", "0"] + shared + ["--open", "booking://pay/\(quoteID)"]))
    defer { run.close() }
    let screen = try await run.waitFor("That price was not found - search again", "From")
    #expect(!screen.contains("Card number"), "\(screen)")
    #expect(!screen.contains("not yours"), "\(screen)")
  }

  @Test("A search link for a day past or too far ahead is refused at launch, like any bad link")
  func outOfWindowLinks() async throws {
    let binary = try BookingTerminal.binaryPath()
    for (date, reason) in [
      ("2020-02-03", "has passed"), ("9999-12-31", "more than 355 days ahead"),
    ] {
      let url = "booking://search?from=IST&to=AMS&date=\(date)&passengers=1"
      let result = try await Command.run(binary, ["--open", url])
      #expect(result.status == 64 && !result.killedBySignal, "\(date): \(result.status)")
      #expect(result.stderr.contains(reason), "\(date): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
  }

  @Test("A link without a quote is refused on stderr with status 64, before touching anything")
  func malformedLink() async throws {
    let binary = try BookingTerminal.binaryPath()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-e2e-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let result = try await Command.run(
      binary, ["--data-dir", directory.path, "--open", "booking://pay/"])
    #expect(result.status == 64 && !result.killedBySignal, "status \(result.status)")
    #expect(result.stderr.contains("booking://pay/"), "stderr: \(result.stderr)")
    #expect(result.stderr.contains("cannot open"), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
    #expect(DataFiles(root: directory).all() == [])
  }
}
