import Canvas
import Domain
import Foundation
import SimulatedAirline
import Testing
import Words

@testable import Presentation
@testable import Screens

@Suite("Prices per person, taxes included")
struct PricePerPersonTests {
  func family() throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), returning: CalendarDay(iso: "2026-12-28"),
      party: Party(adults: 2, children: 1, infants: 1))
  }

  @Test("each traveller's price holds the taxes: the party's prices add up to its total")
  func pricesAddUpToTheTotal() async throws {
    let world = TestWorld()
    defer { world.remove() }
    for criteria in [try family(), try world.criteria(passengers: 1), try world.criteria()] {
      let offers = try await world.airline.offers(for: criteria)
      #expect(!offers.isEmpty)
      for offer in offers {
        let prices = offer.perPerson
        let party = offer.party
        let parts =
          [prices.adult.multiplied(by: party.adults)]
          + [
            prices.child?.multiplied(by: party.children),
            prices.infant?.multiplied(by: party.infants),
          ]
          .compactMap { $0 }
        #expect(try Money.sum(parts, in: offer.total.currency) == offer.total, "\(offer.id)")
        #expect(prices.adult.amount > offer.pricePerAdult.amount, "an adult's price left out taxes")
        #expect((prices.child != nil) == (party.children > 0))
        #expect((prices.infant != nil) == (party.infants > 0))
      }
    }
  }

  @Test("the details name what an adult, a child and an infant each pay, in the currency")
  func detailsNameEachTraveller() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let offer = try #require(try await world.airline.offers(for: family()).first)
    let adult = offer.perPerson.adult.formattedBrief()
    let child = try #require(offer.perPerson.child?.formattedBrief())
    let infant = try #require(offer.perPerson.infant?.formattedBrief())
    #expect(adult.hasPrefix("TRY "))
    var canvas = Canvas(width: 100, height: 30)
    OfferDetailsView.draw(
      offer, scroll: 0, on: &canvas, in: canvas.bounds, theme: .monochrome,
      strings: Language.english.strings, language: .english)
    #expect(
      canvas.lines[0].hasSuffix("· \(offer.total.formattedBrief()) total"), "\(canvas.lines[0])")
    #expect(
      canvas.lines[1].trimmingCharacters(in: .whitespaces)
        == "Each, taxes included: \(adult) /adult · \(child) /child · \(infant) /infant",
      "\(canvas.lines[1])")
  }

  @Test("a row's price per adult is one adult's share of the total, with its currency")
  func rowNamesTheCurrency() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let offer = try await world.offer()
    #expect(offer.perPerson.adult.multiplied(by: 2) == offer.total)
    let state = ResultsFeature.State(criteria: try world.criteria())
    var canvas = Canvas(width: 100, height: 30)
    var loaded = state
    loaded.load = .loaded([offer])
    loaded.relist()
    ResultsView.draw(
      loaded, on: &canvas, in: canvas.bounds, theme: .monochrome,
      strings: Language.english.strings, language: .english, spinner: 0)
    let row = try #require(canvas.lines.first { $0.contains(" total ") })
    #expect(row.contains("\(offer.perPerson.adult.formattedBrief()) /adult"), "\(row)")
  }
}
