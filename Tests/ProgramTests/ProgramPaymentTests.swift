import Canvas
import FlowOwner
import Foundation
import Presentation
import Program
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
}
