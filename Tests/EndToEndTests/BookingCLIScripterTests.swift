import Foundation
import TestSupport
import Testing

/// What a script meets with `booking-cli`: real pipes and a full disk, IDs checked for form in any
/// case, help for each command, suggestions for a slip, quiet IDs and streamed trips.
@Suite("booking-cli for scripts: pipes, IDs, help, quiet")
struct BookingCLIScripterTests {
  /// Runs `script` in bash with the binary as `$0` and the data directory as `$1`.
  private func shell(_ cli: BookingCLI, _ script: String) async throws -> CommandResult {
    var environment = ProcessInfo.processInfo.environment
    environment["BOOKING_DATA_DIR"] = nil
    return try await Command.run(
      "/bin/bash", ["-c", script, cli.binary, cli.dataDirectory.path], environment: environment)
  }

  /// A data directory with one booking paid for real and `copies` copies of it; its reference.
  private func bookings(_ cli: BookingCLI, copies: Int) async throws -> String {
    let reference = try await cli.bookForAda().reference
    try cli.copyBooking(reference, copies: copies)
    return reference
  }

  @Test("trips | head -1 ends at the first write after head has gone, quietly, as git does")
  func closedPipe() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    // 2,001 rows are some 260 KB: far more than a pipe holds (64 KB) once head has gone, so the
    // command cannot write them all without meeting the closed pipe.
    _ = try await bookings(cli, copies: 2_000)
    for words in ["trips", "trips --json", "trips --json-lines"] {
      let result = try await shell(
        cli, #"set -o pipefail; "$0" --data-dir "$1" "# + words + " | head -1")
      // 141 is death by SIGPIPE (128 + 13): the command stopped at the write that failed,
      // without listing the rest; ignoring the closed pipe, it listed all and exited 0.
      #expect(result.status == 141, "\(words): \(result.status) \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(words): \(result.stderr)")
      #expect(result.stdout.split(separator: "\n").count == 1, "\(words): \(result.stdout)")
    }
  }

