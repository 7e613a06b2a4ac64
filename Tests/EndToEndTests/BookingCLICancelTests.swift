import Foundation
import TestSupport
import Testing

/// `booking-cli cancel`: a quote first, then its confirmation, as a script would drive them.
@Suite("booking-cli cancel")
struct BookingCLICancelTests {
  /// A booking for Ada with a seat, on the first offer of the day: its reference, its seat and
  /// its offer.
  static func booked(_ cli: BookingCLI) async throws -> (String, String, String) {
    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
    let offer = try #require(offers.first)
    let conditions = try #require(offer["conditions"] as? [String: [String: Any]])
    #expect(conditions["refundBeforeDeparture"]?["allowed"] is Bool, "\(conditions)")
    #expect(conditions["changeBeforeDeparture"]?["allowed"] is Bool, "\(conditions)")
    let offerID = try #require(offer["id"] as? String)
    let seat = try #require(try await cli.freeSeats(of: offerID).first)
    let quote = try await cli.run([
      "quote", offerID, "--passenger", "Ms Ada Lovelace 1990-05-04", "--email",
      "ada@example.com", "--phone", "+44 20 7946 0000", "--seat", "1:\(seat)", "-q",
    ])
    #expect(quote.status == 0, "\(quote.stderr)")
    let paid = try await cli.run(
      [
        "pay", quote.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "--card-from-stdin",
        "-q",
      ],
      input: BookingCLITests.visa)
    #expect(paid.status == 0, "\(paid.stderr)")
    return (paid.stdout.trimmingCharacters(in: .whitespacesAndNewlines), seat, offerID)
  }

  @Test(
    "cancel quotes the refund and cancels nothing; --confirm cancels, refunds once and frees the seat; again is refused (69)"
  )
  func quoteThenConfirm() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let (reference, seat, offer) = try await Self.booked(cli)
    #expect(try await cli.freeSeats(of: offer).contains(seat) == false)
    let shown = try await cli.run(["show", reference])
    #expect(shown.stdout.contains("Refund "), "\(shown.stdout)")
    #expect(shown.stdout.contains("Change "), "\(shown.stdout)")

    let quote = try #require(try await cli.json(["cancel", reference]) as? [String: Any])
    let id = try #require(quote["id"] as? String)
    #expect(id.hasPrefix("cq-"))
    #expect(quote["refundTo"] as? String == "Visa •••• 4242")
    #expect(quote["confirm"] as? String == "booking-cli cancel \(reference) --confirm \(id)")
    let seconds = try #require(quote["expiresInSeconds"] as? Int)
    #expect((850...900).contains(seconds))
    let refund = try #require((quote["refund"] as? [String: Any])?["amount"] as? String)
    // Quoting cancels nothing.
    let still = try #require(try await cli.json(["show", reference]) as? [String: Any])
    #expect(still["status"] as? String == "booked")

    // The text form names the refund and the command that confirms it; each ask replaces the
    // one before, so the text's quote is the one to confirm now.
    let text = try await cli.run(["cancel", reference])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("to Visa •••• 4242"), "\(text.stdout)")
    let older = try await cli.run(["cancel", reference, "--confirm", id])
    #expect(older.status == 69, "\(older.stdout) \(older.stderr)")
    #expect(older.stderr.contains("newer cancellation quote"), "\(older.stderr)")

    let latest = try await cli.run(["cancel", reference, "-q"])
    let latestID = latest.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(latestID.hasPrefix("cq-"), "\(latest.stdout)")
    let confirmed = try await cli.run(["cancel", reference, "--confirm", latestID, "-q"])
    #expect(confirmed.status == 0, "\(confirmed.stderr)")
    #expect(confirmed.stdout == reference + "\n")

    let cancelled = try #require(try await cli.json(["show", reference]) as? [String: Any])
    #expect(cancelled["status"] as? String == "cancelled")
    let cancellation = try #require(cancelled["cancellation"] as? [String: Any])
    #expect((cancellation["refund"] as? [String: Any])?["amount"] as? String == refund)
    #expect(cancellation["cancelledAt"] is String)
    #expect(try await cli.freeSeats(of: offer).contains(seat))
    let trips = try await cli.run(["trips"])
    #expect(trips.stdout.contains(" cancelled "), "\(trips.stdout)")
    // One refund on disk, and confirming again refunds nothing more.
    let again = try await cli.run(["cancel", reference, "--confirm", latestID])
    #expect(again.status == 0, "\(again.stderr)")
    let refunds = try FileManager.default.contentsOfDirectory(
      atPath: cli.dataDirectory.appendingPathComponent("refunds").path
    ).filter { $0.hasSuffix(".json") }
    #expect(refunds == ["\(reference).json"])
    let more = try await cli.run(["cancel", reference, "--json"])
    #expect(more.status == 69)
    let error = try JSONSerialization.jsonObject(with: Data(more.stdout.utf8)) as? [String: Any]
    #expect((error?["error"] as? [String: Any])?["kind"] as? String == "refused", "\(more.stdout)")
  }

  @Test("cancel of a booking that does not exist is 66, and a malformed --confirm is 64")
  func refusals() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let missing = try await cli.run(["cancel", "ZZZZZZ"])
    #expect(missing.status == 66, "\(missing.stderr)")
    let (reference, _, _) = try await Self.booked(cli)
    let malformed = try await cli.run(["cancel", reference, "--confirm", "not an id"])
    #expect(malformed.status == 64, "\(malformed.stderr)")
    #expect(malformed.stderr.contains("--confirm"), "\(malformed.stderr)")
  }
}
