import Airline
import Step5
import Testing

/// One adult from Istanbul to Amsterdam.
let istanbulAmsterdam = Criteria(origin: "IST", destination: "AMS", date: "2026-12-07", adults: 1)

/// Every screen on an input: the failures of fields that outlive their meaning are gone. One
/// is left, the stack's: back after paying.
@MainActor
@Suite("Step 5: every screen on an input")
struct Step5Tests {
  /// An app on a bag of its own (the shared one would carry one test's fields into the next).
  func app() -> BookingApp { BookingApp(context: BookingFlowContext()) }

  /// Searches, chooses the offer at `index` and enters one passenger.
  func toExtras(_ app: BookingApp, offer index: Int = 0) throws {
    app.search.search(istanbulAmsterdam)
    try app.results().select(index)
    try app.passengers().submit(names: ["Ada Lovelace"], email: "ada@example.com")
  }

  @Test("a traveller books a flight from the search to the confirmation")
  func booksAFlight() throws {
    let app = app()
    app.search.search(istanbulAmsterdam)
    #expect(
      try app.results().lines == [
        "IST → AMS, 2026-12-07", "TK1951  €120", "KL1956  €140", "PC1251  €95",
      ])
    try app.results().select(0)
    try app.passengers().submit(names: ["Ada Lovelace"], email: "ada@example.com")
    try app.extras().chooseSeat("14A")
    try app.extras().addBag()
    try app.extras().confirm()
    #expect(try app.payment().lines == ["TK1951", "Total €165"])
    try app.payment().pay(card: "4242424242424242")
    #expect(
      try app.confirmation().lines == [
        "Booked: BK1", "1 passenger(s) on TK1951", "Sent to ada@example.com",
      ])
    #expect(
      app.navigator.path == [.search, .results, .passengers, .extras, .payment, .confirmation])
  }

  @Test("a seat chosen on one flight is gone after going back to another")
  func noStaleSeat() throws {
    let app = app()
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

  @Test("failure: back after paying reaches the payment of a paid quote")
  func backAfterPaying() throws {
    let app = app()
    try toExtras(app)
    try app.extras().confirm()
    try app.payment().pay(card: "4242424242424242")
    app.back()
    #expect(app.navigator.current == .payment)
    #expect(throws: AirlineError.alreadyPaid) { try app.payment().pay(card: "4242424242424242") }
  }

  @Test("a booking after a link's payment is a booking like any other")
  func afterALink() throws {
    let app = app()
    try toExtras(app)
    try app.extras().confirm()
    let quote = try app.payment().input.quote
    try app.openLink(quoteID: quote.id)
    app.navigator.replace(with: [.search])
    try toExtras(app)
    try app.extras().confirm()
    #expect(try app.payment().lines == ["TK1951", "Total €120"])
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
    #expect(screen.lines == ["KL1956", "Seat 14C, free: 1A 1C 14C", "Bags 0"])
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

  @Test("a field missing from the bag is the owner's error, not a screen's trap")
  func missingFieldIsAnError() {
    let app = app()
    #expect(throws: FlowError.missing("criteria")) { try app.results() }
    #expect(throws: FlowError.missing("draft")) { try app.extras() }
    #expect(throws: FlowError.missing("quote")) { try app.payment() }
    #expect(throws: FlowError.missing("booking")) { try app.confirmation() }
  }

  @Test("a payment link, paid: the confirmation names the contact from the booking")
  func linkThenConfirmation() throws {
    let airline = Airline()
    let offer = Offer(id: "of-ISTAMS-1", flight: "TK1951", price: 120)
    let draft = airline.draft(offer, passengers: [Passenger(name: "Ada")], email: "a@b.c")
    let quote = try airline.quote(draft, extras: Extras())
    let app = BookingApp(context: BookingFlowContext(), airline: airline)
    try app.openLink(quoteID: quote.id)
    try app.payment().pay(card: "4242424242424242")
    #expect(
      try app.confirmation().lines == [
        "Booked: BK1", "1 passenger(s) on TK1951", "Sent to a@b.c",
      ])
  }
}
