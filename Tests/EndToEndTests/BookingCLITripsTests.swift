import Foundation
import TestSupport
import Testing

/// `booking-cli trips` over many bookings, and the passengers `quote` accepts.
@Suite("booking-cli's trips and passengers")
struct BookingCLITripsTests {
  static let header =
    "REF     PAID                  ROUTE        DEPARTS           RETURNS           PASSENGERS  "
    + "TOTAL             STATUS     FLIGHTS"

  /// GNU time, which reports a command's peak memory.
  static let time = "/usr/bin/time"

  @Test(
    "trips prints fixed columns, and its memory does not grow with the bookings (--json)",
    .enabled(if: FileManager.default.isExecutableFile(atPath: time), "needs GNU time"))
  func tripsStreams() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let quoteID = try #require(try await cli.quoteForAda()["id"] as? String)
    let paid = try #require(
      try await cli.json(["pay", quoteID, "--card-from-stdin"], input: BookingCLITests.visa)
        as? [String: Any])
    let reference = try #require(paid["reference"] as? String)

    let text = try await cli.run(["trips"])
    #expect(text.status == 0, "\(text.stderr)")
    let lines = text.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == Self.header, "\(text.stdout)")
    #expect(lines.dropFirst().first?.hasPrefix(reference + "  ") == true, "\(text.stdout)")

    let few = try await peakKilobytes(cli, copies: 200, of: reference)
    let many = try await peakKilobytes(cli, copies: 3_000, of: reference)
    // A list held whole takes about 9 KB a booking: 25 MB more for the 2,800 copies.
    #expect(many - few < 6_000, "peak \(few) KB with 201 bookings, \(many) KB with 3,001")
    let listed = try #require(try await cli.json(["trips"]) as? [[String: Any]])
    #expect(listed.count == 3_001)
  }

  @Test("A title the app refuses for the passenger's age is refused by quote too, with 64")
  func titleFitsAge() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day, "-n", "2"]) as? [[String: Any]])
    let offerID = try #require(offers.first?["id"] as? String)
    for (passengers, says) in [
      (["Mstr Ada Lovelace 1990-05-04", "Ms Ann Lovelace 1991-05-04"], "Mstr"),
      (["Ms Ada Lovelace 1990-05-04", "Mr Tom Lovelace 2018-05-04"], "Mr"),
    ] {
      let result = try await cli.run(
        ["quote", offerID, "--email", "ada@example.com", "--phone", "+44 20 7946 0000"]
          + passengers.flatMap { ["--passenger", $0] })
      #expect(result.status == 64, "\(passengers): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains(says), "\(passengers): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
  }

  /// Writes booking `reference` again under new references until there are `copies` more, then
  /// returns the peak memory of `trips --json` over them, in kilobytes.
  private func peakKilobytes(_ cli: BookingCLI, copies: Int, of reference: String) async throws
    -> Int
  {
    try cli.copyBooking(reference, copies: copies)
    // GNU time measures its own child, forked from a small process: a child spawned from this
    // one would report this process's peak as well (Linux keeps it across exec).
    let report = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-cli-peak-\(UUID().uuidString.prefix(8).lowercased())")
    defer { try? FileManager.default.removeItem(at: report) }
    let result = try await Command.run(
      Self.time,
      [
        "-f", "%M", "-o", report.path, cli.binary, "--data-dir", cli.dataDirectory.path, "trips",
        "--json",
      ])
    guard result.status == 0 else { throw E2EFailure("trips --json: \(result.stderr)") }
    let text = try String(contentsOf: report, encoding: .utf8)
    guard let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw E2EFailure("GNU time wrote '\(text)'")
    }
    return kilobytes
  }
}
