import Foundation
import TestSupport
import Testing

/// `quote` refuses one person given twice and two values of one option for one passenger, with
/// 64 and a message naming the duplicate, before anything is written.
@Suite("booking-cli quote: a duplicate passenger, seat or bags")
struct BookingCLIDuplicateTests {
  static let contact = ["--email", "ada@example.com", "--phone", "+44 20 7946 0000"]

  @Test("the same person twice (names in any case, the same date of birth) exits 64 naming them")
  func samePersonTwice() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offer = try await BookingCLISeatSaleTests.offer(cli, adults: 2)
    for json in [false, true] {
      let result = try await cli.run(
        [
          "quote", offer, "--passenger", "Ms Ada Lovelace 1990-05-04", "--passenger",
          "Mrs ADA LOVELACE 1990-05-04",
        ] + Self.contact + (json ? ["--json"] : []))
      #expect(result.status == 64, "\(result.output)")
      #expect(
        result.stderr.contains("ADA LOVELACE, born 1990-05-04, is passenger 1 already"),
        "\(result.stderr)")
    }
    let quotes = cli.dataDirectory.appendingPathComponent("quotes")
    #expect(!FileManager.default.fileExists(atPath: quotes.path), "nothing was quoted")
    let twins = try await cli.run(
      [
        "quote", offer, "--passenger", "Ms Ada Lovelace 1990-05-04", "--passenger",
        "Ms Augusta Lovelace 1990-05-04", "--json",
      ] + Self.contact)
    #expect(twins.status == 0, "\(twins.output)")
  }

  @Test("--seat or --bags given twice for one passenger exits 64 naming both")
  func optionTwice() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offer = try await BookingCLISeatSaleTests.offer(cli)
    let free = try await cli.freeSeats(of: offer)
    try #require(free.count >= 2)
    let ada = ["quote", offer, "--passenger", "Ms Ada Lovelace 1990-05-04"] + Self.contact
    let seats = try await cli.run(ada + ["--seat", "1:\(free[0])", "--seat", "1:\(free[1])"])
    #expect(seats.status == 64, "\(seats.output)")
    #expect(
      seats.stderr.contains("--seat 1:\(free[1]): passenger 1 is given --seat twice")
        && seats.stderr.contains("--seat 1:\(free[0]) too"), "\(seats.stderr)")
    let bags = try await cli.run(ada + ["--bags", "1:1", "--bags", "1:2", "--json"])
    #expect(bags.status == 64, "\(bags.output)")
    #expect(
      bags.stdout.contains("--bags 1:2: passenger 1 is given --bags twice (--bags 1:1 too)"),
      "\(bags.stdout)")
    let once = try await cli.run(ada + ["--seat", "1:\(free[0])", "--bags", "1:1"])
    #expect(once.status == 0, "\(once.output)")
  }
}
