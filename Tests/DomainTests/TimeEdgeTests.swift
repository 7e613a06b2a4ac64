import Domain
import Foundation
import Testing

/// Dates at the ends of what a file or a clock can hold: every conversion answers, none traps.
@Suite("Time at the edges")
struct TimeEdgeTests {
  /// 9999-12-31T00:00:00Z.
  let lastDay = Date(timeIntervalSince1970: 253_402_214_400)
  /// Further than any `Int` of seconds (about 3 × 10^292 years).
  let beyondInt = Date(timeIntervalSince1970: 1e300)

  @Test("an instant far beyond year 9999 falls on the last day, far before year 1 on the first")
  func calendarDayOfExtremeInstants() throws {
    let last = try CalendarDay(iso: "9999-12-31")
    let first = try CalendarDay(iso: "0001-01-01")
    #expect(CalendarDay(beyondInt, in: .utc) == last)
    #expect(CalendarDay(Date(timeIntervalSince1970: -1e300), in: .utc) == first)
    #expect(CalendarDay(Date(timeIntervalSince1970: .nan), in: .utc) == first)
    #expect(CalendarDay(Date(timeIntervalSince1970: .infinity), in: .utc) == last)
    // Year 10000 has no CalendarDay: the day is the last one there is, not 9999-01-01.
    let newYear10000 = lastDay.addingTimeInterval(86_400 + 2 * 3600)
    #expect(CalendarDay(newYear10000, in: .utc) == last)
    #expect(ZonedTime(instant: newYear10000, zone: .utc).day == last)
  }

  @Test("adding days never overflows and stops at the calendar's ends")
  func addingDays() throws {
    let last = try CalendarDay(iso: "9999-12-31")
    let first = try CalendarDay(iso: "0001-01-01")
    #expect(last.adding(days: 1) == last)
    #expect(last.adding(days: Int.max) == last)
    #expect(first.adding(days: Int.min) == first)
    #expect(first.adding(days: -1) == first)
    #expect(try CalendarDay(iso: "2026-12-31").adding(days: 1) == CalendarDay(iso: "2027-01-01"))
  }

  @Test("an arrival in year 10000 is one calendar day after a departure on 31 December 9999")
  func dayShiftIntoYear10000() {
    let departure = ZonedTime(instant: lastDay.addingTimeInterval(22 * 3600), zone: .utc)
    let arrival = ZonedTime(instant: lastDay.addingTimeInterval(28 * 3600), zone: .utc)
    #expect(departure.days(until: arrival) == 1)
    #expect(arrival.days(until: departure) == -1)
    #expect(arrival.hhmm == "04:00")
  }

  @Test("a time read from a file millions of years away is refused, not a trap")
  func decodedExtremeInstant() throws {
    for seconds in ["1e300", "-1e300", "99999999999999999999999999999999"] {
      let json = #"{"instant": \#(seconds), "timeZoneID": "UTC"}"#
      #expect(throws: DomainError.self, "\(seconds)") {
        try RuleZones.decoder().decode(ZonedTime.self, from: Data(json.utf8))
      }
    }
    let json = #"{"instant": 253402214400, "timeZoneID": "UTC"}"#
    #expect(try RuleZones.decoder().decode(ZonedTime.self, from: Data(json.utf8)).hhmm == "00:00")
  }

  @Test("a quote held until year 9999 or beyond counts its seconds without a trap")
  func quoteAtTheEdges() throws {
    let fare = LineItem(kind: .fare, label: "Fare", amount: try Money("100", "EUR"))
    let now = Date(timeIntervalSince1970: 1_795_953_600)
    let quote = try Quote(
      id: QuoteID("q1"), draftID: DraftID("d1"), extras: .none, lineItems: [fare],
      total: Money("100", "EUR"), expiresAt: beyondInt, issuedAt: now)
    #expect(quote.secondsRemaining(at: now) == Int.max)
    #expect(quote.lockSeconds == Int.max)
    #expect(quote.isValid(at: now))
    let year9999 = try Quote(
      id: QuoteID("q2"), draftID: DraftID("d1"), extras: .none, lineItems: [fare],
      total: Money("100", "EUR"), expiresAt: lastDay, issuedAt: now)
    #expect(year9999.secondsRemaining(at: now) == 251_606_260_800)
  }
}
