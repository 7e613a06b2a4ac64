import Canvas
import Domain
import TestSupport
import Testing
import Widgets
import Words

@testable import Presentation
@testable import Screens

@Suite("A result's stops")
struct ResultStopsTests {
  /// One row drawn `width` columns wide; its text.
  func row(_ offer: Offer, width: Int, language: Language = .english) throws -> String {
    var canvas = Canvas(width: width, height: 1)
    let strings = language.strings
    var state = ResultsFeature.State(criteria: try Fixture.criteria())
    state.load = .loaded([offer])
    let layout = ResultsRow.Layout(
      width: width, twoLines: false, state: state, strings: strings, language: language)
    ResultsRow.draw(
      offer, on: &canvas, in: Rect(x: 0, y: 0, width: width, height: 1), selected: false,
      layout: layout, theme: .color, strings: strings, language: language)
    return canvas.description
  }

  @Test("a one-stop flight names its stop's airport; a nonstop says nonstop")
  func stopAirports() throws {
    let via = try Fixture.offer("offer-a", via: true)
    let direct = try Fixture.offer("offer-b", flight: 1951)
    for width in [100, 80] {
      let (stopping, nonstop) = (try row(via, width: width), try row(direct, width: width))
      #expect(stopping.contains("1 stop MUC"), "\(stopping)")
      #expect(nonstop.contains("nonstop"), "\(nonstop)")
    }
    #expect(try row(via, width: 100, language: .turkish).contains("1 aktarma MUC"))
  }
}
