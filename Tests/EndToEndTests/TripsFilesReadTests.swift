import Foundation
import Persistence
import SimulatedAirline
import TestSupport
import Testing

/// What `booking-cli trips` touches in a folder of many bookings, traced by strace: once the
/// bookings' index is current, listing them asks the file system for no booking's status (the
/// order comes from the index), so the first page does not grow with the folder. A count of
/// system calls, not a time: it holds on any machine, however loaded.
@Suite(
  "The trips' files",
  .enabled(if: Command.find("strace") != nil, "needs strace (.ci/run installs it)"))
struct TripsFilesReadTests {
  static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")

  @Test("1,000 bookings listed from a current index: no booking's status asked")
  func indexedListing() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let strace = try #require(Command.find("strace"))
    let quote = try #require(try await cli.quoteForAda()["id"] as? String)
    let booked = try await cli.json(
      ["pay", quote, "--card-from-stdin"], input: "4242 4242 4242 4242 12/30 123\n")
    let reference = try #require((booked as? [String: Any])?["reference"] as? String)
    let folder = cli.dataDirectory.appendingPathComponent("bookings")
    let template = try String(
      contentsOf: folder.appendingPathComponent("\(reference).json"), encoding: .utf8)
    let writer = SealedWriter(root: cli.dataDirectory)
    var generator = SystemRandomNumberGenerator()
    var made: Set<String> = [reference]
    while made.count < 1_000 {
      let name = String((0..<6).map { _ in Self.alphabet.randomElement(using: &generator) ?? "A" })
      guard made.insert(name).inserted else { continue }
      try writer.write(
        template.replacingOccurrences(of: reference, with: name), to: "bookings/\(name).json")
    }
    // The index is stale (the folder changed under it): the CLI only reads, so it lists from
    // the folder and leaves the index as it is; the airline of a process that repairs (the
    // app's trips screen) writes it again.
    let index = cli.dataDirectory.appendingPathComponent("ledger/bookings.listing")
    let stale = try? Data(contentsOf: index)
    let first = try await cli.run(["trips"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.split(separator: "\n").count > 1_000, "\(first.stdout.prefix(400))")
    #expect((try? Data(contentsOf: index)) == stale, "the CLI wrote the index")
    let repairing = SimulatedAirline(
      store: RecordStore(root: cli.dataDirectory.path), clock: .system)
    #expect(try await repairing.bookingList().count == 1_000)
    #expect((try? Data(contentsOf: index)) != stale, "the index was not written again")

    let trace = cli.dataDirectory.appendingPathComponent("trace.txt").path
    let second = try await Command.run(
      strace,
      [
        "-f", "-o", trace, "-e", "trace=stat,lstat,newfstatat,statx,fstatat64", cli.binary,
        "--data-dir", cli.dataDirectory.path, "trips",
      ])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout == first.stdout, "the listing changed")
    let statted = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
      .filter { $0.contains("/bookings/") && $0.contains(".json") }
    #expect(
      statted.count < 10,
      "\(statted.count) bookings' status asked: \(statted.prefix(5).joined(separator: "\n"))")
  }
}
