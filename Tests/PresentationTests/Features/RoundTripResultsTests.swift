import Airline
import Canvas
import Domain
import Foundation
import TestSupport
import Testing
import Words

@testable import Presentation
@testable import Screens

/// Round trips in the results: filters and sorts over both directions, and an offer's details.
@Suite("Round trips in the results")
struct RoundTripResultsTests {
  @Test(
    "nonstop keeps trips nonstop both ways; the time of day reads the outbound; duration is the total"
  )
  func filtersAndSorts() throws {
    let offers = try Fixture.roundTrips()
    var nonstop = ResultsFeature.Filters()
    nonstop.nonstopOnly = true
    #expect(
      ResultsFeature.arrange(offers, sort: .price, filters: nonstop).map(\.id.rawValue) == [
        "r2", "r1", "r5",
      ], "r3 stops both ways, r4 on the way back")
    var night = ResultsFeature.Filters()
    night.dayPart = .night
    #expect(
      ResultsFeature.arrange(offers, sort: .price, filters: night).map(\.id.rawValue) == ["r4"],
      "out at 03:10; back at 07:00 is not what counts")
    var evening = ResultsFeature.Filters()
    evening.dayPart = .evening
    #expect(
      ResultsFeature.arrange(offers, sort: .price, filters: evening).map(\.id.rawValue) == [
        "r3", "r5",
      ])
    // 7h each way and back for r1, r2, r5 (then by departure); 3.5h + 6h; a night in London.
    #expect(
      ResultsFeature.arrange(offers, sort: .duration, filters: .init()).map(\.id.rawValue) == [
        "r1", "r2", "r5", "r4", "r3",
      ])
    #expect(
      ResultsFeature.arrange(offers, sort: .departure, filters: .init()).map(\.id.rawValue) == [
        "r4", "r1", "r2", "r5", "r3",
      ])
  }

  @Test("d opens the highlighted offer's details; arrows scroll them; Enter chooses; Esc closes")
  func detailsKeys() async throws {
    let world = try ResultsScreen(roundTrip: true)
    let store = world.makeStore(try world.loadedState())
    #expect(store.listedIDs == ["r3", "r4", "r2", "r1", "r5"])
    let r3 = try #require(store.state.state.highlighted)
    let lines = OfferDetails.lines(of: r3).count
    store.send(.key(.character("d"))) { $0.state.showsDetails = true }
    store.send(.key(.down)) { $0.state.detailsScroll = 1 }
    store.send(.key(.pageDown)) { $0.state.detailsScroll = 6 }
    store.send(.key(.end)) { $0.state.detailsScroll = lines - 1 }
    store.send(.key(.down))
    // Other keys wait while the details are open; quit still reaches the root.
    store.send(.key(.character("s")))
    store.send(.key(.character("q"))) { $0.handled = false }
    store.send(.key(.home)) {
      $0.state.detailsScroll = 0
      $0.handled = true
    }
    store.send(.key(.escape)) { $0.state.showsDetails = false }
    store.send(.key(.down)) { $0.state.selected = 1 }
    store.send(.key(.character("d"))) { $0.state.showsDetails = true }
    store.send(.key(.enter)) { $0.output = .offerSelected(world.offers[3]) }
    store.finish()
  }

  @Test(
    "the details list every flight with local times and zones, each layover's length, a night and a change of airports"
  )
  func detailsWords() throws {
    let offer = try #require(try Fixture.roundTrips().first { $0.id.rawValue == "r3" })
    var canvas = Canvas(width: 80, height: 24)
    OfferDetailsView.draw(
      offer, scroll: 0, on: &canvas, in: canvas.bounds, theme: .monochrome,
      strings: Language.english.strings, language: .english)
    let text = canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(text[0] == "Flight details · Turkish Airlines · EUR 660 total")
    #expect(text[1] == "Each, taxes included: EUR 330 /adult")
    let expected = [
      "Outbound · IST → AMS · Thu 24 Dec · 3h 30m · 1 stop MUC",
      "TK1971 · 1h 15m · Airbus A320neo",
      "22:40 IST (Europe/Istanbul)",
      "→ 21:55 MUC (Europe/Berlin)",
      "Layover in MUC: 1h",
      "TK1972 · 1h 15m · Airbus A320neo",
      "22:55 MUC (Europe/Berlin)",
      "→ 00:10 AMS (Europe/Amsterdam) +1",
      "",
      "Return · AMS → IST · Mon 28 Dec · 16h 50m · 1 stop LHR",
      "TK2971 · 3h · Boeing 737 MAX 8",
      "19:00 AMS (Europe/Amsterdam)",
      "→ 21:00 LHR (Europe/London)",
      "Layover in LHR/LGW: 10h 5m",
      "! Overnight layover",
      "! Change airports: LHR → LGW",
      "TK2972 · 3h 45m · Boeing 737 MAX 8",
      "07:05 LGW (Europe/London)",
      "→ 13:50 IST (Europe/Istanbul)",
    ]
    #expect(Array(text[2...expected.count + 1]) == expected, "\(canvas)")
    // Munich, 21:55 to 22:55, is no night; London, 21:00 to 07:05, is.
    #expect(offer.outbound.layovers.map(\.isOvernight) == [false])
    #expect(offer.inbound?.layovers.map(\.isOvernight) == [true])
  }

  @Test("a round trip's row: the outbound with the total, the return with the fare per adult")
  func twoLineRow() async throws {
    let world = try ResultsScreen(roundTrip: true)
    let state = try world.loadedState()
    var canvas = Canvas(width: 98, height: 2)
    let layout = ResultsRow.Layout(
      width: 98, twoLines: true, state: state, strings: Language.english.strings,
      language: .english)
    ResultsRow.draw(
      state.listed[0], on: &canvas, in: canvas.bounds, selected: false, layout: layout,
      theme: .monochrome, strings: Language.english.strings, language: .english)
    let lines = canvas.lines
    #expect(lines[0].hasPrefix(" 22:40→00:10+1 TK1971+TK1972"), "\(canvas)")
    #expect(lines[0].contains("1 stop MUC") && lines[0].hasSuffix("EUR 660 total"), "\(canvas)")
    #expect(lines[1].hasPrefix("↩19:00→13:50+1 TK2971+TK2972"), "\(canvas)")
    #expect(lines[1].contains("1 stop LHR") && lines[1].hasSuffix("330 /adult"), "\(canvas)")
  }

  @Test("sorting 30 offers with one of the last highlighted fills every row of the list")
  func fullListAfterSort() async throws {
    let world = try ResultsScreen(passengers: 1)
    var offers: [Offer] = []
    for index in 0..<30 {
      offers.append(
        try Fixture.offer(
          "m\(index)", flight: 1000 + index, hour: index % 24, minute: index, passengers: 1,
          fare: "\(100 + index)"))
    }
    var state = ResultsFeature.State(criteria: world.criteria)
    state.load = .loaded(offers)
    state.relist()
    state.selected = 29
    for key in [Key.character("s"), .character("s")] {
      _ = ResultsFeature.reduce(
        &state, .key(key), now: world.clock.now,
        environment: .test(airline: world.airline, clock: world.clock.wallClock))
      var canvas = Canvas(width: 100, height: 30)
      ResultsView.draw(
        state, on: &canvas, in: canvas.bounds, theme: .monochrome,
        strings: Language.english.strings, language: .english, spinner: 0)
      let rows = canvas.lines.dropFirst(5)
      #expect(rows.allSatisfy { $0.contains("EUR ") }, "\(state.sort):\n\(canvas)")
      let highlighted = try #require(state.highlighted)
      #expect(canvas.description.contains(highlighted.flightNumbers[0].description))
    }
  }
}

