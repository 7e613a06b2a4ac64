import Airline
import Step6
import Testing

/// One adult from Istanbul to Amsterdam.
let istanbulAmsterdam = Criteria(origin: "IST", destination: "AMS", date: "2026-12-07", adults: 1)

/// The bag replaced by the path of steps in its owner: the last failure, back after paying, is
/// gone by construction, and a late report moves nothing.
@MainActor
@Suite("Step 6: the state machine")
struct Step6Tests {
  /// Searches, chooses the offer at `index` and enters one passenger.
  func toExtras(_ app: BookingApp, offer index: Int = 0) throws {
    app.search.search(istanbulAmsterdam)
    try app.results().select(index)
    try app.passengers().submit(names: ["Ada Lovelace"], email: "ada@example.com")
  }

  @Test(
    "a traveller books a flight: each step carries the one before's output, and paying replaces the path"
  )
  func booksAFlight() throws {
    let app = BookingApp()
    app.search.search(istanbulAmsterdam)
    let offers = Airline().search(istanbulAmsterdam)
    let results = ResultsInput(criteria: istanbulAmsterdam, offers: offers)
    #expect(app.path == [.search, .results(results)])
    try app.results().select(0)
    try app.passengers().submit(names: ["Ada Lovelace"], email: "ada@example.com")
    try app.extras().chooseSeat("14A")
    try app.extras().addBag()
    try app.extras().confirm()
    #expect(app.routes == [.search, .results, .passengers, .extras, .payment])
    #expect(try app.payment().lines == ["TK1951", "Total €165"])
    try app.payment().pay(card: "4242424242424242")
    guard case .confirmation(let booking) = app.current else {
      Issue.record("not at the confirmation: \(app.routes)")
      return
    }
    #expect(app.path == [.confirmation(booking)])
    #expect(
      try app.confirmation().lines == [
        "Booked: BK1", "1 passenger(s) on TK1951", "Sent to ada@example.com",
      ])
  }

  @Test("a seat chosen on one flight is gone after going back to another")
  func noStaleSeat() throws {
    let app = BookingApp()
    try toExtras(app, offer: 0)
    try app.extras().chooseSeat("14A")
    app.back()
    app.back()
    try app.results().select(1)
    try app.passengers().submit(names: ["Ada Lovelace"], email: "ada@example.com")
    #expect(try app.extras().lines[1] == "Seat none, free: 1A 1C 14C")
    try app.extras().confirm()
    #expect(try app.payment().lines == ["KL1956", "Total €140"])
  }

  @Test("back after paying stays on the confirmation: nothing leads to the paid quote")
  func backAfterPaying() throws {
    let app = BookingApp()
    try toExtras(app)
    try app.extras().confirm()
    try app.payment().pay(card: "4242424242424242")
    app.back()
    #expect(app.routes == [.confirmation])
    #expect(throws: FlowError.notOnPath(.payment)) { try app.payment() }
  }

  @Test("a report from a step no longer on the path moves nothing")
  func lateReport() throws {
    let app = BookingApp()
    app.search.search(istanbulAmsterdam)
    let stale = try app.results()
    app.back()
    app.search.search(Criteria(origin: "IST", destination: "LHR", date: "2026-12-07", adults: 2))
    let before = app.path
    stale.select(0)
    #expect(app.path == before)
  }

  @Test("choosing again from an earlier step drops the steps after it")
  func advanceDropsLaterSteps() throws {
    let app = BookingApp()
    try toExtras(app)
    try app.results().select(2)
    #expect(app.routes == [.search, .results, .passengers])
    #expect(try app.passengers().input.offer.flight == "PC1251")
  }

  @Test("a payment link is a path of one step; paid, it is the confirmation")
  func paymentLink() throws {
    let airline = Airline()
    let offer = Offer(id: "of-ISTAMS-1", flight: "TK1951", price: 120)
    let draft = airline.draft(offer, passengers: [Passenger(name: "Ada")], email: "a@b.c")
    let quote = try airline.quote(draft, extras: Extras())
    let app = BookingApp(airline: airline)
    try app.openLink(quoteID: quote.id)
    #expect(app.path == [.payment(PaymentInput(quote: quote))])
    try app.payment().pay(card: "4242424242424242")
    #expect(
      try app.confirmation().lines == [
        "Booked: BK1", "1 passenger(s) on TK1951", "Sent to a@b.c",
      ])
  }

  @Test("the extras screen's test builds only its draft")
  func extrasTestBuildsItsInput() throws {
    let airline = Airline()
    let offer = Offer(id: "of-ISTAMS-2", flight: "KL1956", price: 140)
    let draft = airline.draft(offer, passengers: [Passenger(name: "Ada")], email: "a@b.c")
    var quotes: [Quote] = []
    let screen = ExtrasScreen(draft: draft, airline: airline) { quotes.append($0) }
    screen.chooseSeat("14C")
    try screen.confirm()
    #expect(quotes.map(\.total) == [155])
  }

  @Test("a payment screen's test builds only its input")
  func paymentTestBuildsItsInput() throws {
    let airline = Airline()
    let offer = Offer(id: "of-ISTAMS-1", flight: "TK1951", price: 120)
    let draft = airline.draft(offer, passengers: [Passenger(name: "Ada")], email: "a@b.c")
    let input = PaymentInput(quote: try airline.quote(draft, extras: Extras()))
    let screen = PaymentScreen(input: input, airline: airline) { _ in }
    #expect(screen.lines == ["TK1951", "Total €120"])
  }

  @Test("a screen with no step on the path is an error, not a trap")
  func notOnPath() {
    let app = BookingApp()
    #expect(throws: FlowError.notOnPath(.results)) { try app.results() }
    #expect(throws: FlowError.notOnPath(.payment)) { try app.payment() }
  }
}
