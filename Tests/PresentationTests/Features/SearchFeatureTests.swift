import Airline
import Canvas
import Domain
import Presentation
import SimulatedAirline
import TestSupport
import Testing

@Suite("Search feature")
struct SearchFeatureTests {
  let airports = AirportDirectory.builtIn
  let strings = Strings.english
  let today = CalendarDay(Fixture.now, in: .utc)

  func send(_ state: inout SearchFeature.State, _ keys: [Key])
    -> [FeatureReply<SearchFeature.Action, SearchFeature.Output>]
  {
    keys.map { SearchFeature.reduce(&state, .key($0), airports: airports, strings: strings) }
  }

  @Test("typing a city and Enter takes the suggested airport and moves on; submit gives criteria")
  func happyPath() throws {
    var state = SearchFeature.State(today: today)
    let replies = send(
      &state, typed("ist") + [.enter] + typed("münchen") + [.enter, .tab, .character("+"), .enter])
    var expected = SearchFeature.State(today: today)
    expected.origin.setText("IST")
    expected.destination.setText("MUC")
    expected.passengers.setText("2")
    expected.focus = .passengers
    SearchFeature.refresh(&expected, airports: airports)
    #expect(state == expected)
    #expect(state.named[.destination]?.city == "München")
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("MUC"), departure: today.adding(days: 1),
      passengerCount: 2)
    #expect(replies.last?.output == .submitted(criteria))
    #expect(replies.dropLast().allSatisfy { $0.output == nil && $0.handled })
  }

  @Test("each bad field gets its message at the field, and nothing typed is lost")
  func badInput() {
    var state = SearchFeature.State(today: today)
    _ = send(
      &state, typed("zzzz") + [.tab] + typed("IST") + [.tab, .control("u")] + typed("2020-01-01"))
    let reply = SearchFeature.submit(&state, airports: airports, strings: strings)
    #expect(reply.output == nil)
    #expect(
      state.errors == [
        .origin: "No airport matches 'zzzz'.",
        .date: "That day has passed: pick 2026-11-29 or later.",
      ])
    #expect(state.origin.text == "zzzz")
    #expect(state.date.text == "2020-01-01")
    #expect(state.focus == .origin)
    _ = send(&state, [.control("u")] + typed("IST"))
    #expect(state.errors[.origin] == nil)
    _ = SearchFeature.submit(&state, airports: airports, strings: strings)
    #expect(state.errors[.destination] == "From and To are the same airport.")
    state.focus = .date
    _ = send(&state, [.control("u")] + typed("2027-12-01"))
    _ = SearchFeature.submit(&state, airports: airports, strings: strings)
    #expect(
      state.errors[.date] == "Flights can be booked up to 355 days ahead: until 2027-11-19.")
  }

  @Test("passengers stay within 1 to 9 with + and -")
  func passengerBounds() {
    var state = SearchFeature.State(today: today)
    state.focus = .passengers
    _ = send(&state, Array(repeating: .character("+"), count: 12))
    #expect(state.passengers.text == "9")
    _ = send(&state, Array(repeating: .character("-"), count: 12))
    #expect(state.passengers.text == "1")
    let replies = send(&state, [.character("q"), .character("?"), .backspace, .character("3")])
    #expect(!replies[0].handled && !replies[1].handled, "q and ? keep their meaning on the count")
    #expect(replies[3].handled && state.passengers.text == "3")
  }

  @Test("the same keys from the same state give the same state")
  func replay() {
    let script: [Key] = typed("ams") + [.down, .enter] + typed("jfk") + [.enter, .backTab, .tab]
    var first = SearchFeature.State(today: today)
    var second = SearchFeature.State(today: today)
    _ = send(&first, script)
    _ = send(&second, script)
    #expect(first == second)
    #expect(first.destination.text == "JFK")
  }

  @Test("typing over the prefilled date replaces it, as a browser's select-on-focus does")
  func dateTypedOver() throws {
    var state = SearchFeature.State(today: today)
    _ = send(&state, [.tab, .tab] + typed("2026-12-24"))
    #expect(state.focus == .date)
    #expect(state.date.text == "2026-12-24")
    // A cursor key keeps the text: typing then goes where the cursor is.
    var kept = SearchFeature.State(today: today)
    _ = send(&kept, [.tab, .tab, .backspace])
    #expect(kept.date.text.isEmpty, "Backspace on the selected date clears it")
    var moved = SearchFeature.State(today: today)
    _ = send(&moved, [.tab, .tab, .end, .backspace])
    #expect(moved.date.text == String(today.adding(days: 1).iso.dropLast()))
  }

  @Test("+ and - move the date a day, PageUp and PageDown a month, within the bookable window")
  func dateKeys() throws {
    var state = SearchFeature.State(today: today)
    _ = send(&state, [.tab, .tab, .character("+"), .character("+")])
    #expect(state.date.text == today.adding(days: 3).iso)
    _ = send(&state, [.character("-")])
    #expect(state.date.text == today.adding(days: 2).iso)
    _ = send(&state, Array(repeating: .character("-"), count: 5))
    #expect(state.date.text == today.iso, "not before today")
    _ = send(&state, [.pageDown])
    let nextMonth = try CalendarDay(
      year: today.month == 12 ? today.year + 1 : today.year, month: today.month % 12 + 1,
      day: min(today.day, 28))
    #expect(
      state.date.text == nextMonth.iso || state.date.text.hasPrefix(String(nextMonth.iso.prefix(8)))
    )
    _ = send(&state, [.pageUp, .pageUp])
    #expect(state.date.text == today.iso, "not before today")
    _ = send(&state, Array(repeating: .pageDown, count: 20))
    #expect(state.date.text == today.adding(days: 355).iso, "not past the last bookable day")
  }
}
