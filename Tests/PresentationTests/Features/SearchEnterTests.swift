import Airline
import Canvas
import Domain
import SimulatedAirline
import TestSupport
import Testing
import Widgets
import Words

@testable import Presentation

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

  @Test("Enter in To, an exact code typed, moves to the date: nothing is searched yet")
  func enterInToMovesOn() {
    var form = SearchFeature.State(today: today)
    let outputs = press(&form, typed("IST") + [.enter] + typed("AMS") + [.enter])
    #expect(outputs == [])
    #expect(form.focus == .date)
    #expect(form.destination.text == "AMS")
  }

  @Test("Enter goes through every field to the Search button, which searches")
  func enterToTheButton() throws {
    var form = SearchFeature.State(today: today)
    #expect(press(&form, typed("IST") + [.enter] + typed("AMS") + [.enter]) == [])
    var visited: [SearchFeature.Field] = [form.focus]
    for _ in 0..<4 {
      #expect(press(&form, [.enter]) == [])
      visited.append(form.focus)
    }
    #expect(visited == [.date, .adults, .children, .infants, .search])
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: today.adding(days: 1),
      party: .adults(1))
    #expect(press(&form, [.enter]) == [.submitted(criteria)])
  }

  @Test("Ctrl-S searches from any field, the highlighted airport taken")
  func controlSFromAnyField() throws {
    var form = SearchFeature.State(today: today)
    let outputs = press(&form, typed("IST") + [.enter] + typed("ams") + [.control("s")])
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: today.adding(days: 1),
      party: .adults(1))
    #expect(outputs == [.submitted(criteria)])
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
