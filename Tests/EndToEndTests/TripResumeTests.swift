import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The trips screen's own flow in a real terminal: kill -9 at each of its steps resumes there,
/// and `booking://trip/<REF>` opens it from a cold start.
@Suite("A booking's own flow in a real terminal")
struct TripResumeTests {
  /// Kills the app, starts it again with `arguments`, and waits for `shown`.
  func killAndResume(
    _ terminal: BookingTerminal, at step: String, _ arguments: [String] = [],
    _ shown: @escaping @Sendable (String) -> Bool
  ) async throws {
    let pid = try terminal.panePID()
    #expect(kill(pid, SIGKILL) == 0)
    try await terminal.waitForDeath(of: pid)
    try await terminal.launch(arguments)
    try await terminal.waitFor("the trip resumed at \(step)", shown)
    #expect(DataFiles(root: terminal.dataDirectory).corrupt() == [], "after kill -9 at \(step)")
  }

  @Test(
    "opened, at its cancellation quote and cancelled: kill -9 at each resumes there; a trip link opens it cold"
  )
  func killAtEveryStep() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let cli = try BookingCLI(dataDirectory: terminal.dataDirectory)
    let (reference, _, _) = try await BookingCLICancelTests.booked(cli)

    try await terminal.launch()
    try await terminal.waitFor("┌ Search flights", "From")
    try await terminal.press("C-t")
    try await terminal.waitFor("the trips list") { $0.contains(reference) }
    try await terminal.press("Enter")
    let atBooking: @Sendable (String) -> Bool = {
      $0.contains("Your trips · \(reference)") && $0.contains("c cancel booking")
        && $0.contains("Refund: ")
    }
    try await terminal.waitFor("the booking opened", atBooking)
    try await killAndResume(terminal, at: "the booking", [], atBooking)

    try await terminal.press("c")
    let atQuote: @Sendable (String) -> Bool = {
      $0.contains("Cancel booking \(reference)?") && $0.contains("Refund held")
        && $0.contains("Enter confirm cancellation")
    }
    try await terminal.waitFor("the cancellation quote", atQuote)
    try await killAndResume(terminal, at: "the cancellation quote", [], atQuote)

    try await terminal.press("Enter")
    let cancelled: @Sendable (String) -> Bool = {
      $0.contains("Your trips · \(reference)") && $0.contains("Cancelled on ")
    }
    try await terminal.waitFor("the booking cancelled", cancelled)
    try await killAndResume(terminal, at: "the cancellation", [], cancelled)
    let shown = try #require(try await cli.json(["show", reference]) as? [String: Any])
    #expect(shown["status"] as? String == "cancelled")

    // Leaving the trips forgets them: the next start is at the search form.
    try await terminal.press("Escape")
    try await terminal.waitFor("the trips list again") {
      $0.contains("┌ Your trips ─") && $0.contains("cancelled")
    }
    try await terminal.press("Escape")
    try await terminal.waitFor("┌ Search flights", "From")
    try await killAndResume(terminal, at: "the search form") {
      $0.contains("┌ Search flights") && !$0.contains("Your trips")
    }

    // A trip link opens the booking from a cold start.
    try await killAndResume(
      terminal, at: "the trip link", ["--open", "booking://trip/\(reference)"], cancelled)
  }
}
