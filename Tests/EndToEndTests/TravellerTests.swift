import Foundation
import TestSupport
import Testing

/// What a traveller expects of the forms and the results, in a real terminal.
@Suite("What a traveller expects")
struct TravellerTests {
  /// The date `days` from now, as the search form takes it and as a panel title shows it.
  func day(_ days: Int) -> (iso: String, short: String) {
    let date = Date().addingTimeInterval(Double(days) * 86_400)
    let iso = String(date.ISO8601Format().prefix(10))
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let parts = iso.split(separator: "-").compactMap { Int($0) }
    return (iso, "\(parts[2]) \(months[parts[1] - 1])")
  }

  @Test("a date typed over the prefilled one searches that day; ] searches the next day")
  func typedDateAndNextDay() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()
    try await terminal.waitFor("┌ Search flights", "From")
    let (iso, short) = day(20)
    try await terminal.type("ist")
    try await terminal.press("Enter")
    try await terminal.type("ams")
    try await terminal.press("Enter")
    // The date field has focus, its text selected: typing replaces it.
    try await terminal.type(iso)
    try await terminal.press("Enter")
    try await terminal.waitFor("┌ Results · IST → AMS, \(short)")
    try await terminal.waitForResults()
    try await terminal.press("]")
    try await terminal.waitFor("┌ Results · IST → AMS, \(day(21).short)")
    #expect(try DataFiles(root: terminal.dataDirectory).snapshotPosition().step == "results")
  }

  @Test("an airline unticked narrows the list, survives a sort, not a new search")
  func airlineFilter() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()
    let results = try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    // The airline of the first offer listed: its flights are on screen before the filter.
    let first = try #require(
      results.firstMatch(of: #/\d\d:\d\d→\d\d:\d\d\S*\s+([A-Z0-9]{2})\d+/#).map {
        String($0.output.1)
      }, "\(results)")
    let flights = try Regex("\\s\(first)\\d+")
    #expect(results.contains(flights))
    try await terminal.press("a")
    let checklist = try await terminal.waitFor("Airlines shown")
    let codes = checklist.matches(of: #/\[x\] ([A-Z0-9]{2})  /#).map { String($0.output.1) }
    let index = try #require(codes.firstIndex(of: first), "\(checklist)")
    for _ in 0..<index { try await terminal.press("Down") }
    try await terminal.press("Space", "Escape")
    let narrowed = try await terminal.waitFor("without \(first)")
    #expect(narrowed.contains(#/\d+ of \d+ offers/#), "\(narrowed)")
    #expect(!narrowed.contains(flights), "its flights are gone:\n\(narrowed)")
    try await terminal.press("s")
    try await terminal.waitFor("sorted by departure", "without \(first)")
    try await terminal.press("Escape")
    try await terminal.waitFor("┌ Search flights")
    try await terminal.press("Enter")
    let again = try await terminal.waitForResults()
    #expect(!again.contains("without"), "a new search starts unfiltered:\n\(again)")
  }

  @Test("an expiry typed 12/30, slash and all, pays")
  func expiryWithSlash() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()
    try await terminal.bookUntilPayment()
    try await terminal.pay(card: BookingTerminal.payingCard, expiry: "12/30")
    try await terminal.waitFor("Booked!")
  }
}
