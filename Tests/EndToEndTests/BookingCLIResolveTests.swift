import Foundation
import TestSupport
import Testing

/// `booking-cli resolve`: a payment whose charge record cannot be read and whose booking was
/// never written is named with the command that settles it, and settles by the person's word.
@Suite("booking-cli resolve")
struct BookingCLIResolveTests {
  /// A quote whose payment was killed right after its charge and the charge's copy, both then
  /// made unreadable: (the quote, its draft).
  func undecidable(_ cli: BookingCLI) async throws -> (quote: String, draft: String) {
    let quote = try await cli.quoteForAda()
    let quoteID = try #require(quote["id"] as? String)
    let draftID = try #require(quote["draftID"] as? String, "\(quote)")
    let killed = try await Command.run(
      try PackageExecutable.path("paycrash"),
      [
        cli.dataDirectory.path, String(Date().timeIntervalSince1970), "after:replace charges/",
        "pay", quoteID, "cut-off", "4242424242424242",
      ])
    #expect(killed.killedBySignal, "the helper was not stopped: \(killed.stdout)")
    for folder in ["payments", "charges"] {
      let charge = cli.dataDirectory.appendingPathComponent("\(folder)/cut-off.json")
      try Data("{\"schema\":1,".utf8).write(to: charge)
    }
    return (quoteID, draftID)
  }

  @Test("pay names the command; resolve --charged books it once; pay then says it is booked")
  func charged() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let (quote, draft) = try await undecidable(cli)
    let refused = try await cli.run(
      ["pay", quote, "--card-from-stdin"], input: BookingCLITests.visa)
    #expect(refused.status != 0)
    #expect(
      refused.stderr.contains("booking-cli resolve \(draft) --charged"), "\(refused.stderr)")
    let usage = try await cli.run(["resolve", draft])
    #expect(usage.status == 64, "\(usage.output)")
    let resolved = try await cli.run(["resolve", draft, "--charged"])
    #expect(resolved.status == 0, "\(resolved.output)")
    #expect(resolved.stdout.hasPrefix("Resolved \(draft): booked "), "\(resolved.stdout)")
    let again = try await cli.run(["resolve", draft, "--not-charged"])
    #expect(again.status == 69, "\(again.output)")
    let paid = try await cli.run(["pay", quote, "--card-from-stdin"], input: BookingCLITests.visa)
    #expect(paid.status == 0, "\(paid.output)")
    #expect(paid.stdout.hasPrefix("Already paid: booking "), "\(paid.stdout)")
    let trips = try #require(try await cli.json(["trips"]) as? [[String: Any]])
    #expect(trips.count == 1)
  }

  @Test("resolve --not-charged: the quote pays again, once")
  func notCharged() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let (quote, draft) = try await undecidable(cli)
    let resolved = try await cli.run(["resolve", draft, "--not-charged", "--json"])
    #expect(resolved.status == 0, "\(resolved.output)")
    #expect(resolved.stdout.contains("\"outcome\" : \"not charged\""), "\(resolved.stdout)")
    let paid = try await cli.run(["pay", quote, "--card-from-stdin"], input: BookingCLITests.visa)
    #expect(paid.status == 0, "\(paid.output)")
    let trips = try #require(try await cli.json(["trips"]) as? [[String: Any]])
    #expect(trips.count == 1)
  }

  @Test(
    "junk written where a payment stopped before its charge: pay settles it as not charged and books once; resolve --charged is refused"
  )
  func plantedCharge() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let quote = try await cli.quoteForAda()
    let quoteID = try #require(quote["id"] as? String)
    let draftID = try #require(quote["draftID"] as? String)
    let killed = try await Command.run(
      try PackageExecutable.path("paycrash"),
      [
        cli.dataDirectory.path, String(Date().timeIntervalSince1970), "after:replace orders/",
        "pay", quoteID, "cut-off", "4242424242424242",
      ])
    #expect(killed.killedBySignal, "the helper was not stopped: \(killed.stdout)")
    try FileManager.default.createDirectory(
      at: cli.dataDirectory.appendingPathComponent("payments"), withIntermediateDirectories: true)
    try Data("junk\n".utf8).write(
      to: cli.dataDirectory.appendingPathComponent("payments/cut-off.json"))
    let resolved = try await cli.run(["resolve", draftID, "--charged"])
    #expect(resolved.status == 69, "\(resolved.output)")
    #expect((try await cli.json(["trips"]) as? [Any])?.isEmpty == true, "nothing booked")
    let paid = try await cli.run(
      ["pay", quoteID, "--card-from-stdin"], input: BookingCLITests.visa)
    #expect(paid.status == 0, "\(paid.output)")
    #expect((try await cli.json(["trips"]) as? [Any])?.count == 1)
  }
}
