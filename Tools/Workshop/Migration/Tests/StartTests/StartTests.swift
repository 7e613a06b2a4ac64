import Airline
import Foundation
import Start
import Testing

/// One adult from Istanbul to Amsterdam.
let istanbulAmsterdam = Criteria(origin: "IST", destination: "AMS", date: "2026-12-07", adults: 1)

/// The flow on the bag: it books, and the article's failures are there. Each failure's test
/// asserts the failure; as a step takes it away the test turns red, and is turned around.
@MainActor
@Suite("Start: screens on the bag")
struct StartTests {
  /// An app on a bag of its own (the shared one would carry one test's fields into the next).
  func app() -> BookingApp { BookingApp(context: BookingFlowContext()) }

  /// Searches, chooses the offer at `index` and enters one passenger.
  func toExtras(_ app: BookingApp, offer index: Int = 0) {
    app.search.search(istanbulAmsterdam)
    app.results.select(index)
    app.passengers.submit(names: ["Ada Lovelace"], email: "ada@example.com")
  }

  @Test("a traveller books a flight from the search to the confirmation")
  func booksAFlight() throws {
    let app = app()
    app.search.search(istanbulAmsterdam)
    #expect(
      app.results.lines == [
        "IST → AMS, 2026-12-07", "TK1951  €120", "KL1956  €140", "PC1251  €95",
      ])
    app.results.select(0)
    app.passengers.submit(names: ["Ada Lovelace"], email: "ada@example.com")
    app.extras.chooseSeat("14A")
    app.extras.addBag()
    try app.extras.confirm()
    #expect(app.payment.lines == ["TK1951", "Total €165"])
    try app.payment.pay(card: "4242424242424242")
    #expect(
      app.confirmation.lines == [
        "Booked: BK1", "1 passenger(s) on TK1951", "Sent to ada@example.com",
      ])
    #expect(
      app.navigator.path == [.search, .results, .passengers, .extras, .payment, .confirmation])
  }

  @Test("failure: a seat chosen on one flight is still chosen after going back to another")
  func staleSeat() throws {
    let app = app()
    toExtras(app, offer: 0)
    app.extras.chooseSeat("14A")
    app.back()
    app.back()
    app.results.select(1)
    app.passengers.submit(names: ["Ada Lovelace"], email: "ada@example.com")
    #expect(app.extras.lines[1] == "Seat 14A, free: 1A 1C 14C")
    #expect(throws: AirlineError.seatTaken("14A")) { try app.extras.confirm() }
  }

  @Test("failure: back after paying reaches the payment of a paid quote")
  func backAfterPaying() throws {
    let app = app()
    toExtras(app)
    try app.extras.confirm()
    try app.payment.pay(card: "4242424242424242")
    app.back()
    #expect(app.navigator.current == .payment)
    #expect(throws: AirlineError.alreadyPaid) { try app.payment.pay(card: "4242424242424242") }
  }

  @Test("failure: reset() misses the newest field, so the next booking is 'from a link'")
  func resetMissesAField() throws {
    let app = app()
    toExtras(app)
    try app.extras.confirm()
    let quoteID = try #require(app.context.quote?.id)
    try app.openLink(quoteID: quoteID)
    app.context.reset()
    app.navigator.replace(with: [.search])
    toExtras(app)
    try app.extras.confirm()
    #expect(app.payment.lines == ["Complete your payment", "Total €120"])
  }

  @Test("failure: a payment screen's test fills the bag's fields the screen reads, found by hand")
  func paymentTestFillsTheBag() throws {
    let airline = Airline()
    let offer = Offer(id: "of-ISTAMS-1", flight: "TK1951", price: 120)
    let draft = airline.draft(offer, passengers: [Passenger(name: "Ada")], email: "a@b.c")
    let context = BookingFlowContext()
    // Leave either out and `lines` traps on its `!`.
    context.selectedOffer = offer
    context.quote = try airline.quote(draft, extras: Extras())
    let screen = PaymentScreen(context: context, airline: airline, navigator: Navigator())
    #expect(screen.lines == ["TK1951", "Total €120"])
  }

  /// A bag filled as a payment link fills it, and paid: everything the confirmation's `lines`
  /// needs but the contact, which only the passengers screen writes.
  static func paidFromALink() throws -> BookingApp {
    let airline = Airline()
    let offer = Offer(id: "of-ISTAMS-1", flight: "TK1951", price: 120)
    let draft = airline.draft(offer, passengers: [Passenger(name: "Ada")], email: "a@b.c")
    let quote = try airline.quote(draft, extras: Extras())
    let app = BookingApp(context: BookingFlowContext(), airline: airline)
    try app.openLink(quoteID: quote.id)
    try app.payment.pay(card: "4242424242424242")
    return app
  }

  @Test(
    "failure: a payment link fills the bag by hand and forgets the contact; the confirmation traps")
  func linkThenConfirmationTraps() async throws {
    // The bag as the link leaves it, paid; the contact is missing.
    let app = try Self.paidFromALink()
    #expect(app.context.booking != nil && app.context.contactEmail == nil)
    // In a process of its own, only the confirmation's `lines` can end it, and by a trap (a
    // `!` on nil): a setup that threw would end it with a failure code instead, not a signal.
    #if arch(x86_64)
      let trap = SIGILL
    #else
      let trap = SIGTRAP
    #endif
    await #expect(processExitsWith: .signal(trap)) {
      await MainActor.run {
        guard let app = try? StartTests.paidFromALink() else { exit(3) }
        _ = app.confirmation.lines
      }
    }
  }
}
