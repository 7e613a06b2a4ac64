import Foundation
import TestSupport
import Testing

/// The read commands (`seats`, `trips`, `show`, `session`) read and write nothing: every file of
/// the data directory is where it was, with the same bytes and the same modification time.
@Suite("booking-cli's read commands only read")
struct BookingCLIReadOnlyTests {
  /// Every file under `root`, with its size and modification time.
  static func tree(_ root: URL) throws -> [String: String] {
    var files: [String: String] = [:]
    let manager = FileManager.default
    guard let walk = manager.enumerator(atPath: root.path) else { return files }
    for case let path as String in walk {
      let attributes = try manager.attributesOfItem(atPath: root.appendingPathComponent(path).path)
      let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
      let stamp = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
      files[path] = "\(attributes[.type] ?? "") \(size) \(stamp)"
    }
    return files
  }

  /// The paths under `root` added, removed or changed since `before` (`tree`).
  static func changes(since before: [String: String], in root: URL) throws -> [String] {
    let after = try tree(root)
    return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
  }

  @Test("seats, trips, show and session leave the data directory as it was")
  func readsWriteNothing() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let (quote, reference) = try await cli.bookForAda()
    let offerID = try #require((quote["offer"] as? [String: Any])?["id"] as? String)
    for command in [
      ["seats", offerID], ["trips"], ["trips", "--json"], ["show", reference], ["session"],
    ] {
      let before = try Self.tree(cli.dataDirectory)
      let result = try await cli.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      let changed = try Self.changes(since: before, in: cli.dataDirectory)
      #expect(changed.isEmpty, "\(command) wrote \(changed)")
    }
  }

  @Test("an unreadable booking: trips and show exit 65 naming it, and move or write nothing")
  func unreadableBookingIsReported() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let reference = try await cli.bookForAda().reference
    let file = cli.dataDirectory.appendingPathComponent("bookings/\(reference).json")
    try Data("garbage\n".utf8).write(to: file)
    for command in [["trips"], ["show", reference]] {
      let before = try Self.tree(cli.dataDirectory)
      let result = try await cli.run(command)
      #expect(result.status == 65, "\(command): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains(reference), "\(command): \(result.stderr)")
      let changed = try Self.changes(since: before, in: cli.dataDirectory)
      #expect(changed.isEmpty, "\(command) wrote \(changed)")
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "garbage\n")
  }

  @Test(
    "a record that cannot be read, or no key: seats, trips and show report it and write nothing")
  func noRepairOnRead() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let (quote, reference) = try await cli.bookForAda()
    let offerID = try #require((quote["offer"] as? [String: Any])?["id"] as? String)
    // An offer that cannot be read is reported where it is, not moved aside.
    let offer = cli.dataDirectory.appendingPathComponent("offers/\(offerID).json")
    try Data("garbage\n".utf8).write(to: offer)
    var before = try Self.tree(cli.dataDirectory)
    let seats = try await cli.run(["seats", offerID])
    #expect(seats.status != 0, "\(seats.output)")
    #expect(try Self.changes(since: before, in: cli.dataDirectory).isEmpty)
    #expect(try String(contentsOf: offer, encoding: .utf8) == "garbage\n")
    // Without the airline's key nothing it sealed can be read, and a reader makes no key.
    try FileManager.default.removeItem(at: cli.dataDirectory.appendingPathComponent("airline.key"))
    before = try Self.tree(cli.dataDirectory)
    for command in [["trips"], ["show", reference], ["seats", offerID]] {
      let result = try await cli.run(command)
      #expect(result.status != 0 || command == ["trips"], "\(command): \(result.output)")
      let changed = try Self.changes(since: before, in: cli.dataDirectory)
      #expect(changed.isEmpty, "\(command) wrote \(changed)")
    }
  }
}
