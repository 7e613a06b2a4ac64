import Airline
import Canvas
import Domain
import SimulatedAirline
import TestSupport
import Testing
import Widgets
import Words

@testable import Presentation
@testable import Screens

/// Enter on the search form goes field by field, as in the passengers and payment forms: the
/// search starts from the Search button, or from any field with Ctrl-S, the key the footer names.
@Suite("Enter on the search form")
struct SearchEnterTests {
  let airports = AirportDirectory.builtIn
  let today = CalendarDay(Fixture.now, in: .utc)

  func press(_ state: inout SearchFeature.State, _ keys: [Key]) -> [SearchFeature.Output] {
    keys.compactMap {
      SearchFeature.reduce(&state, .key($0), airports: airports, strings: .english).output
    }
  }

  func typed(_ text: String) -> [Key] { text.map { Key.character($0) } }

  /// An exhaustive store on the form after `keys`, typed through the reducer as a person types
  /// them: each test states the whole change of the keys it is about.
  func store(after keys: [Key])
    -> TestStore<FeatureState<SearchFeature.State, SearchFeature.Output>, SearchFeature.Action>
  {
    var form = SearchFeature.State(today: today)
    _ = press(&form, keys)
    let airports = airports
    return TestStore.feature(form) {
      SearchFeature.reduce(&$0, $1, airports: airports, strings: .english)
    }
  }

  var criteria: SearchCriteria {
    get throws {
      try SearchCriteria(
        origin: IATACode("IST"), destination: IATACode("AMS"), departure: today.adding(days: 1),
        party: .adults(1))
    }
  }

  @Test("Enter in To, an exact code typed, moves to the date: nothing is searched yet")
  func enterInToMovesOn() {
    let store = store(after: typed("IST") + [.enter] + typed("AMS"))
    // The date is reached selected whole, so typing replaces it.
    store.send(.key(.enter)) {
      $0.state.focus = .date
      $0.state.date.selectAll()
      $0.state.suggested = []
    }
    store.finish()
  }

  @Test("Enter goes through every field to the Search button, which searches")
  func enterToTheButton() throws {
    let store = store(after: typed("IST") + [.enter] + typed("AMS") + [.enter])
    // Each field reached is selected whole; the one left is not.
    store.send(.key(.enter)) {
      $0.state.date.deselect()
      $0.state.focus = .adults
      $0.state.adults.selectAll()
    }
    store.send(.key(.enter)) {
      $0.state.adults.deselect()
      $0.state.focus = .children
      $0.state.children.selectAll()
    }
    store.send(.key(.enter)) {
      $0.state.children.deselect()
      $0.state.focus = .infants
      $0.state.infants.selectAll()
    }
    store.send(.key(.enter)) {
      $0.state.infants.deselect()
      $0.state.focus = .search
    }
    let criteria = try criteria
    store.send(.key(.enter)) { $0.output = .submitted(criteria) }
    store.finish()
  }

  @Test("Ctrl-S searches from any field, the highlighted airport taken")
  func controlSFromAnyField() throws {
    let store = store(after: typed("IST") + [.enter] + typed("ams"))
    let criteria = try criteria
    store.send(.key(.control("s"))) {
      $0.state.destination.setText("AMS")
      $0.state.suggested = []
      $0.output = .submitted(criteria)
    }
    store.finish()
  }

  @Test("the footer names Ctrl-S for the search on a field and Enter on the button")
  func hintsNameTheKeys() {
    var form = SearchFeature.State(today: today)
    let strings = Strings.english
    let onField = SearchView.hints(form, strings: strings)
    #expect(
      onField.prefix(2) == [
        KeyHint("Tab/Enter", strings.hintNext), KeyHint("^S", strings.hintSubmit),
      ])
    form.focus = .search
    #expect(SearchView.hints(form, strings: strings).first == KeyHint("Enter", strings.hintSubmit))
    var canvas = Canvas(width: 80, height: 20)
    SearchView.draw(
      form, on: &canvas, in: canvas.bounds, theme: .monochrome, strings: strings,
      language: .english)
    #expect(canvas.lines.contains { $0.contains("[ Search ]") }, "\(canvas)")
  }
}