  @Test("A write to a full disk exits 74 with a line on stderr")
  func fullDisk() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    _ = try await bookings(cli, copies: 3)
    for words in ["trips", "trips --json", "--help", "airports ams --json", "show ZZ0001"] {
      let result = try await shell(cli, #""$0" --data-dir "$1" "# + words + " > /dev/full")
      #expect(result.status == 74, "\(words): \(result.status) \(result.stderr)")
      #expect(
        result.stderr == "booking-cli: standard output could not be written: No space left on "
          + "device\n", "\(words): \(result.stderr)")
    }
  }

  @Test("An ID of the wrong form is refused with 64 naming the form, before any lookup")
  func idForms() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let card = BookingCLITests.visa
    let before = try BookingCLIReadOnlyTests.tree(cli.dataDirectory)
    for (words, names) in [
      (["seats", "xyz"], "not an offer ID like of-"),
      (["seats", "of-xyz"], "not an offer ID like of-"),
      (["seats", "qt-1"], "not an offer ID like of-"),
      (["seats", "qt-1234567890abcdef"], "it is a quote ID"),
      (["seats", "K7Q2ZP"], "it is a booking reference"),
      (["quote", "of-12g"] + CLIOutcome.ada + CLIOutcome.contact, "not an offer ID like of-"),
      (["pay", "xyz", "--card-from-stdin"], "not a quote ID like qt-"),
      (["pay", "qt-123", "--card-from-stdin"], "not a quote ID like qt-"),
      (["pay", "of-1234567890abcdef", "--card-from-stdin"], "it is an offer ID"),
      (["resolve", "xyz", "--charged"], "not a draft ID like dr-"),
      (["show", "qt-1234567890abcdef"], "it is a quote ID"),
    ] {
      let result = try await cli.run(words, input: card)
      #expect(result.status == 64, "\(words): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains(names), "\(words): \(result.stderr)")
      #expect(result.stderr.contains(words[1]), "\(words): \(result.stderr)")
    }
    // Nothing was looked up, so nothing was made.
    #expect(try BookingCLIReadOnlyTests.changes(since: before, in: cli.dataDirectory).isEmpty)
  }

  @Test("IDs are read in any case: upper-case offer and quote IDs, a lower-case reference")
  func anyCase() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
    let offer = try #require(offers.first?["id"] as? String)
    let seats = try await cli.run(["seats", offer.uppercased()])
    #expect(seats.status == 0, "\(seats.status) \(seats.stderr)")
    let quote = try await cli.run(
      ["quote", offer.uppercased(), "-q"] + CLIOutcome.ada + CLIOutcome.contact)
    #expect(quote.status == 0, "\(quote.status) \(quote.stderr)")
    let quoteID = quote.stdout.trimmingCharacters(in: .newlines)
    #expect(quoteID.wholeMatch(of: #/qt-[0-9a-f]{16}/#) != nil, "\(quote.stdout)")
    let paid = try await cli.run(
      ["pay", quoteID.uppercased(), "--card-from-stdin", "--quiet"], input: BookingCLITests.visa)
    #expect(paid.status == 0, "\(paid.status) \(paid.stderr)")
    let reference = paid.stdout.trimmingCharacters(in: .newlines)
    #expect(reference.wholeMatch(of: #/[A-Z0-9]{6}/#) != nil, "\(paid.stdout)")
    let shown = try await cli.run(["show", reference.lowercased()])
    #expect(shown.status == 0 && shown.stdout.contains(reference), "\(shown.output)")

    // Paid again: said plainly, charging nothing.
    let again = try await cli.run(
      ["pay", quoteID, "--card-from-stdin"], input: BookingCLITests.visa)
    #expect(again.status == 0, "\(again.output)")
    #expect(again.stdout.hasPrefix("Already paid: booking \(reference) "), "\(again.stdout)")
    #expect(!again.stdout.contains("earlier run"), "\(again.stdout)")
  }

  @Test("help CMD and CMD --help print the command's usage and an example")
  func commandHelp() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    for command in [
      "airports", "search", "seats", "quote", "pay", "trips", "show", "session", "resolve",
    ] {
      for words in [["help", command], [command, "--help"], [command, "-h"]] {
        let result = try await cli.run(words)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(words): \(result.output)")
        #expect(
          result.stdout.hasPrefix(
            "Usage: booking-cli [--data-dir PATH] [--airline-dir PATH] "
              + "[--json] \(command)"), "\(words): \(result.stdout)")
        #expect(result.stdout.contains("Example:\n  "), "\(words): \(result.stdout)")
        #expect(!result.stdout.contains("Exit codes"), "\(words): \(result.stdout)")
      }
    }
    let general = try await cli.run(["help"])
    #expect(general.status == 0 && general.stdout.contains("Exit codes"), "\(general.output)")
    let json = try await cli.run(["help", "pay", "--json"])
    #expect(
      json.status == 0 && json.stdout.contains("pay QUOTE --card-from-stdin"), "\(json.output)")
  }

  @Test("An unknown command or option names the nearest one")
  func suggestions() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    for (words, says) in [
      (["serach", "IST", "AMS"], "unknown command 'serach'; did you mean search?"),
      (["help", "trip"], "unknown command 'trip'; did you mean trips?"),
      (["trip", "--limit", "2"], "unknown command 'trip'; did you mean trips?"),
      (["search", "IST", "AMS", BookingCLI.day, "--adult", "2"], "did you mean --adults?"),
      (["search", "IST", "AMS", BookingCLI.day, "--non-stop"], "did you mean --nonstop?"),
      (["quote", "of-1", "--pasenger", "x"], "did you mean --passenger?"),
      (["trips", "--json-line"], "did you mean --json-lines?"),
    ] {
      let result = try await cli.run(words)
      #expect(result.status == 64, "\(words): \(result.output)")
      #expect(result.stderr.contains(says), "\(words): \(result.stderr)")
    }
    let far = try await cli.run(["search", "--zzzzzz"])
    #expect(far.status == 64 && !far.stderr.contains("did you mean"), "\(far.stderr)")
  }

  @Test("trips --limit N lists the newest N; --json-lines writes one JSON object a line")
  func tripsLimitAndLines() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    _ = try await bookings(cli, copies: 4)
    let limited = try await cli.run(["trips", "--limit", "2"])
    #expect(limited.status == 0, "\(limited.output)")
    // The heading and the two newest: the first lines of the whole list.
    let all = try await cli.run(["trips"])
    #expect(
      limited.stdout.split(separator: "\n") == Array(all.stdout.split(separator: "\n").prefix(3)),
      "\(limited.stdout)")
    let none = try #require(try await cli.json(["trips", "--limit", "0"]) as? [Any])
    #expect(none.isEmpty)
    let lines = try await cli.run(["trips", "--json-lines"])
    #expect(lines.status == 0, "\(lines.output)")
    let objects = lines.stdout.split(separator: "\n").map {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(
      objects.count == 5 && objects.allSatisfy { $0?["reference"] is String }, "\(lines.stdout)")
    let bad = try await cli.run(["trips", "--limit", "-1"])
    #expect(bad.status == 64 && bad.stderr.contains("--limit"), "\(bad.output)")
    let both = try await cli.run(["trips", "--json-lines", "--json"])
    #expect(both.status == 64, "\(both.output)")
  }

  @Test("An expired quote's message names the CLI command that quotes again")
  func expiredNamesCommand() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let quote = try await cli.quoteForAda()
    let quoteID = try #require(quote["id"] as? String)
    let offer = try #require((quote["offer"] as? [String: Any])?["id"] as? String)
    try BookingCLITests.expire(quote: quoteID, in: cli.dataDirectory)
    let expired = try await cli.run(
      ["pay", quoteID, "--card-from-stdin"], input: BookingCLITests.visa)
    #expect(expired.status == 69, "\(expired.output)")
    #expect(expired.stderr.contains("booking-cli quote \(offer)"), "\(expired.stderr)")
    #expect(!expired.stderr.contains("extras"), "\(expired.stderr)")
  }
}
