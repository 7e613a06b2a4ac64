import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Persistence
import Presentation
import Program
import SimulatedAirline
import Testing

/// The payment step in process: an expired price priced again, and a refused card.
@MainActor
@Suite("Payment, in process")
struct ProgramPaymentTests {
  @Test("an expired price says so, and r prices again with a fresh countdown and a new quote")
  func expiryAndReprice() async throws {
    let run = try Run(["--latency", "0", "--quote-ttl", "30"])
    defer { run.remove() }
    await run.start()
    await run.bookUntilPayment()
    #expect(run.text.contains("┌ Payment · "), "\(run.text)")
    #expect(Run.headerCountdown(in: run.text) == 30, "\(run.header)")
    let first = try #require(run.savedQuoteID, "\(String(describing: run.savedPosition))")

    await run.advance(by: 30)
    #expect(run.text.contains("Price expired"), "\(run.text)")
    #expect(run.text.contains("Press r"), "\(run.text)")
    #expect(!run.text.contains("Card number"), "the card form is hidden once the price expired")

    await run.type("r")
    #expect(run.text.contains("┌ Payment · "), "\(run.text)")
    #expect(Run.headerCountdown(in: run.text) == 30, "a fresh 30-second hold:\n\(run.header)")
    #expect(!run.text.contains("Press r"), "\(run.text)")
    #expect(run.text.contains("Card number"), "\(run.text)")
    let second = try #require(run.savedQuoteID, "\(String(describing: run.savedPosition))")
    #expect(first != second, "re-pricing saves a new quote: \(first) → \(second)")

    await run.advance(by: 1)
    #expect(Run.headerCountdown(in: run.text) == 29, "\(run.header)")
  }

  @Test("a declined card says so and stays on the payment form, booking nothing")
  func declinedCard() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.bookUntilPayment()
    await run.pay(card: Run.declinedCard)
    let screen = run.text
    #expect(screen.contains("The card was declined"), "\(screen)")
    #expect(screen.contains("┌ Payment · "), "\(screen)")
    #expect(screen.contains("Card number       4000 0000 0000 0002"), "\(screen)")
    #expect(screen.contains("Expiry (MM/YY)    12/30"), "\(screen)")
    #expect(screen.contains("[ Pay "), "\(screen)")
    #expect(!screen.contains("Booked!"))
    #expect(run.current == .payment)
    #expect(!run.files().contains { $0.hasPrefix("bookings/") }, "\(run.files())")
    #expect(run.savedPosition?.kind == .payment)
  }

  @Test(
    "the last seats at the fare sold by another traveller while paying: Pay says so, and priced again the question says why"
  )
  func fareSoldOutWhilePaying() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.bookUntilPayment()
    let quoteID = try #require(run.savedQuoteID)
    let quote = try await run.airline.quote(id: quoteID)
    let offer = try await run.airline.draft(id: quote.draftID).offer
    // Another traveller, another process on the same airline, books the flight until its
    // published fare is gone.
    let other = SimulatedAirline(store: RecordStore(root: run.root), clock: run.clock.wallClock)
    let criteria = try SearchCriteria(
      origin: offer.origin.code, destination: offer.destination.code,
      departure: offer.departure.day, party: offer.party)
    var booked = 0
    while booked < 7 {
      let same = try #require(
        try await other.offers(for: criteria).first { $0.slices == offer.slices })
      if same.pricePerAdult != offer.pricePerAdult { break }
      let draft = try await other.createDraft(
        offer: same,
        passengers: [
          Passenger(
            id: PassengerID("p1"), title: .ms, givenName: "Grace", familyName: "Hopper",
            dateOfBirth: CalendarDay(iso: "1980-01-01"))
        ], contact: Contact(email: "grace@example.com", phone: "+905551234567"))
      let theirs = try await other.price(draftID: draft.id, extras: .none)
      _ = try await other.pay(
        quoteID: theirs.id,
        method: PaymentCard(number: Run.payingCard, expiry: "12/30", cvc: "123"),
        idempotencyKey: .random(prefix: "pay"))
      booked += 1
    }
    #expect((2...6).contains(booked), "the first bucket held \(booked)")

    await run.pay()
    #expect(run.text.contains("The last seats at this fare were sold"), "\(run.text)")
    #expect(run.current == .payment)
    #expect(!run.files().contains { $0.hasPrefix("bookings/") && $0.contains(quoteID.rawValue) })

    // Back at extras, priced again: the airline's question says why the price moved.
    await run.press(.escape)
    #expect(run.current == .extras)
    await run.continueToPayment()
    #expect(run.text.contains("The last seats at this fare were sold"), "\(run.text)")
    await run.press(.enter)
    #expect(run.current == .payment, "\(run.text)")
    // The card typed before is still in the form, all but its security code, which is asked
    // for again: Pay then pays the new price.
    await run.press(.control("s"))
    await run.type("123")
    await run.press(.control("s"))
    #expect(run.current == .confirmation, "\(run.text)")
  }

  @Test("back past the extras, the seat the quote held is free for another traveller at once")
  func backPastExtrasReleasesTheSeat() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam()
    await run.chooseOffer()
    await run.fillPassengers()
    await run.press(.enter)
    await run.continueToPayment()
    let quoteID = try #require(run.savedQuoteID)
    let quote = try await run.airline.quote(id: quoteID)
    let seat = try #require(quote.extras.seats.values.first, "a seat was chosen")
    let offer = try await run.airline.draft(id: quote.draftID).offer
    let other = SimulatedAirline(store: RecordStore(root: run.root), clock: run.clock.wallClock)
    #expect(try await other.seatMaps(for: offer.id)[0].seat(seat)?.occupied == true, "held")

    await run.press(.escape)
    #expect(run.current == .extras)
    #expect(try await other.seatMaps(for: offer.id)[0].seat(seat)?.occupied == true, "still held")
    await run.press(.escape)
    #expect(run.current == .passengers)
    #expect(try await other.seatMaps(for: offer.id)[0].seat(seat)?.occupied == false, "given up")
  }
}
