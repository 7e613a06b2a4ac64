import Foundation
import TestSupport
import Testing

/// The mouse in a real terminal: SGR reports typed into tmux's pane as a terminal sends them.
@Suite("The mouse in a real terminal")
struct MouseBookingTests {
  /// Where `text` first shows on `screen` (column and row from 0), every cell one character.
  static func spot(_ text: String, in screen: String, from first: Int = 0) -> (x: Int, y: Int)? {
    for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where y >= first {
      if let range = line.range(of: text) {
        return (line.distance(from: line.startIndex, to: range.lowerBound), y)
      }
    }
    return nil
  }

  /// Clicks the left button at `spot`: the press and the release as xterm sends them.
  static func click(_ spot: (x: Int, y: Int), on terminal: BookingTerminal) async throws {
    let (column, row) = (spot.x + 1, spot.y + 1)
    try await terminal.type("\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m")
  }

  /// The pane's mouse modes as tmux knows them: any mode on, and the SGR form on ("11", "00").
  static func mouseFlags(_ terminal: BookingTerminal) async throws -> String {
    let pane = try terminal.current()
    return try await terminal.server.command([
      "display-message", "-p", "-t", pane.id, "#{mouse_any_flag}#{mouse_sgr_flag}",
    ]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("Clicking an offer, a seat, Continue and Pay books, and the app asked for the mouse")
  func clickThrough() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    // No price change on Continue: the question it would ask is not what this test is about.
    try await terminal.launch(["--price-changes", "never"])
    let results = try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    #expect(try await Self.mouseFlags(terminal) == "11")

    // The third offer: two rows under the first, which is the row under the headings.
    let headings = try #require(Self.spot("Times", in: results), "\(results)")
    let lines = results.split(separator: "\n", omittingEmptySubsequences: false)
    let row = headings.y + 3
    let flights = try #require(
      lines[row].split(separator: " ").first {
        $0.contains(where: \.isNumber) && $0.contains(where: \.isUppercase)
      }
      .map(String.init), "\(results)")
    try await Self.click((headings.x + 20, row), on: terminal)
    let passengers = try await terminal.waitFor("┌ Passengers · ", "Given name")
    #expect(passengers.contains("┌ Passengers · \(flights)"), "\(flights) in\n\(passengers)")

    let extras = try await terminal.fillPassengers([.ada])
    // A free seat five rows down: the row labelled 5, its first free seat.
    let seatRow = try #require(
      extras.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.hasPrefix("│   5  [")
      }, "\(extras)")
    let line = extras.split(separator: "\n", omittingEmptySubsequences: false)[seatRow]
    let free = try #require(line.range(of: "[ ]"), "no free seat in row 5:\n\(extras)")
    let column = line.distance(from: line.startIndex, to: free.lowerBound)
    try await Self.click((column + 1, seatRow), on: terminal)
    let picked = try await terminal.waitFor("a seat in row 5 for Ada") {
      $0.contains(#/1 Ada Lovelace  5[A-F]/#)
    }

    let proceed = try #require(Self.spot("[ Continue ]", in: picked), "\(picked)")
    try await Self.click(proceed, on: terminal)
    let payment = try await terminal.waitForPaymentForm()
    #expect(payment.contains(#/Seat 5[A-F], passenger 1/#), "\(payment)")

    try await terminal.type(BookingTerminal.payingCard)
    try await terminal.press("Tab")
    try await terminal.type("1230")
    try await terminal.press("Tab")
    try await terminal.type("123")
    let typed = try await terminal.waitFor("the card typed") {
      BookingTerminal.field("CVC", in: $0)?.isEmpty == false
    }
    let pay = try #require(Self.spot("[ Pay ", in: typed), "\(typed)")
    try await Self.click(pay, on: terminal)
    let confirmation = try await terminal.waitFor("Booked!")
    #expect(BookingTerminal.reference(in: confirmation) != nil)

    try await terminal.quitAsked()
  }

  @Test("--no-mouse asks for no mouse mode; without it the modes are on, and off once it quits")
  func noMouse() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(["--no-mouse"])
    try await terminal.waitFor("┌ Search flights", "From")
    #expect(try await Self.mouseFlags(terminal) == "00")
    try await terminal.quitAsked()

    try await terminal.launchShell("trap : INT; " + terminal.shellCommand() + "; echo app-ended")
    try await terminal.waitUntilAppTakesSignals()
    try await terminal.waitFor("┌ Search flights", "From")
    #expect(try await Self.mouseFlags(terminal) == "11")
    try await terminal.quitAsked(untilShellSays: "app-ended")
    #expect(try await Self.mouseFlags(terminal) == "00", "the terminal still reports the mouse")
  }
}
