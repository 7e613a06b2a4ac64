import Canvas
import Domain
import SimulatedAirline
import TestSupport
import Testing
import Widgets
import Words

@testable import Presentation
@testable import Screens

/// A quote's lines for a round trip with a child and an infant, worded in each language: the
/// children's fares, and the return's seats marked as such.
@Suite("The lines of a round trip")
struct RoundTripLinesTests {
  /// The fixture round trip for Ada, her son Byron (8) and her daughter Annabella (on a lap),
  /// with seats both ways, a bag and insurance, as the simulated airline prices it.
  func lines() throws -> [LineItem] {
    let offer = try Fixture.roundTrip(
      "r1", party: Party(adults: 1, children: 1, infants: 1))
    let draft = try Fixture.draft("d1", for: offer, passengers: Fixture.family())
    let (p1, p2) = (try PassengerID("p1"), try PassengerID("p2"))
    let extras = Extras(
      seats: [p1: try SeatDesignator("12A"), p2: try SeatDesignator("12B")],
      returnSeats: [p1: try SeatDesignator("14C"), p2: try SeatDesignator("14D")],
      bags: [p2: 1], insurance: true)
    return try QuotePricing.lineItems(
      draft: draft, extras: extras,
      seatMaps: [Fixture.seatMap(for: offer), Fixture.seatMap(for: offer, slice: 1)])
  }

  @Test("English says every line as the airline does, the return's seats with (return)")
  func english() throws {
    let lines = try lines()
    #expect(
      lines.map(\.kind) == [
        .fare, .childFare, .infant, .seat, .seat, .seat, .seat, .bag,
        .insurance, .tax,
      ])
    let words = lines.map { Strings.english.lineItem($0, .english) }
    for (line, said) in zip(lines, words) {
      // The outbound's seats are said plainly; the return's are marked.
      #expect(said == line.label.replacing(" (outbound)", with: ""), "\(line)")
    }
    #expect(words[1] == "Child fare, 1 × EUR 291.75")
    #expect(words[5] == "Seat 14C (return), passenger 1")
    #expect(words[6] == "Seat 14D (return), passenger 2")
  }

  @Test("Turkish says every line in Turkish, never the airline's English")
  func turkish() throws {
    let lines = try lines()
    let words = lines.map { Strings.turkish.lineItem($0, .turkish) }
    for (line, said) in zip(lines, words) {
      #expect(said != line.label, "\(line)")
    }
    #expect(words[1].hasPrefix("Çocuk ücreti, 1 × "), "\(words[1])")
    #expect(words[3] == "Koltuk 12A, 1. yolcu")
    #expect(words[5] == "Koltuk 14C (dönüş), 1. yolcu")
  }

  @Test("the payment screen lists the child's fare and both slices' seats")
  func payment() throws {
    let lines = try lines()
    // A quote in one currency: the taxes of the fixture route are counted in euros here.
    let euros = lines.map {
      LineItem(
        kind: $0.kind, label: $0.label, amount: Money($0.amount.amount, .euro),
        quantity: $0.quantity, unitPrice: $0.unitPrice, seat: $0.seat, slice: $0.slice,
        passenger: $0.passenger)
    }
    let quote = try Quote(
      id: QuoteID("q1"), draftID: DraftID("d1"), extras: .none, lineItems: euros,
      total: Money.sum(euros.map(\.amount), in: .euro),
      expiresAt: Fixture.now.addingTimeInterval(900))
    for (language, expected) in [
      (Language.english, ["Child fare, 1 × EUR 291.75", "Seat 14D (return), passenger 2"]),
      (.turkish, ["Çocuk ücreti, 1 ×", "Koltuk 14D (dönüş), 2. yolcu"]),
    ] {
      var canvas = Canvas(width: 80, height: 30)
      PaymentView.draw(
        PaymentFeature.State(quote: quote), on: &canvas,
        in: Rect(x: 0, y: 0, width: 80, height: 30), now: Fixture.now, theme: .monochrome,
        strings: language.strings, language: language, spinner: 0)
      let text = canvas.lines.joined(separator: "\n")
      for words in expected { #expect(text.contains(words), "\(text)") }
    }
  }
}