@Suite("Amounts in few columns")
struct CompactAmountTests {
  @Test("a fare strip's amounts: three digits and a unit, in each language")
  func compact() throws {
    let cases: [(String, String, String)] = [
      ("0", "0", "0"), ("612", "612", "612"), ("999.49", "999", "999"), ("999.5", "1k", "1B"),
      ("9870", "9.87k", "9,87B"), ("16110", "16.1k", "16,1B"), ("16049", "16k", "16B"),
      ("161000", "161k", "161B"), ("999499", "999k", "999B"), ("999500", "1M", "1Mn"),
      ("1234567", "1.23M", "1,23Mn"),
    ]
    for (amount, english, turkish) in cases {
      let money = try Money(amount, "TRY")
      #expect(Language.english.compactAmount(money) == english, "\(amount)")
      #expect(Language.turkish.compactAmount(money) == turkish, "\(amount)")
    }
  }

  @Test("a result's amounts leave out a fraction of zeros, and the currency when asked")
  func brief() throws {
    #expect(try Money("16110", "TRY").formattedBrief(.english) == "TRY 16,110")
    #expect(try Money("16110", "TRY").formattedBrief(.turkish) == "16.110 TRY")
    #expect(try Money("212.50", "EUR").formattedBrief(.english) == "EUR 212.50")
    #expect(try Money("212.50", "EUR").formattedBrief(.turkish) == "212,50 EUR")
    #expect(
      try Money("6795", "TRY").formattedBrief(.english, withCurrency: false) == "6,795")
    #expect(try Money("1500", "JPY").formattedBrief(.turkish, withCurrency: false) == "1.500")
  }
}
