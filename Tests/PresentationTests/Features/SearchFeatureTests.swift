import Airline
import Canvas
import Domain
import Runtime
import SimulatedAirline
import TestSupport
import Testing
import Words

@testable import Presentation
@testable import Screens

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
    // One way, the return is not in the way: Tab goes on to the adults.
    store.send(.key(.tab)) {
      $0.state.date.deselect()
      $0.state.focus = .adults
      $0.state.adults.selectAll()
    }
    store.send(.key(.character("+"))) { $0.state.adults.setText("2") }
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("MUC"), departure: today.adding(days: 1),
      party: .adults(2))
    store.send(.key(.control("s"))) { $0.output = .submitted(criteria) }
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
    // Ctrl-S on the date submits: focus goes to the first field with a message, its text kept
    // and not selected (unlike Tab, which selects the field it reaches).
    store.send(.key(.control("s"))) {
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
    store.send(.key(.control("s"))) {
      $0.state.errors = [
        .destination: "From and To are the same airport.",
        .date: "That day has passed: pick 2026-11-29 or later.",
      ]
    }
    store.finish()
  }

  @Test("adults stay within 1 to 9 with + and -; q and ? keep their meaning on the count")
  func adultBounds() {
    var form = SearchFeature.State(today: today)
    form.focus = .adults
    form.adults.setText("8")
    let store = makeStore(form)
    store.send(.key(.character("+"))) { $0.state.adults.setText("9") }
    store.send(.key(.character("+")))
    store.send(.key(.character("q"))) { $0.handled = false }
    store.send(.key(.character("?")))
    store.send(.key(.backspace)) {
      $0.state.adults.setText("")
      $0.handled = true
    }
    store.send(.key(.character("-"))) { $0.state.adults.setText("1") }
    store.send(.key(.character("-")))
    store.send(.key(.character("3")))  // the count holds one digit: "13" is refused
    store.send(.key(.backspace)) { $0.state.adults.setText("") }
    store.send(.key(.character("3"))) { $0.state.adults.setText("3") }
    store.finish()
  }

  @Test("+ stops where the party would break: 9 seats in all, an infant per adult")
  func partySteppers() {
    var form = SearchFeature.State(today: today)
    form.adults.setText("2")
    form.children.setText("6")
    form.focus = .children
    let store = makeStore(form)
    store.send(.key(.character("+"))) { $0.state.children.setText("7") }
    store.send(.key(.character("+")))  // 2 adults and 7 children take the 9 seats
    store.send(.key(.tab)) {
      $0.state.children.deselect()
      $0.state.focus = .infants
      $0.state.infants.selectAll()
    }
    store.send(.key(.character("+"))) { $0.state.infants.setText("1") }
    store.send(.key(.character("+"))) { $0.state.infants.setText("2") }
    store.send(.key(.character("+")))  // two adults, two laps
    store.send(.key(.backTab)) {
      $0.state.infants.deselect()
      $0.state.focus = .children
      $0.state.children.selectAll()
    }
    store.send(.key(.backTab)) {
      $0.state.children.deselect()
      $0.state.focus = .adults
      $0.state.adults.selectAll()
    }
    store.send(.key(.character("+")))  // no seat left for a third adult
    store.send(.key(.character("-"))) { $0.state.adults.setText("1") }
    store.send(.key(.character("-")))  // at least one adult
    // Typed past a bound, a count is kept as typed for the form to judge.
    store.send(.key(.backspace)) { $0.state.adults.setText("") }
    store.send(.key(.character("9"))) { $0.state.adults.setText("9") }
    store.finish()
  }

  /// A form for IST to MUC on 24 Dec with `focus`, its airports looked up.
  func filled(focus: SearchFeature.Field) -> SearchFeature.State {
    var form = SearchFeature.State(today: today)
    form.origin.setText("IST")
    form.destination.setText("MUC")
    form.date.setText("2026-12-24")
    form.focus = focus
    SearchFeature.refresh(&form, airports: airports)
    return form
  }

  @Test(
    "a round trip: Space on Trip shows the return a week on; the criteria carry it and the party")
  func roundTrip() throws {
    let store = makeStore(filled(focus: .origin))
    store.send(.key(.backTab)) { $0.state.focus = .trip }
    store.send(.key(.character(" "))) {
      $0.state.roundTrip = true
      $0.state.returning.setText("2026-12-31")
    }
    store.send(.key(.character("q"))) { $0.handled = false }
    // The return comes after the date in Tab order.
    store.send(.key(.tab)) {
      $0.state.focus = .origin
      $0.state.origin.selectAll()
      $0.handled = true
    }
    store.send(.key(.tab)) {
      $0.state.origin.deselect()
      $0.state.focus = .destination
      $0.state.destination.selectAll()
    }
    store.send(.key(.tab)) {
      $0.state.destination.deselect()
      $0.state.focus = .date
      $0.state.date.selectAll()
    }
    // Until a return is chosen, it follows the departure.
    store.send(.key(.character("+"))) {
      $0.state.date.setText("2026-12-25")
      $0.state.returning.setText("2027-01-01")
    }
    store.send(.key(.tab)) {
      $0.state.date.deselect()
      $0.state.focus = .returning
      $0.state.returning.selectAll()
    }
    store.send(.key(.pageDown)) {
      $0.state.returning.setText("2027-02-01")
      $0.state.returnChosen = true
    }
    store.send(.key(.backTab)) {
      $0.state.returning.deselect()
      $0.state.focus = .date
      $0.state.date.selectAll()
    }
    // A chosen return stays where it was put.
    store.send(.key(.character("-"))) { $0.state.date.setText("2026-12-24") }
    store.send(.key(.tab)) {
      $0.state.date.deselect()
      $0.state.focus = .returning
      $0.state.returning.selectAll()
    }
    store.send(.key(.tab)) {
      $0.state.returning.deselect()
      $0.state.focus = .adults
      $0.state.adults.selectAll()
    }
    store.send(.key(.character("+"))) { $0.state.adults.setText("2") }
    store.send(.key(.tab)) {
      $0.state.adults.deselect()
      $0.state.focus = .children
      $0.state.children.selectAll()
    }
    store.send(.key(.character("1"))) { $0.state.children.setText("1") }
    store.send(.key(.tab)) {
      $0.state.children.deselect()
      $0.state.focus = .infants
      $0.state.infants.selectAll()
    }
    store.send(.key(.character("+"))) { $0.state.infants.setText("1") }
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("MUC"),
      departure: CalendarDay(iso: "2026-12-24"), returning: CalendarDay(iso: "2027-02-01"),
      party: Party(adults: 2, children: 1, infants: 1))
    store.send(.key(.control("s"))) { $0.output = .submitted(criteria) }
    store.finish()
  }

  @Test("back to one way, the return is neither asked for nor judged, and is kept")
  func backToOneWay() throws {
    var form = filled(focus: .trip)
    form.roundTrip = true
    form.returning.setText("2026-12-01")
    form.returnChosen = true
    let store = makeStore(form)
    store.send(.key(.control("s"))) {
      $0.state.errors = [
        .returning: "Before the departure: pick 2026-12-24 or later."
      ]
      $0.state.focus = .returning
    }
    store.send(.key(.up)) {
      $0.state.focus = .date
      $0.state.date.selectAll()
    }
    // A change of either date takes the dates' messages away; a chosen return stays.
    store.send(.key(.character("+"))) {
      $0.state.date.setText("2026-12-25")
      $0.state.errors = [:]
    }
    store.send(.key(.up)) {
      $0.state.date.deselect()
      $0.state.focus = .destination
      $0.state.destination.selectAll()
    }
    store.send(.key(.up)) {
      $0.state.destination.deselect()
      $0.state.focus = .origin
      $0.state.origin.selectAll()
    }
    store.send(.key(.up)) {
      $0.state.origin.deselect()
      $0.state.focus = .trip
    }
    store.send(.key(.left)) { $0.state.roundTrip = false }
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("MUC"),
      departure: CalendarDay(iso: "2026-12-25"), party: .one)
    store.send(.key(.control("s"))) { $0.output = .submitted(criteria) }
    // Round trip again: the chosen return is where it was.
    store.send(.key(.right)) {
      $0.state.roundTrip = true
      $0.output = nil
    }
    #expect(store.state.state.returning.text == "2026-12-01")
    store.finish()
  }

  @Test("the party and the return are judged at their fields before any search; nothing is lost")
  func partyAndReturnErrors() {
    var form = filled(focus: .origin)
    form.roundTrip = true
    form.returning.setText("2027-11-20")
    form.returnChosen = true
    form.adults.setText("2")
    form.infants.setText("3")
    let store = makeStore(form)
    store.send(.key(.control("s"))) {
      $0.state.errors = [
        .returning: "Flights can be booked up to 355 days ahead: until 2027-11-19.",
        .infants: "No more infants than adults: each sits on an adult's lap.",
      ]
      $0.state.focus = .returning
    }
    // A count's change takes the party's messages away; the return's stays.
    store.send(.key(.tab)) {
      $0.state.focus = .adults
      $0.state.adults.selectAll()
    }
    store.send(.key(.character("+"))) {
      $0.state.adults.setText("3")
      $0.state.errors = [
        .returning: "Flights can be booked up to 355 days ahead: until 2027-11-19."
      ]
    }
    store.send(.key(.tab)) {
      $0.state.adults.deselect()
      $0.state.focus = .children
      $0.state.children.selectAll()
    }
    store.send(.key(.character("7"))) { $0.state.children.setText("7") }
    store.send(.key(.control("s"))) {
      $0.state.errors = [
        .returning: "Flights can be booked up to 355 days ahead: until 2027-11-19.",
        .children: "1 to 9 seats: adults and children together.",
      ]
      $0.state.focus = .returning
    }
    store.finish()

    var noAdult = filled(focus: .adults)
    noAdult.adults.setText("0")
    noAdult.returning.setText("x")  // one way: the return is not judged
    let alone = makeStore(noAdult)
    alone.send(.key(.control("s"))) {
      $0.state.errors = [.adults: "At least one adult (12 or older) travels."]
    }
    alone.finish()
  }

  @Test("the messages are in Turkish on a Turkish form")
  func turkishMessages() {
    var form = filled(focus: .origin)
    form.roundTrip = true
    form.returning.setText("2026-12-20")
    form.returnChosen = true
    form.adults.setText("1")
    form.children.setText("9")
    form.infants.setText("2")
    _ = SearchFeature.reduce(&form, .key(.control("s")), airports: airports, strings: .turkish)
    #expect(
      form.errors == [
        .returning: "Gidişten önce: 2026-12-24 ya da sonrasını seçin.",
        .children: "Yetişkin ve çocuk birlikte 1 ile 9 koltuk.",
        .infants: "Bebekler yetişkinlerden çok olamaz: her bebek bir kucakta uçar.",
      ])
    #expect(
      form.children.text == "9" && form.infants.text == "2" && form.returning.text == "2026-12-20")
  }

  @Test("a form from criteria shows the trip, both days and the party")
  func fromCriteria() throws {
    let round = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), returning: CalendarDay(iso: "2027-01-03"),
      party: Party(adults: 2, children: 3, infants: 1))
    var expected = SearchFeature.State(today: today)
    expected.roundTrip = true
    expected.origin.setText("IST")
    expected.destination.setText("AMS")
    expected.date.setText("2026-12-24")
    expected.returning.setText("2027-01-03")
    expected.returnChosen = true
    expected.adults.setText("2")
    expected.children.setText("3")
    expected.infants.setText("1")
    #expect(SearchFeature.State(today: today, criteria: round) == expected)

    let oneWay = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), party: .adults(3))
    let form = SearchFeature.State(today: today, criteria: oneWay)
    #expect(
      !form.roundTrip
        && form.fieldOrder == [
          .trip, .origin, .destination, .date, .adults, .children, .infants, .search,
        ])
    #expect([form.adults.text, form.children.text, form.infants.text] == ["3", "0", "0"])
    // Submitted as it stands, each form gives back its criteria.
    for (criteria, filled) in [
      (round, SearchFeature.State(today: today, criteria: round)), (oneWay, form),
    ] {
      var state = filled
      let reply = SearchFeature.reduce(
        &state, .key(.control("s")), airports: airports, strings: strings)
      #expect(reply.output == .submitted(criteria))
    }
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
