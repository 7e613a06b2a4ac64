import Foundation
import TestSupport
import Testing

/// `booking-cli session` names a payment that waits for `resolve`: its draft, its quote and the
/// command to run, in text and in JSON, until it is resolved.
@Suite("booking-cli session: a payment waiting for resolve")
struct BookingCLISessionWaitingTests {
  @Test("session names the draft and the resolve command; after resolve it names none")
  func namesTheWaitingDraft() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let (quote, draft) = try await BookingCLIResolveTests().undecidable(cli)
    let text = try await cli.run(["session"])
    #expect(text.status == 0, "\(text.output)")
    let line = try #require(
      text.stdout.split(separator: "\n").first { $0.hasPrefix("Waiting") }, "\(text.stdout)")
    #expect(line.contains("\(draft) (quote \(quote))"), "\(line)")
    #expect(line.contains("booking-cli resolve \(draft) --charged (or --not-charged)"), "\(line)")
    let document = try #require(try await cli.json(["session"]) as? [String: Any])
    let waiting = try #require(document["waiting"] as? [[String: Any]], "\(document)")
    #expect(waiting.count == 1)
    #expect(waiting.first?["draft"] as? String == draft)
    #expect(waiting.first?["quote"] as? String == quote)
    #expect(
      waiting.first?["command"] as? String
        == "booking-cli resolve \(draft) --charged (or --not-charged)")
    let resolved = try await cli.run(["resolve", draft, "--not-charged"])
    #expect(resolved.status == 0, "\(resolved.output)")
    let after = try #require(try await cli.json(["session"]) as? [String: Any])
    #expect((after["waiting"] as? [Any])?.isEmpty == true, "\(after)")
  }
}
