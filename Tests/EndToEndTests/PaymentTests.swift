import Foundation
import TestSupport
import Testing

/// The payment step: the countdown, an expired price, and refused cards.
@Suite("Payment in a real terminal")
struct PaymentTests {
  /// Waits for the wall clock: a second of the countdown.
  @Test("The header's countdown goes down while the payment form is open")
  func countdownDecreases() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()

    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    _ = try await terminal.chooseOffer()
    try await terminal.fillPassengers([.ada])
    // The quote is made after `c`: by the time this test sees the form, at most the seconds
    // since then have passed.
    let pressed = Date()
    let payment = try await terminal.continueToPayment()
    let waited = Int(Date().timeIntervalSince(pressed).rounded(.up))
    let first = try #require(
      BookingTerminal.headerCountdown(in: payment), "no countdown in the header:\n\(payment)")
    #expect(
      (900 - waited - 1...900).contains(first),
      "a 15-minute hold shows \(first) s, \(waited) s after c:\n\(payment)")
    let later = try await terminal.waitFor("the countdown to move") { screen in
      BookingTerminal.headerCountdown(in: screen).map { $0 != first } ?? false
    }
    let second = try #require(BookingTerminal.headerCountdown(in: later))
    #expect(second < first, "the countdown went from \(first) s to \(second) s:\n\(later)")
  }

  /// Waits for the wall clock: the price's eight seconds run out while the form is shown.
  @Test("An expired price says so, and r prices again with a fresh countdown")
  func expiryAndReprice() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    // Eight seconds: the wait for the price to run out stays within a wait's patience, and the
    // fresh price is on screen for as long.
    try await terminal.launch(["--quote-ttl", "8"])
    let files = DataFiles(root: terminal.dataDirectory)

    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    _ = try await terminal.chooseOffer()
    try await terminal.fillPassengers([.ada])
    try await terminal.press("c")
    // The first price may have expired before its form is looked at: reaching payment counts.
    try await terminal.waitFor("the payment step") {
      $0.contains("┌ Payment · ") && ($0.contains("Card number") || $0.contains("Press r"))
    }
    let first = try files.snapshotPosition()
    #expect(first.step == "payment")
    let expired = try await terminal.waitFor("the expired price") {
      $0.contains("Price expired") && $0.contains("Press r")
    }
    #expect(!expired.contains("Card number"), "the card form is hidden once the price expired")

    try await terminal.press("r")
    let fresh = try await terminal.waitFor("a fresh price held for a few seconds") { screen in
      guard let seconds = BookingTerminal.headerCountdown(in: screen) else { return false }
      return seconds > 0 && seconds <= 8 && !screen.contains("Press r")
        && screen.contains("Card number")
    }
    #expect(fresh.contains("┌ Payment · "))
    let second = try files.snapshotPosition()
    #expect(second.step == "payment")
    let firstQuote = first.fields["quoteID"] as? String
    let secondQuote = second.fields["quoteID"] as? String
    #expect(
      firstQuote != nil && secondQuote != nil && firstQuote != secondQuote,
      "re-pricing saves a new quote: \(String(describing: firstQuote)) → \(String(describing: secondQuote))"
    )
  }

  @Test("A declined card says so and stays on the payment form")
  func declinedCard() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()

    try await terminal.bookUntilPayment()
    try await terminal.pay(card: BookingTerminal.declinedCard)
    // The whole message: "declined" alone is also in the test-card hint, there before any reply.
    let screen = try await terminal.waitFor("The card was declined")
    #expect(screen.contains("┌ Payment · "), "\(screen)")
    #expect(screen.contains("Card number       4000 0000 0000 0002"), "\(screen)")
    #expect(screen.contains("Expiry (MM/YY)    12/30"), "\(screen)")
    #expect(screen.contains("[ Pay "), "\(screen)")
    #expect(!screen.contains("Booked!"))
    let files = DataFiles(root: terminal.dataDirectory)
    #expect(!files.all().contains { $0.hasPrefix("bookings/") }, "\(files.all())")
    #expect(try files.snapshotPosition().step == "payment")
  }
}
