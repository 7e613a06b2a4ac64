import BookingCommands
import Foundation
import TestSupport

/// `booking-cli` with its own temporary data directory (mode 0700, as the app makes it): run in
/// this process on streams in memory (`run(_:input:)`), or as the process `swift test` built
/// (`spawn`, `run(_:environment:input:)`, and `binary` for a shell: for what only a process
/// shows, its exit by a signal, a pipe, the environment, and for processes at the same time).
/// Call `close()` when done.
struct BookingCLI {
  let binary: String
  let dataDirectory: URL

  /// Finds the binary (`BOOKING_CLI_E2E_BINARY` overrides the search) and makes the directory.
  init(dataDirectory: URL? = nil) throws {
    do {
      binary = try PackageExecutable.path(
        "booking-cli", override: ProcessInfo.processInfo.environment["BOOKING_CLI_E2E_BINARY"])
    } catch {
      throw E2EFailure("\(error)")
    }
    if let dataDirectory {
      self.dataDirectory = dataDirectory
    } else {
      self.dataDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("booking-cli-e2e-\(UUID().uuidString.prefix(8).lowercased())")
      try FileManager.default.createDirectory(
        at: self.dataDirectory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    }
  }

  /// Runs `booking-cli --data-dir <dir> arguments` in this process, with `input` on standard
  /// input.
  func run(_ arguments: [String], input: String? = nil) async throws -> CommandResult {
    let streams = CLIStreams(input: input ?? "")
    let status = await BookingCommands.BookingCLI.run(
      ["--data-dir", dataDirectory.path] + arguments, streams: streams)
    return CommandResult(
      status: status, killedBySignal: false, stdout: streams.standardOutput,
      stderr: streams.standardError)
  }

  /// Runs `booking-cli --data-dir <dir> arguments` as a process of its own, with `input` on
  /// standard input: for tests of processes at the same time (each its own locks and threads,
  /// as payers are; in one process, waits for the airline's lock would hold the test's threads).
  func spawn(_ arguments: [String], input: String? = nil) async throws -> CommandResult {
    var environment = ProcessInfo.processInfo.environment
    environment["BOOKING_DATA_DIR"] = nil
    return try await Command.run(
      binary, ["--data-dir", dataDirectory.path] + arguments, environment: environment,
      input: input)
  }

  /// Runs `booking-cli arguments` as given (no `--data-dir` added), in this process's environment
  /// without `BOOKING_DATA_DIR` and with `changes` applied (a nil value removes the variable).
  func run(_ arguments: [String], environment changes: [String: String?], input: String? = nil)
    async throws -> CommandResult
  {
    var environment = ProcessInfo.processInfo.environment
    environment["BOOKING_DATA_DIR"] = nil
    for (name, value) in changes { environment[name] = value }
    return try await Command.run(binary, arguments, environment: environment, input: input)
  }

  /// Runs a command that must succeed with `--json`, and returns its document.
  func json(_ arguments: [String], input: String? = nil) async throws -> Any {
    let result = try await run(arguments + ["--json"], input: input)
    guard result.status == 0, !result.killedBySignal else {
      throw E2EFailure(
        "booking-cli \(arguments.joined(separator: " ")) exited with \(result.status): "
          + result.stderr)
    }
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// The seats of slice `slice` (0 the outbound, 1 the return) of `offer`, row by row, free
  /// (`free`) or taken, as `seats --json` lists them.
  func seats(of offer: String, slice: Int = 0, free: Bool) async throws -> [String] {
    let document = try await json(["seats", offer]) as? [String: Any]
    let slices = document?["slices"] as? [[String: Any]] ?? []
    guard slices.indices.contains(slice), let seats = slices[slice]["seats"] as? [[String: Any]]
    else { throw E2EFailure("seats \(offer) has no slice \(slice): \(document ?? [:])") }
    return seats.filter { $0["free"] as? Bool == free }.compactMap { $0["seat"] as? String }
  }

  /// The free seats of slice `slice` of `offer`, row by row.
  func freeSeats(of offer: String, slice: Int = 0) async throws -> [String] {
    try await seats(of: offer, slice: slice, free: true)
  }

  /// The first taken seat on `offer`'s outbound.
  func takenSeat(of offer: String) async throws -> String {
    guard let seat = try await seats(of: offer, free: false).first else {
      throw E2EFailure("no seat of \(offer) is taken")
    }
    return seat
  }

  /// The first free seat on `offer`'s outbound.
  func freeSeat(of offer: String) async throws -> String {
    guard let seat = try await freeSeats(of: offer).first else {
      throw E2EFailure("every seat of \(offer) is taken")
    }
    return seat
  }

  /// A day three weeks ahead, as the search takes it.
  static var day: String { day(inDays: 21) }

  /// The day `count` days after today (in UTC), as the search takes it.
  static func day(inDays count: Int) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter.string(from: Date().addingTimeInterval(Double(count) * 86_400))
  }

  /// Searches IST to AMS for one and quotes the cheapest offer for Ada; returns the quote.
  func quoteForAda(_ extra: [String] = []) async throws -> [String: Any] {
    let offers = try await json(["search", "IST", "AMS", Self.day]) as? [[String: Any]] ?? []
    guard let offer = offers.first?["id"] as? String else {
      throw E2EFailure("search found no offer")
    }
    let quote = try await json(
      [
        "quote", offer, "--passenger", "Ms Ada Lovelace 1990-05-04", "--email",
        "ada@example.com", "--phone", "+44 20 7946 0000",
      ] + extra)
    guard let document = quote as? [String: Any] else { throw E2EFailure("quote: \(quote)") }
    return document
  }

  /// Quotes for Ada (`quoteForAda`) and pays the quote with the test Visa; returns the quote
  /// and the booking's reference.
  func bookForAda() async throws -> (quote: [String: Any], reference: String) {
    let quote = try await quoteForAda()
    guard let quoteID = quote["id"] as? String else { throw E2EFailure("quote: \(quote)") }
    let paid = try await json(["pay", quoteID, "--card-from-stdin"], input: BookingCLITests.visa)
    guard let reference = (paid as? [String: Any])?["reference"] as? String else {
      throw E2EFailure("pay: \(paid)")
    }
    return (quote, reference)
  }

  /// Writes booking `reference` again, sealed, under `copies` new references (`ZZ0000`, …).
  func copyBooking(_ reference: String, copies: Int) throws {
    let original = try String(
      contentsOf: dataDirectory.appendingPathComponent("bookings/\(reference).json"),
      encoding: .utf8)
    let writer = SealedWriter(root: dataDirectory)
    for index in 0..<copies {
      let copy = String(format: "ZZ%04d", index)
      try writer.write(original.replacing(reference, with: copy), to: "bookings/\(copy).json")
    }
  }

  /// Removes the data directory.
  func close() {
    try? FileManager.default.removeItem(at: dataDirectory)
  }
}
