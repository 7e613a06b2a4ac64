import Foundation
import TestSupport
import Testing

/// How `booking-cli` ends when it cannot do what was asked: the exit code, and with `--json` one
/// document on standard output saying why.
@Suite("booking-cli's exit codes")
struct BookingCLIExitTests {
  @Test(
    "A full disk during quote and pay exits 73, naming the device's complaint",
    .enabled(if: TmpfsMount.isAvailable, "needs root and mount -t tmpfs"))
  func fullDisk() async throws {
    let disk = try TmpfsMount(size: "512k")
    defer { disk.remove() }
    let cli = try BookingCLI(dataDirectory: URL(fileURLWithPath: disk.path))
    let quote = try await cli.quoteForAda()
    let quoteID = try #require(quote["id"] as? String)
    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
    let offerID = try #require(offers.first?["id"] as? String)
    try disk.fill()

    let quoted = try await cli.run([
      "quote", offerID, "--passenger", "Ms Ada Lovelace 1990-05-04", "--email", "ada@example.com",
      "--phone", "+44 20 7946 0000",
    ])
    #expect(quoted.status == 73, "quote: \(quoted.status) \(quoted.stderr)")
    #expect(quoted.stderr.contains("No space left on device"), "\(quoted.stderr)")
    let paid = try await cli.run(
      ["pay", quoteID, "--card-from-stdin"], input: BookingCLITests.visa)
    #expect(paid.status == 73, "pay: \(paid.status) \(paid.stderr)")
    #expect(paid.stderr.contains("No space left on device"), "\(paid.stderr)")
  }

  @Test("A payment whose booking could not be saved is finished by the same pay command, exit 0")
  func finishedFromAnEarlierRun() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    // A first booking, so the ledger's index is built.
    let first = try #require(try await cli.quoteForAda()["id"] as? String)
    _ = try await cli.json(["pay", first, "--card-from-stdin"], input: BookingCLITests.visa)
    let quoteID = try #require(try await cli.quoteForAda()["id"] as? String)
    // A file where the bookings folder should be: the charge is saved, its booking is not.
    let bookings = cli.dataDirectory.appendingPathComponent("bookings")
    let aside = cli.dataDirectory.appendingPathComponent("bookings-aside")
    try FileManager.default.moveItem(at: bookings, to: aside)
    try Data("in the way\n".utf8).write(to: bookings)
    let cut = try await cli.run(["pay", quoteID, "--card-from-stdin"], input: BookingCLITests.visa)
    #expect(cut.status == 75, "\(cut.status) \(cut.stderr)")
    #expect(cut.stderr.contains("run the same pay command again"), "\(cut.stderr)")

    try FileManager.default.removeItem(at: bookings)
    try FileManager.default.moveItem(at: aside, to: bookings)
    let again = try await cli.run(
      ["pay", quoteID, "--card-from-stdin"], input: BookingCLITests.visa)
    #expect(again.status == 0, "\(again.status) \(again.stderr)")
    let booked = try #require(
      again.stdout.firstMatch(of: #/Already paid: booking ([A-Z0-9]{6}) /#))
    let shown = try #require(try await cli.json(["show", String(booked.1)]) as? [String: Any])
    #expect(shown["quoteID"] as? String == quoteID)
  }

  @Test("With --json every failure is one JSON document on stdout, and a line on stderr")
  func jsonErrors() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let file = cli.dataDirectory.appendingPathComponent("file")
    try Data("not a folder\n".utf8).write(to: file)
    let cases: [([String], Int32, String)] = [
      (["fly", "--json"], 64, "usage"),
      (["trips", "--json=yes"], 64, "usage"),
      (["--json", "show", "nope"], 64, "usage"),
      (["pay", "qt-1234567890abcdef", "--card-from-stdin", "--json"], 66, "notFound"),
      (["--data-dir", file.path, "trips", "--json"], 73, "cannotUseData"),
    ]
    for (arguments, code, kind) in cases {
      // The last --data-dir counts: the file's replaces the one run() gives.
      let result = try await cli.run(arguments, input: BookingCLITests.visa)
      #expect(result.status == code, "\(arguments): \(result.status) \(result.stderr)")
      #expect(result.stderr.hasPrefix("booking-cli: "), "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      let document =
        try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      let error = document?["error"] as? [String: Any]
      #expect(error?["code"] as? Int == Int(code), "\(arguments): \(result.stdout)")
      #expect(error?["kind"] as? String == kind, "\(arguments): \(result.stdout)")
      let message = error?["message"] as? String ?? ""
      #expect(!message.isEmpty && result.stderr.contains(message), "\(arguments): \(message)")
    }
  }
}
