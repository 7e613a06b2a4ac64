import Foundation
import TestSupport
import Testing

/// A round trip for a family, booked in a real terminal from the search form, with kill -9 at
/// every step and a resume; the airline re-prices the offer, and the traveller accepts it.
@Suite("A round trip in a real terminal")
struct RoundTripResumeTests {
  /// `date` moved by `years` and `months`, as YYYY-MM-DD in UTC.
  static func day(_ date: Date, years: Int, months: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let moved = calendar.date(byAdding: DateComponents(year: years, month: months), to: date)
    let parts = calendar.dateComponents([.year, .month, .day], from: moved ?? date)
    return String(
      format: "%04d-%02d-%02d", parts.year ?? 2000, parts.month ?? 1, parts.day ?? 1)
  }

  @Test(
    "IST → AMS → IST for 2 adults, a child and an infant: kill -9 at every step resumes there")
  func familyRoundTrip() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let arguments = ["--price-changes", "always"]
    try await terminal.launch(arguments)
    let resume = ResumeTests()

    // Round trip (Shift-Tab from From to Trip), IST → AMS, the default days, 2A 1C 1I.
    try await terminal.waitFor("┌ Search flights", "From")
    try await terminal.press("BTab", "Space", "Tab")
    try await terminal.type("ist")
    try await terminal.press("Enter")
    try await terminal.type("ams")
    try await terminal.press("Enter", "Tab", "Tab", "+", "Tab", "+", "Tab", "+")
    try await terminal.waitFor("the form filled for a family round trip") { screen in
      BookingTerminal.field("Trip", in: screen) == "Round"
        && BookingTerminal.field("Adults", in: screen) == "2"
        && BookingTerminal.field("Children", in: screen) == "1"
        && BookingTerminal.field("Infants", in: screen) == "1"
    }
    try await terminal.press("C-s")
    try await terminal.waitFor("round-trip results") {
      $0.contains("┌ Results · IST ⇄ AMS") && $0.contains("2 adults, 1 child, 1 infant")
    }
    try await resume.killAndResume(terminal, at: "results", arguments) {
      $0.contains("┌ Results · IST ⇄ AMS") && $0.contains(#/\d+ offers/#)
    }

    try await terminal.press("Enter")
    try await terminal.waitFor("┌ Passengers · ", "Adult 2", "Infant (on a lap)")
    try await resume.killAndResume(terminal, at: "passengers", arguments) {
      $0.contains("┌ Passengers · ") && $0.contains("⇄") && $0.contains("Infant (on a lap)")
    }

    let now = Date()
    let family = [
      Traveller(given: "Ada", family: "Lovelace", born: "1990-01-01"),
      Traveller(given: "Alan", family: "Turing", born: "1985-05-05"),
      Traveller(given: "Byron", family: "Lovelace", born: Self.day(now, years: -7, months: 0)),
      Traveller(given: "Annabella", family: "Lovelace", born: Self.day(now, years: 0, months: -6)),
    ]
    for traveller in family {
      try await terminal.press("Right", "Tab")
      try await terminal.type(traveller.given)
      try await terminal.press("Tab")
      try await terminal.type(traveller.family)
      try await terminal.press("Tab")
      try await terminal.type(traveller.born)
      try await terminal.press("Tab")
    }
    try await terminal.type("ada@example.com")
    try await terminal.press("Tab")
    try await terminal.type("+905551234567")
    try await terminal.press("Tab", "Enter")
    let extras: @Sendable (String) -> Bool = {
      $0.contains("┌ Extras · ") && $0.contains("Outbound") && $0.contains("Return")
    }
    try await terminal.waitFor("the extras of a round trip", extras)
    try await resume.killAndResume(terminal, at: "extras", arguments, extras)

    // A seat for Ada on the outbound, then on the return. Seats are not saved before they are
    // priced: a kill at the airline's question resumes at extras without them.
    for attempt in 0..<2 {
      try await terminal.press("Enter")
      try await terminal.waitFor("Ada's outbound seat") {
        BookingTerminal.seat(of: .ada, in: $0) != nil
      }
      try await terminal.press("]", "Enter")
      try await terminal.waitFor("Ada's return seat") {
        $0.contains("Seat ") && $0.contains("(return), passenger 1")
      }
      try await terminal.press("c")
      try await terminal.waitFor("The airline changed the price", "[ Accept the new price ]")
      if attempt == 0 { try await resume.killAndResume(terminal, at: "extras", arguments, extras) }
    }
    try await terminal.press("Enter")
    try await terminal.waitForPaymentForm()
    let payment = try await resume.killAndResume(terminal, at: "payment", arguments) {
      $0.contains("┌ Payment · ") && $0.contains("Card number") && $0.contains("Fare and taxes:")
    }
    #expect(payment.contains("(return)"), "a return seat line:\n\(payment)")

    // The round trip's pay link from a cold start opens the same payment.
    let files = DataFiles(root: terminal.dataDirectory)
    let quoteID = try #require(try files.snapshotPosition().fields["quoteID"] as? String)
    let pid = try terminal.panePID()
    #expect(kill(pid, SIGKILL) == 0)
    try await terminal.waitForDeath(of: pid)
    try await terminal.launch(arguments + ["--open", "booking://pay/\(quoteID)"])
    let opened = try await terminal.waitFor("the pay link's payment") {
      $0.contains("Opened payment") && $0.contains("Card number") && $0.contains("(return)")
        && $0.contains("Fare and taxes:")
    }
    #expect(opened.contains("IST ⇄ AMS"), "\(opened)")

    try await terminal.pay(card: BookingTerminal.payingCard)
    let confirmation = try await terminal.waitFor("the confirmation") {
      $0.contains("Booked!") && BookingTerminal.reference(in: $0) != nil
    }
    let reference = try #require(BookingTerminal.reference(in: confirmation))
    let resumed = try await resume.killAndResume(terminal, at: "confirmation", arguments) {
      $0.contains("Booked!") && BookingTerminal.reference(in: $0) != nil
        && $0.contains("Outbound") && $0.contains("Return")
    }
    #expect(BookingTerminal.reference(in: resumed) == reference)
  }
}
