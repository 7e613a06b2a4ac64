import Airline
import Canvas
import Domain
import Runtime
import SimulatedAirline
import TestSupport
import Testing
import Words

@testable import Presentation

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

  /// An exhaustive store on the search form for `today`.
  func makeStore(_ state: SearchFeature.State? = nil)
    -> TestStore<FeatureState<SearchFeature.State, SearchFeature.Output>, SearchFeature.Action>
  {
    let (airports, strings) = (airports, strings)
    return TestStore.feature(state ?? SearchFeature.State(today: today)) {
      SearchFeature.reduce(&$0, $1, airports: airports, strings: strings)
    }
  }

  @Test("typing a city and Enter takes the suggested airport and moves on; submit gives criteria")
  func happyPath() throws {
    let ist = try #require(airports.airport(IATACode("IST")))
    let muc = try #require(airports.airport(IATACode("MUC")))
    let store = makeStore()
    store.send(.key(.character("i"))) {
      $0.state.origin.setText("i")
      $0.state.suggested = airports.search("i", limit: 5)
    }
    store.send(.key(.character("s"))) {
      $0.state.origin.setText("is")
      $0.state.suggested = airports.search("is", limit: 5)
    }
    // Three letters name an airport already; lower case, they are still suggested.
    store.send(.key(.character("t"))) {
      $0.state.origin.setText("ist")
      $0.state.suggested = airports.search("ist", limit: 5)
      $0.state.named = [.origin: ist]
    }
    store.send(.key(.enter)) {
      $0.state.origin.setText("IST")
      $0.state.focus = .destination
      $0.state.suggested = []
    }
    store.send(.key(.paste("münchen"))) {
      $0.state.destination.setText("münchen")
      $0.state.suggested = airports.search("münchen", limit: 5)
    }
    #expect(store.state.state.suggested.first == muc)
    // Enter on the destination moves to the date, selected whole so typing replaces it.
    store.send(.key(.enter)) {
      $0.state.destination.setText("MUC")
      $0.state.focus = .date
      $0.state.date.selectAll()
      $0.state.suggested = []
      $0.state.named = [.origin: ist, .destination: muc]
    }
    store.send(.key(.tab)) {
      $0.state.date.deselect()
      $0.state.focus = .passengers
      $0.state.passengers.selectAll()
    }
    store.send(.key(.character("+"))) { $0.state.passengers.setText("2") }
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("MUC"), departure: today.adding(days: 1),
      party: .adults(2))
    store.send(.key(.enter)) { $0.output = .submitted(criteria) }
    store.finish()
  }

  @Test("each bad field gets its message at the field, and nothing typed is lost")
  func badInput() throws {
    let ist = try #require(airports.airport(IATACode("IST")))
    var form = SearchFeature.State(today: today)
    form.origin.setText("zzzz")
    form.destination.setText("IST")
    form.date.setText("2020-01-01")
    form.focus = .date
    SearchFeature.refresh(&form, airports: airports)
    let store = makeStore(form)
    // Enter on the date submits: focus goes to the first field with a message, its text kept
    // and not selected (unlike Tab, which selects the field it reaches).
    store.send(.key(.enter)) {
      $0.state.errors = [
        .origin: "No airport matches 'zzzz'.",
        .date: "That day has passed: pick 2026-11-29 or later.",
      ]
      $0.state.focus = .origin
      $0.state.suggested = airports.search("zzzz", limit: 5)
    }
    // Editing a field takes its message away; the others stay.
    store.send(.key(.control("u"))) {
      $0.state.origin.setText("")
      $0.state.errors[.origin] = nil
      $0.state.suggested = []
    }
    store.send(.key(.paste("IST"))) {
      $0.state.origin.setText("IST")
      $0.state.named = [.origin: ist, .destination: ist]
    }
    store.send(.key(.tab)) {
      $0.state.focus = .destination
      $0.state.destination.selectAll()
    }
    store.send(.key(.enter)) {
      $0.state.errors = [
        .destination: "From and To are the same airport.",
        .date: "That day has passed: pick 2026-11-29 or later.",
      ]
    }
    store.finish()
  }

  @Test("passengers stay within 1 to 9 with + and -; q and ? keep their meaning on the count")
  func passengerBounds() {
    var form = SearchFeature.State(today: today)
    form.focus = .passengers
    form.passengers.setText("8")
    let store = makeStore(form)
    store.send(.key(.character("+"))) { $0.state.passengers.setText("9") }
    store.send(.key(.character("+")))
    store.send(.key(.character("q"))) { $0.handled = false }
    store.send(.key(.character("?")))
    store.send(.key(.backspace)) {
      $0.state.passengers.setText("")
      $0.handled = true
    }
    store.send(.key(.character("-"))) { $0.state.passengers.setText("1") }
    store.send(.key(.character("-")))
    store.send(.key(.character("3")))  // the count holds one digit: "13" is refused
    store.send(.key(.backspace)) { $0.state.passengers.setText("") }
    store.send(.key(.character("3"))) { $0.state.passengers.setText("3") }
    store.finish()
  }

  @Test("Tab selects the prefilled date, so typing replaces it; + steps a whole date a day")
  func dateTypedOverWhole() {
    let store = makeStore()
    store.send(.key(.tab)) { $0.state.focus = .destination }
    store.send(.key(.tab)) {
      $0.state.focus = .date
      $0.state.date.selectAll()
    }
    store.send(.key(.character("2"))) { $0.state.date.setText("2") }
    store.send(.key(.paste("026-12-24"))) { $0.state.date.setText("2026-12-24") }
    store.send(.key(.character("+"))) { $0.state.date.setText("2026-12-25") }
    store.finish()
  }

  @Test("PageUp moves a date a month back, not before today")
  func pageUpBeforeThe28th() {
    var form = SearchFeature.State(today: today)
    form.date.setText("2026-12-25")
    form.focus = .date
    let store = makeStore(form)
    store.send(.key(.pageUp)) { $0.state.date.setText(today.iso) }
    store.finish()
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
