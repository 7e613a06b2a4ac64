import Foundation
import TestSupport
import Testing

/// Opening the app on a link, from a cold start.
@Suite("Deep links")
struct DeepLinkTests {
  @Test("booking://pay/<quote> opens that quote's payment after quitting, even with --fresh")
  func payLinkColdStart() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()

    let payment = try await terminal.bookUntilPayment()
    let total = try #require(
      payment.split(separator: "\n").first { $0.contains("│ Total ") }.map {
        $0.trimmingCharacters(in: .whitespaces)
      }, "no total line:\n\(payment)")
    let position = try DataFiles(root: terminal.dataDirectory).snapshotPosition()
    #expect(position.step == "payment")
    let quoteID = try #require(position.fields["quoteID"] as? String, "\(position.fields)")

    try await terminal.press("Tab", "Tab", "Tab")  // To the Pay button, where q is not typed.
    try await terminal.press("q")
    try await terminal.waitFor("Quit?")
    try await terminal.press("y")
    try await terminal.waitForExit()

    try await terminal.launch(["--fresh", "--open", "booking://pay/\(quoteID)"])
    let reopened = try await terminal.waitForPaymentForm()
    #expect(reopened.contains(total), "the same quote's total '\(total)':\n\(reopened)")
    #expect(BookingTerminal.headerCountdown(in: reopened) != nil, "\(reopened)")
    #expect(reopened.contains("Opened payment from the link"), "\(reopened)")
  }

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
    try await terminal.launch(["--open", "booking://pay/\(quoteID)"])
    _ = try await terminal.waitForPaymentForm()
    let pid = try terminal.panePID()
    #expect(kill(pid, SIGKILL) == 0)
    try await terminal.waitForDeath(of: pid)
    #expect(try files.snapshotPosition().step == "payment")
    try await terminal.launch()
    let resumed = try await terminal.waitFor("Resumed at payment", "Card number")
    #expect(resumed.contains("┌ Payment · "), "\(resumed)")
    #expect(files.corrupt() == [])
  }

  @Test("booking://pay/<quote> for a quote already paid shows its booking, not the card form")
  func paidQuoteLink() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()

    try await terminal.bookUntilPayment()
    let quoteID = try #require(
      try DataFiles(root: terminal.dataDirectory).snapshotPosition().fields["quoteID"] as? String)
    try await terminal.pay(card: BookingTerminal.payingCard)
    let booked = try await terminal.waitFor("the booking") {
      $0.contains("Booked!") && BookingTerminal.reference(in: $0) != nil
    }
    let reference = try #require(BookingTerminal.reference(in: booked))
    try await terminal.press("q")
    try await terminal.waitFor("Quit?")
    try await terminal.press("y")
    try await terminal.waitForExit()

    try await terminal.launch(["--open", "booking://pay/\(quoteID)"])
    let reopened = try await terminal.waitFor("the paid booking") {
      $0.contains("Booked!") && BookingTerminal.reference(in: $0) != nil
    }
    #expect(BookingTerminal.reference(in: reopened) == reference, "\(reopened)")
    #expect(reopened.contains("Already booked: \(reference)"))
    #expect(!reopened.contains("Card number"), "\(reopened)")
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

  @Test("A search link from an unknown airport opens the results, saying so")
  func unknownAirportLink() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    // A month from today: inside the window, so the airline is asked and names the airport.
    let inAMonth = Date().addingTimeInterval(30 * 86_400).ISO8601Format().prefix(10)
    try await terminal.launch([
      "--open", "booking://search?from=IST&to=XQZ&date=\(inAMonth)&passengers=1",
    ])
    _ = try await terminal.waitFor("No airport has the code XQZ")
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
