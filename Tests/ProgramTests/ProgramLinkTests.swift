import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import Program
import Testing

/// Opening the program on a link, from a cold start, in process.
@MainActor
@Suite("Deep links, in process")
struct ProgramLinkTests {
  @Test("booking://pay/<quote> opens that quote's payment after quitting, even with --fresh")
  func payLinkAfterQuitting() async throws {
    let first = try Run(["--latency", "0"])
    defer { first.remove() }
    await first.start()
    await first.bookUntilPayment()
    let total = try #require(
      first.text.split(separator: "\n").first { $0.contains("│ Total ") }.map {
        $0.trimmingCharacters(in: .whitespaces)
      }, "no total line:\n\(first.text)")
    #expect(first.savedPosition?.kind == .payment)
    let quote = try #require(first.savedQuoteID)
    await first.press(.tab, .tab, .tab)  // To the Pay button, where q is not typed.
    await first.quit()
    #expect(first.exitCode == 0)

    let linked = try Run(
      ["--latency", "0", "--fresh", "--open", "booking://pay/\(quote.rawValue)"],
      root: first.root, now: Run.start.addingTimeInterval(60))
    await linked.start()
    let reopened = linked.text
    #expect(reopened.contains("┌ Payment · "), "\(reopened)")
    #expect(reopened.contains("Card number") && reopened.contains("[ Pay "), "\(reopened)")
    #expect(reopened.contains(total), "the same quote's total '\(total)':\n\(reopened)")
    #expect(Run.headerCountdown(in: reopened) != nil, "\(reopened)")
    #expect(reopened.contains("Opened payment from the link"), "\(reopened)")
    #expect(linked.savedQuoteID == quote)
  }

  @Test("booking://pay/<quote> for a quote already paid shows its booking, not the card form")
  func paidQuoteLink() async throws {
    let first = try Run(["--latency", "0"])
    defer { first.remove() }
    await first.start()
    await first.bookUntilPayment()
    let quote = try #require(first.savedQuoteID)
    await first.pay()
    #expect(first.text.contains("Booked!"), "\(first.text)")
    let reference = try #require(Run.reference(in: first.text), "\(first.text)")
    await first.quit()
    #expect(first.exitCode == 0)

    let linked = try Run(
      ["--latency", "0", "--open", "booking://pay/\(quote.rawValue)"], root: first.root)
    await linked.start()
    let reopened = linked.text
    #expect(reopened.contains("Booked!"), "\(reopened)")
    #expect(Run.reference(in: reopened) == reference, "\(reopened)")
    #expect(reopened.contains("Already booked: \(reference)"), "\(reopened)")
    #expect(!reopened.contains("Card number"), "\(reopened)")
    #expect(linked.current == .confirmation)
  }

  @Test("a search link from an unknown airport opens the results, saying so")
  func unknownAirportLink() async throws {
    // A month from the run's day: inside the window, so the airline is asked and names the
    // airport.
    let inAMonth = CalendarDay(Run.start.addingTimeInterval(30 * 86_400), in: .utc).iso
    let run = try Run([
      "--latency", "0", "--open",
      "booking://search?from=IST&to=XQZ&date=\(inAMonth)&passengers=1",
    ])
    defer { run.remove() }
    await run.start()
    #expect(run.text.contains("No airport has the code XQZ"), "\(run.text)")
    #expect(run.current == .results, "\(run.text)")
    #expect(run.text.contains("┌ Results · "), "\(run.text)")
  }

  @Test(
    "a quote made to live 5 s opens by its link, expires on the virtual clock, and the next start resumes at extras"
  )
  func linkedQuoteExpires() async throws {
    let root = NSTemporaryDirectory() + "booking-program-" + UUID().uuidString
    let link = try await Run.quoteForAda(root: root, arguments: ["--quote-ttl", "5"])
    let run = try Run(["--latency", "0", "--open", link], root: root)
    defer { run.remove() }
    await run.start()
    #expect(run.current == .payment, "\(run.text)")
    await run.advance(by: 6)
    #expect(run.text.contains("Price expired") && run.text.contains("Press r"), "\(run.text)")
    await run.quit()
    #expect(run.exitCode == 0)

    // Where the app resumes: the saved payment, back at extras since its price expired.
    #expect(run.savedQuoteID != nil, "the saved session is the payment")
    let next = try Run(["--latency", "0"], root: root, now: run.clock.now)
    await next.start()
    #expect(next.current == .extras, "\(next.text)")
    #expect(next.header.contains("expired"), "\(next.header)")
  }
}
