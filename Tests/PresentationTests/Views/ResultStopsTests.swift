import Canvas
import Domain
import TestSupport
import Testing
import Widgets
import Words

@testable import Presentation

@Suite("A result's stops")
struct ResultStopsTests {
  /// One row drawn `width` columns wide; its text.
  func row(_ offer: Offer, width: Int, language: Language = .english) -> String {
    var canvas = Canvas(width: width, height: 1)
    let strings = language.strings
    ResultsView.drawRow(
      offer, on: &canvas, in: Rect(x: 0, y: 0, width: width, height: 1), selected: false,
      theme: .color, strings: strings, language: language, priceColumn: 12,
      widths: ResultsView.columnWidths(strings))
    return canvas.description
  }

  @Test("a one-stop flight names its stop's airport; a nonstop says nonstop")
  func stopAirports() throws {
    let via = try Fixture.offer("offer-a", via: true)
    let direct = try Fixture.offer("offer-b", flight: 1951)
    for width in [100, 80] {
      #expect(row(via, width: width).contains("1 stop MUC"), "\(row(via, width: width))")
      #expect(row(direct, width: width).contains("nonstop"), "\(row(direct, width: width))")
    }
    #expect(row(via, width: 100, language: .turkish).contains("1 aktarma MUC"))
  }
}
