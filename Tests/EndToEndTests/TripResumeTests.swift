import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The trips screen's own flow in a real terminal: kill -9 at each of its steps (the booking,
/// its change's day, flights and quote, its cancellation quote, its cancellation) resumes there,
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

  /// The line of `screen` that holds `text`, without the frame's borders and padding.
  static func line(of screen: String, with text: String) -> String? {
    screen.split(separator: "\n").first { $0.contains(text) }.map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ "))
    }
  }

  /// The change offers' rows on `screen` (the chosen one starts with "› "): each a flight from
  /// IST, with what it costs or gives back.
  static func offerRows(of screen: String) -> [String] {
    screen.split(separator: "\n").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ "))
    }.filter {
      $0.contains(" IST→") && !$0.hasPrefix("Booked:")
        && ($0.contains("  +") || $0.hasSuffix(" back") || $0.hasSuffix("Nothing to pay"))
    }
  }

  /// The change of the booking `reference` opened on `terminal` (at `atBooking`): kill -9 at
  /// its day, at its flights and at its quote resumes each as it was (the day, the rows and the
  /// one chosen, the flight, price and seats held); back from there is the booking again, not
  /// changed.
  func killInChange(
    _ terminal: BookingTerminal, _ reference: String,
    atBooking: @escaping @Sendable (String) -> Bool
  ) async throws {
    let title = "Change the flight of \(reference)"
    try await terminal.press("m")
    let atDay: @Sendable (String) -> Bool = {
      $0.contains(title) && $0.contains("New day:") && $0.contains("Enter see flights")
        && !$0.contains("Asking the airline")
    }
    let searched = try await terminal.waitFor("the change's day", atDay)
    let day = try #require(Self.line(of: searched, with: "New day:"))
    try await killAndResume(terminal, at: "the change's day") {
      atDay($0) && Self.line(of: $0, with: "New day:") == day
    }

    // The flights of the day after the booking's, or of the next day that has some.
    let atOffers: @Sendable (String) -> Bool = {
      $0.contains(title) && $0.contains("Enter choose")
        && Self.offerRows(of: $0).contains { $0.hasPrefix("› ") }
    }
    let noFlights = "No flights of this airline and cabin that day"
    var offered = ""
    for _ in 1...7 where !atOffers(offered) {
      try await terminal.press("Enter")
      offered = try await terminal.waitFor("the change's flights, or none that day") {
        atOffers($0) || (atDay($0) && $0.contains(noFlights))
      }
      if !atOffers(offered) {
        try await terminal.press("Right")
        try await terminal.waitFor("the next day") { atDay($0) && !$0.contains(noFlights) }
      }
    }
    let rows = Self.offerRows(of: offered)
    try #require(atOffers(offered), "no flights to change to in a week:\n\(offered)")
    try await killAndResume(terminal, at: "the change's flights") {
      atOffers($0) && Self.offerRows(of: $0) == rows
    }

    // The second flight when there is one, quoted.
    if rows.count > 1 {
      try await terminal.press("Down")
      try await terminal.waitFor("the second flight chosen") {
        atOffers($0) && Self.offerRows(of: $0).dropFirst().first?.hasPrefix("› ") == true
      }
    }
    let chosen = try #require(rows.count > 1 ? rows[1] : rows.first)
    let flights = try #require(chosen.split(separator: " ").first { $0 != "›" }.map(String.init))
    try await terminal.press("Enter")
    let atChangeQuote: @Sendable (String) -> Bool = {
      $0.contains("Change held") && $0.contains(title) && $0.contains("Seats held: ")
        && Self.line(of: $0, with: "New fare ") != nil
        && $0.contains("│ \(flights) IST→")
    }
    let quoted = try await terminal.waitFor("the change quote", atChangeQuote)
    let seats = try #require(Self.line(of: quoted, with: "Seats held: "))
    let parts = try #require(Self.line(of: quoted, with: "New fare "))
    try await killAndResume(terminal, at: "the change quote") {
      atChangeQuote($0) && Self.line(of: $0, with: "Seats held: ") == seats
        && Self.line(of: $0, with: "New fare ") == parts
    }

    // Back: the flights with the quoted one chosen, the day, the booking as it was.
    try await terminal.press("Escape")
    try await terminal.waitFor("the flights again, the quoted one chosen") {
      atOffers($0) && Self.line(of: $0, with: "› ")?.hasPrefix("› \(flights) ") == true
    }
    try await terminal.press("Escape")
    try await terminal.waitFor("the change's day again", atDay)
    try await terminal.press("Escape")
    try await terminal.waitFor("the booking again", atBooking)
  }

  @Test(
    "opened, in its change (day, flights, quote), at its cancellation quote and cancelled: kill -9 at each resumes there; a trip link opens it cold"
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
    // Its fare allows a change (an economy fare: for a fifth of it and the fare's difference).
    let atBooking: @Sendable (String) -> Bool = {
      $0.contains("Your trips · \(reference)") && $0.contains("c cancel booking")
        && $0.contains("Refund: ") && $0.contains("Change: before departure")
        && $0.contains("m change flight")
    }
    try await terminal.waitFor("the booking opened", atBooking)
    try await killAndResume(terminal, at: "the booking", [], atBooking)

    try await killInChange(terminal, reference, atBooking: atBooking)
    let unchanged = try #require(try await cli.json(["show", reference]) as? [String: Any])
    #expect(unchanged["version"] as? Int == 1 && unchanged["status"] as? String == "booked")

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
