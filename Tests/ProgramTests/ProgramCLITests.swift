import BookingCommands
import Canvas
import Foundation
import Program
import TestSupport
import Testing

/// booking-cli and the app on one data directory, both in this process: what one makes, the
/// other shows.
@MainActor
@Suite("booking-cli and the app, in process")
struct ProgramCLITests {
  static let visa = "4242 4242 4242 4242 12/30 123\n"

  /// Runs `booking-cli --data-dir root --json arguments` in this process; its JSON document.
  static func cli(_ root: String, _ arguments: [String], input: String = "") async throws -> Any {
    let streams = CLIStreams(input: input)
    let status = await BookingCLI.run(["--data-dir", root, "--json"] + arguments, streams: streams)
    #expect(status == 0, "\(arguments): \(streams.standardError)")
    return try JSONSerialization.jsonObject(with: Data(streams.standardOutput.utf8))
  }

  /// Searches IST to AMS three weeks from `now` and quotes the first offer for Ada.
  static func quoteForAda(_ root: String, now: Date, _ extra: [String] = []) async throws
    -> [String: Any]
  {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    let day = formatter.string(from: now.addingTimeInterval(21 * 86_400))
    let offers = try await cli(root, ["search", "IST", "AMS", day]) as? [[String: Any]] ?? []
    let offer = try #require(offers.first?["id"] as? String)
    let quote = try await cli(
      root,
      [
        "quote", offer, "--passenger", "Ms Ada Lovelace 1990-05-04", "--email", "ada@example.com",
        "--phone", "+44 20 7946 0000",
      ] + extra)
    return try #require(quote as? [String: Any])
  }

  /// A new data directory (0700, as the app makes it).
  static func directory() throws -> String {
    let root = NSTemporaryDirectory() + "booking-program-cli-" + UUID().uuidString
    try FileManager.default.createDirectory(
      atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return root
  }

  @Test("A quote made with --ttl opens in the app by its link with its countdown")
  func quoteOpensInTheApp() async throws {
    let root = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let now = Date()
    let nothing = try #require(try await Self.cli(root, ["session"]) as? [String: Any])
    #expect(nothing["resumeAt"] as? String == "search")
    let quote = try await Self.quoteForAda(root, now: now, ["--ttl", "600"])
    let link = try #require(quote["link"] as? String)
    // The app starts after the quote was made, as a person opening its link does.
    let run = try Run(["--open", link], root: root, now: Date())
    await run.start()
    #expect(run.text.contains("Card number"), "\(run.text)")
    let seconds = try #require(Run.headerCountdown(in: run.text), "\(run.text)")
    #expect((1...600).contains(seconds), "a 600-second price shows \(seconds) s:\n\(run.text)")
  }

  @Test("Bookings made by booking-cli are the app's trips: Ctrl-T lists them, Enter opens one")
  func tripsInTheApp() async throws {
    let root = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let now = Date()
    var references: [String] = []
    for _ in 0..<2 {
      let quoteID = try #require(try await Self.quoteForAda(root, now: now)["id"] as? String)
      let paid = try #require(
        try await Self.cli(root, ["pay", quoteID, "--card-from-stdin"], input: Self.visa)
          as? [String: Any])
      references.append(try #require(paid["reference"] as? String))
    }
    let run = try Run(["--fresh"], root: root, now: now.addingTimeInterval(1))
    await run.start()
    #expect(run.text.contains("Search flights"), "\(run.text)")
    await run.press(.control("t"))
    let list = run.text
    #expect(
      list.contains("2 bookings") && references.allSatisfy { list.contains($0) }
        && !list.contains("loading"), "\(list)")
    #expect(!list.contains("Lovelace"), "the list shows no names:\n\(list)")
    await run.press(.enter)
    #expect(run.text.contains("Booking reference") && run.text.contains("Lovelace"), "\(run.text)")
    #expect(run.text.contains("•••• 4242"), "\(run.text)")
    await run.press(.escape)
    #expect(run.text.contains("2 bookings"), "\(run.text)")
    await run.press(.escape)
    #expect(run.text.contains("Search flights"), "\(run.text)")

    // And the other way: a booking made in the app is in booking-cli's trips, the newest,
    // while the app is still open.
    await run.bookUntilPayment()
    await run.pay()
    let made = try #require(Run.reference(in: run.text), "\(run.text)")
    let trips = try #require(try await Self.cli(root, ["trips"]) as? [[String: Any]])
    let listed = trips.compactMap { $0["reference"] as? String }
    #expect(Set(listed) == Set(references + [made]), "\(listed)")
    #expect(listed.first == made, "the app's booking is the newest: \(listed)")
  }
}
