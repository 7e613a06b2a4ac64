import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import Program
import Testing

/// What a traveller expects of the forms and the results, in process.
@MainActor
@Suite("What a traveller expects, in process")
struct ProgramTravellerTests {
  /// The day `days` after the run's start, as the search form takes it and as a panel title
  /// shows it, with its weekday.
  func day(_ days: Int) -> (iso: String, short: String) {
    let day = CalendarDay(Run.start.addingTimeInterval(Double(days) * 86_400), in: .utc)
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    let parts = day.iso.split(separator: "-").compactMap { Int($0) }
    return (
      day.iso, "\(weekdays[(day.isoWeekday + 6) % 7]) \(parts[2]) \(months[parts[1] - 1])"
    )
  }

  @Test("a date typed over the prefilled one searches that day; ] searches the next day")
  func typedDateAndNextDay() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    #expect(run.text.contains("┌ Search flights"), "\(run.text)")
    let (iso, short) = day(20)
    await run.type("ist")
    await run.press(.enter)
    await run.type("ams")
    await run.press(.enter)
    // The date field has focus, its text selected: typing replaces it.
    await run.type(iso)
    await run.press(.control("s"))
    #expect(run.text.contains("┌ Results · IST → AMS, \(short)"), "\(run.text)")
    #expect(run.text.contains(#/\d+ offers · sorted by price/#), "\(run.text)")
    await run.type("]")
    #expect(run.text.contains("┌ Results · IST → AMS, \(day(21).short)"), "\(run.text)")
    #expect(run.savedPosition?.kind == .results)
    #expect(run.session.load().snapshot?.criteria?.departure.iso == day(21).iso)
  }

  @Test("an airline unticked narrows the list, survives a sort, not a new search")
  func airlineFilter() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam()
    let results = run.text
    // The airline of the first offer listed: its flights are on screen before the filter.
    let first = try #require(
      results.firstMatch(of: #/\d\d:\d\d→\d\d:\d\d\S*\s+([A-Z0-9]{2})\d+/#).map {
        String($0.output.1)
      }, "\(results)")
    let flights = try Regex("\\s\(first)\\d+")
    #expect(results.contains(flights))
    await run.type("a")
    let checklist = run.text
    #expect(checklist.contains("Airlines shown"), "\(checklist)")
    let codes = checklist.matches(of: #/\[x\] ([A-Z0-9]{2})  /#).map { String($0.output.1) }
    let index = try #require(codes.firstIndex(of: first), "\(checklist)")
    for _ in 0..<index { await run.press(.down) }
    await run.press(.character(" "), .escape)
    let narrowed = run.text
    #expect(narrowed.contains("without \(first)"), "\(narrowed)")
    #expect(narrowed.contains(#/\d+ of \d+ offers/#), "\(narrowed)")
    #expect(!narrowed.contains(flights), "its flights are gone:\n\(narrowed)")
    await run.type("s")
    #expect(run.text.contains("sorted by departure"), "\(run.text)")
    #expect(run.text.contains("without \(first)"), "\(run.text)")
    await run.press(.escape)
    #expect(run.text.contains("┌ Search flights"), "\(run.text)")
    await run.press(.control("s"))
    let again = run.text
    #expect(again.contains("┌ Results · "), "\(again)")
    #expect(again.contains(#/\d+ offers · sorted by price/#), "\(again)")
    #expect(!again.contains("without"), "a new search starts unfiltered:\n\(again)")
  }

  @Test("an expiry typed 12/30, slash and all, pays")
  func expiryWithSlash() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.bookUntilPayment()
    await run.pay(card: Run.payingCard, expiry: "12/30")
    #expect(run.text.contains("Booked!"), "\(run.text)")
    #expect(run.current == .confirmation)
  }
}
