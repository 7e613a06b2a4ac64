import Foundation
import TestSupport
import Testing

/// Progress survives the process: kill -9 at every step, and SIGTERM.
@Suite("Resuming in a real terminal")
struct ResumeTests {
  @Test("kill -9 at every step resumes at that same step, with nothing set aside as corrupt")
  func killAtEveryStep() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()

    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    try await killAndResume(terminal, at: "results") { $0.contains("┌ Results · ") }
    try await terminal.waitForResults()

    let flights = try await terminal.chooseOffer()
    let passengers = try await killAndResume(terminal, at: "passengers") {
      $0.contains("┌ Passengers · \(flights) ") && $0.contains("Given name")
    }
    #expect(BookingTerminal.field("Given name", in: passengers) == "", "\(passengers)")

    try await terminal.fillPassengers([.ada])
    try await killAndResume(terminal, at: "extras") {
      $0.contains("┌ Extras · ") && $0.contains(flights) && $0.contains("Seats")
    }

    try await terminal.continueToPayment()
    try await killAndResume(terminal, at: "payment") {
      $0.contains("┌ Payment · ") && $0.contains("Card number")
    }

    try await terminal.pay(card: BookingTerminal.payingCard)
    let confirmation = try await terminal.waitFor("the confirmation with a reference") {
      $0.contains("Booked!") && BookingTerminal.reference(in: $0) != nil
    }
    let reference = try #require(BookingTerminal.reference(in: confirmation))
    let resumed = try await killAndResume(terminal, at: "confirmation") {
      $0.contains("Booked!") && BookingTerminal.reference(in: $0) != nil
    }
    #expect(BookingTerminal.reference(in: resumed) == reference)
  }

  /// SIGKILLs the app, starts it again on the same data directory, and waits for `step` with
  /// the "Resumed at" notice; checks that nothing was set aside as corrupt.
  @discardableResult
  func killAndResume(
    _ terminal: BookingTerminal, at step: String, _ arguments: [String] = [],
    _ shown: @escaping @Sendable (String) -> Bool
  ) async throws -> String {
    let pid = try terminal.panePID()
    #expect(kill(pid, SIGKILL) == 0)
    try await terminal.waitForDeath(of: pid)
    try await terminal.launch(arguments)
    let screen = try await terminal.waitFor("the app resumed at \(step)") {
      shown($0) && $0.contains("Resumed at \(step)")
    }
    let files = DataFiles(root: terminal.dataDirectory)
    #expect(files.corrupt() == [], "files set aside after kill -9 at \(step)")
    #expect(try files.snapshotPosition().step == step)
    return screen
  }

  @Test("SIGTERM saves the step, restores the terminal and exits with 143")
  func terminateRestoresTerminal() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launchShell(
      terminal.shellCommand() + "; echo EXIT=$?; stty -a")
    let shell = try terminal.panePID()

    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    let app = try terminal.childPID(of: shell)
    #expect(kill(app, SIGTERM) == 0)
    let screen = try await terminal.waitFor("the shell after the app exited") {
      $0.contains("EXIT=") && $0.contains("icanon")
    }
    #expect(screen.contains("EXIT=143"), "\(screen)")
    let words = screen.split { $0 == " " || $0 == "\n" || $0 == ";" }
    #expect(words.contains("icanon"), "canonical input is back on:\n\(screen)")
    #expect(words.contains("echo"), "echo is back on:\n\(screen)")
    #expect(try DataFiles(root: terminal.dataDirectory).snapshotPosition().step == "results")
  }
}
