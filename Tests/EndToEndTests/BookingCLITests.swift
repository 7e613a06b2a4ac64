import Foundation
import TestSupport
import Testing

/// `booking-cli` driven as a process, with its own data directory.
@Suite("booking-cli")
struct BookingCLITests {
  static let visa = "4242 4242 4242 4242 12/30 123\n"

  @Test("A whole booking in four commands: search, quote, pay, show (--json)")
  func wholeBooking() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }

    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day, "-n", "2", "--sort", "departure"])
        as? [[String: Any]])
    let offer = try #require(offers.first)
    // Every offer leaves from Istanbul, so the local times sort as the instants do.
    let departures = offers.compactMap {
      ($0["slices"] as? [[String: Any]])?.first?["departure"] as? String
    }
    #expect(departures.count == offers.count)
    #expect(departures == departures.sorted(), "sorted by departure: \(departures)")
    #expect((offer["party"] as? [String: Int]) == ["adults": 2, "children": 0, "infants": 0])
    #expect(offer["roundTrip"] as? Bool == false)
    let offerID = try #require(offer["id"] as? String)

    // The seat map follows the offer, and the offer the day searched: a free seat is read from
    // it, whatever the aircraft and cabin that day.
    let seat = try await cli.freeSeat(of: offerID)
    let result = try await cli.run([
      "quote", offerID, "--passenger", "Ms Ada Lovelace 1990-05-04", "--passenger",
      "Mr Charles Babbage 1991-12-26", "--email", "ada@example.com", "--phone",
      "+44 20 7946 0000", "--seat", "2:\(seat)", "--bags", "1:2", "--insurance", "--json",
    ])
    #expect(result.status == 0, "quote with seat \(seat): \(result.stderr)")
    let document =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let quote = try #require(document, "\(result.stdout)")
    let quoteID = try #require(quote["id"] as? String)
    #expect(quote["link"] as? String == "booking://pay/\(quoteID)")
    #expect((quote["open"] as? String)?.contains("--open booking://pay/\(quoteID)") == true)
    let seconds = try #require(quote["expiresInSeconds"] as? Int)
    #expect((850...900).contains(seconds), "a 15-minute price: \(seconds) s")
    let quoted = try #require(quote["passengers"] as? [[String: Any]])
    #expect(quoted.map { $0["seat"] as? String } == [nil, seat])
    #expect(quoted.map { $0["bags"] as? Int } == [2, 0])
    let total = try #require((quote["total"] as? [String: Any])?["amount"] as? String)

    let paid = try #require(
      try await cli.json(["pay", quoteID, "--card-from-stdin"], input: Self.visa) as? [String: Any])
    let reference = try #require(paid["reference"] as? String)
    #expect(paid["card"] as? String == "Visa •••• 4242")
    #expect((paid["totalPaid"] as? [String: Any])?["amount"] as? String == total)

    let shown = try #require(try await cli.json(["show", reference]) as? [String: Any])
    #expect(shown["reference"] as? String == reference)
    #expect(shown["quoteID"] as? String == quoteID)
    #expect((shown["offer"] as? [String: Any])?["id"] as? String == offerID)
    let names = (shown["passengers"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
    #expect(names == ["Ada Lovelace", "Charles Babbage"])
    // Only the last four digits are kept anywhere.
    let files = DataFiles(root: cli.dataDirectory)
    #expect(files.containing("4242424242424242").isEmpty)
  }

  @Test(
    "seats: the map of each flight, its letters where the JSON says free and - where taken, in 80 columns"
  )
  func seatMaps() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offers = try #require(
      try await cli.json([
        "search", "IST", "AMS", BookingCLI.day, "--return", BookingCLI.day(inDays: 28),
      ]) as? [[String: Any]])
    let offerID = try #require(offers.first?["id"] as? String)
    let document = try #require(try await cli.json(["seats", offerID]) as? [String: Any])
    let slices = try #require(document["slices"] as? [[String: Any]])
    #expect(slices.compactMap { $0["direction"] as? String } == ["outbound", "return"])

    let text = try await cli.run(["seats", offerID])
    #expect(text.status == 0, "\(text.stderr)")
    let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines.allSatisfy { $0.count <= 80 }, "an 80-column terminal:\n\(text.stdout)")
    let headings = lines.indices.filter {
      lines[$0].hasPrefix("Outbound: ") || lines[$0].hasPrefix("Return: ")
    }
    try #require(headings.count == 2, "\(text.stdout)")
    var firstFree: [String] = []
    for (slice, heading) in zip(slices, headings) {
      let seats = try #require(slice["seats"] as? [[String: Any]])
      #expect(seats.contains { $0["free"] as? Bool == true }, "\(seats)")
      #expect(seats.contains { $0["free"] as? Bool == false }, "\(seats)")
      firstFree +=
        seats.first { $0["free"] as? Bool == true }.flatMap { $0["seat"] as? String }
        .map { [$0] } ?? []
      // The header names each letter's column; a seat's row shows its letter there when free.
      let header = lines[heading + 1]
      #expect(header.hasPrefix("row  "), "\(header)")
      for seat in seats {
        let row = try #require(seat["row"] as? Int)
        let letter = try #require(seat["letter"] as? String)
        let column = try #require(header.firstIndex(of: Character(letter)), "\(letter): \(header)")
        let number = String(row)
        let prefix = String(repeating: " ", count: max(0, 3 - number.count)) + number + "  "
        let line = try #require(
          lines[(heading + 2)...].first { $0.hasPrefix(prefix) }, "row \(row): \(text.stdout)")
        let offset = header.distance(from: header.startIndex, to: column)
        let shown = line[line.index(line.startIndex, offsetBy: offset)]
        #expect(
          shown == (seat["free"] as? Bool == true ? Character(letter) : "-"),
          "\(seat["seat"] ?? ""): \(line)")
      }
    }
    // The closing paragraph names a free seat of each map, ready to type.
    #expect(
      text.stdout.replacingOccurrences(of: "\n", with: " ").contains(
        "--seat 1:\(firstFree[0]) --return-seat 1:\(firstFree[1])."),
      "\(text.stdout)")
  }

  @Test("trips lists the bookings newest first, as JSON and as aligned text")
  func tripsListsBookings() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    var references: [String] = []
    for _ in 0..<2 {
      let quote = try await cli.quoteForAda()
      let quoteID = try #require(quote["id"] as? String)
      let paid = try #require(
        try await cli.json(["pay", quoteID, "--card-from-stdin"], input: Self.visa)
          as? [String: Any])
      references.append(try #require(paid["reference"] as? String))
    }
    // The order is by the time each booking was written: the first is made an hour older, so
    // the order does not hang on two writes a few milliseconds apart.
    let first = cli.dataDirectory.appendingPathComponent("bookings/\(references[0]).json")
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: first.path)
    let trips = try #require(try await cli.json(["trips"]) as? [[String: Any]])
    #expect(trips.compactMap { $0["reference"] as? String } == references.reversed())
    let text = try await cli.run(["trips"])
    #expect(text.status == 0)
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.count == 3, "a header and two bookings:\n\(text.stdout)")
    #expect(lines.first?.hasPrefix("REF ") == true)
    #expect(lines.dropFirst().first?.hasPrefix(references[1]) == true, "\(text.stdout)")
  }

  @Test("A leading -- (as `swift run booking-cli -- search …` passes it) is skipped")
  func leadingDoubleDash() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let search = try await cli.run(
      ["--", "search", "IST", "AMS", BookingCLI.day, "--data-dir", cli.dataDirectory.path],
      environment: [:])
    #expect(search.status == 0, "\(search.stderr)")
    #expect(search.stdout.contains("of-"), "\(search.stdout)")
    let version = try await cli.run(["--", "--version"], environment: [:])
    #expect(version.status == 0 && version.stdout.hasPrefix("booking-cli"), "\(version.output)")
  }

  @Test("search's text fits a 100-column projector; --wide adds the airline and the fare per adult")
  func searchFitsAProjector() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    for extra in [
      [], ["--adults", "2", "--children", "1", "--infants", "1", "--sort", "duration"],
    ] {
      let search = try await cli.run(["search", "IST", "AMS", BookingCLI.day] + extra)
      #expect(search.status == 0, "\(search.stderr)")
      let lines = search.stdout.split(separator: "\n")
      #expect(lines.count > 3, "\(search.stdout)")
      for line in lines {
        #expect(line.count <= 100, "\(line.count) columns: \(line)")
      }
      #expect(
        lines.first?.split(separator: " ")
          == ["OFFER", "FLIGHTS", "DEPARTS", "ARRIVES", "DURATION", "STOPS", "TOTAL"],
        "\(search.stdout)")
    }
    let wide = try await cli.run(["search", "IST", "AMS", BookingCLI.day, "--wide"])
    let header = wide.stdout.split(separator: "\n").first.map(String.init) ?? ""
    #expect(header.contains("AIRLINE") && header.contains("PER ADULT"), "\(wide.stdout)")
  }

  @Test("A bad value exits with 64 and names itself in one line on stderr")
  func usageErrors() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let cases: [([String], String)] = [
      (["fly"], "unknown command 'fly'"),
      ([], "a command is needed"),
      (["search", "IST", "AMS", "tomorrow"], "DATE 'tomorrow'"),
      (["search", "IST", "AMS", BookingCLI.day, "-n", "12"], "12 seats cannot be booked"),
      (["search", "IST", "AMS", BookingCLI.day, "--sort", "cost"], "'cost'"),
      (["search", "IST", "AMS"], "needs DATE"),
      (["search", "IST", "AMS", BookingCLI.day, "--bogus"], "'--bogus'"),
      (["quote", "of-1234567890abcdef", "--email", "a@b.co", "--phone", "5551234"], "--passenger"),
      (
        [
          "quote", "of-1234567890abcdef", "--passenger", "Ada 1990-05-04", "--email", "a@b.co",
          "--phone", "5551234",
        ], "'Ada 1990-05-04'"
      ),
      (
        [
          "quote", "of-1234567890abcdef", "--passenger", "Ms Ada Lovelace 1990-05-04", "--email",
          "a@b.co", "--phone", "5551234", "--ttl", "0",
        ], "--ttl takes whole seconds"
      ),
      (
        [
          "quote", "of-1234567890abcdef", "--passenger", "Ms Ada Lovelace 1990-05-04", "--email",
          "a@b.co", "--phone", "5551234", "--seat", "2:14A",
        ], "no passenger 2"
      ),
      (["pay", "qt-1234567890abcdef"], "--card-from-stdin"),
      (["show", "nope"], "REF 'nope'"),
    ]
    for (arguments, named) in cases {
      let result = try await cli.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains(named), "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
    }
    // A card that is not one is refused before anything is paid, without echoing its number.
    let quote = try await cli.quoteForAda()
    let quoteID = try #require(quote["id"] as? String)
    let bad = try await cli.run(
      ["pay", quoteID, "--card-from-stdin"], input: "4242 4242 4242 4241 12/30 123\n")
    #expect(bad.status == 64 && bad.stderr.contains("card number"), "\(bad.stderr)")
    #expect(!bad.stderr.contains("4241"))
  }

  @Test("A card on the command line is refused with 64, saying why, and nothing is written")
  func cardOnCommandLine() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    for arguments in [
      ["pay", "qt-1234567890abcdef", "--card", "4242424242424242"],
      ["pay", "qt-1234567890abcdef", "--card=4242424242424242", "--card-from-stdin"],
    ] {
      let result = try await cli.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.status)")
      #expect(result.stderr.contains("shell history"), "\(result.stderr)")
      #expect(result.stderr.contains("ps"), "\(result.stderr)")
      #expect(!result.stderr.contains("4242"), "the number is not echoed: \(result.stderr)")
    }
    #expect(DataFiles(root: cli.dataDirectory).all() == [])
    let help = try await cli.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("--card-from-stdin") && help.stdout.contains("shell history"))
    let version = try await cli.run(["--version"])
    #expect(version.stdout.contains(#/^booking-cli \d+\.\d+\.\d+\n$/#), "\(version.stdout)")
  }

  @Test("A booking record that cannot be read exits with 65, in show and in trips")
  func corruptBooking() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let quote = try await cli.quoteForAda()
    let quoteID = try #require(quote["id"] as? String)
    let paid = try #require(
      try await cli.json(["pay", quoteID, "--card-from-stdin"], input: Self.visa) as? [String: Any])
    let reference = try #require(paid["reference"] as? String)
    // The booking and the charge it could be written again from (a booking that is only
    // unreadable is rebuilt from its charge, and shown).
    // The charges and their copies too: either one readable writes the booking again.
    var files = ["bookings/\(reference).json"]
    for folder in ["payments", "charges"] {
      let path = cli.dataDirectory.appendingPathComponent(folder).path
      files += try FileManager.default.contentsOfDirectory(atPath: path).map { "\(folder)/" + $0 }
    }
    for file in files {
      try Data("{\"schema\": 1, \"kind\": \"bookings\", \"data\": {\"refer".utf8)
        .write(to: cli.dataDirectory.appendingPathComponent(file))
    }

    let shown = try await cli.run(["show", reference])
    #expect(shown.status == 65, "status \(shown.status): \(shown.stderr)")
    #expect(shown.stderr.contains(reference), "\(shown.stderr)")
    #expect(shown.stderr.split(separator: "\n").count == 1, "\(shown.stderr)")
    let trips = try await cli.run(["trips", "--json"])
    #expect(trips.status == 65, "status \(trips.status): \(trips.stderr)")
    // Still one JSON document: the bookings that could be read (none here).
    let listed = try JSONSerialization.jsonObject(with: Data(trips.stdout.utf8)) as? [Any]
    #expect(listed?.isEmpty == true, "\(trips.stdout)")
  }

  @Test("No such quote exits with 66; the airline's refusals (declined, expired) with 69")
  func refusals() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let unknown = try await cli.run(
      ["pay", "qt-1234567890abcdef", "--card-from-stdin"], input: Self.visa)
    #expect(unknown.status == 66, "status \(unknown.status): \(unknown.stderr)")
    #expect(unknown.stderr.contains("qt-1234567890abcdef"), "\(unknown.stderr)")

    let quote = try await cli.quoteForAda()
    let quoteID = try #require(quote["id"] as? String)
    let declined = try await cli.run(
      ["pay", quoteID, "--card-from-stdin"], input: "4000000000000002\n12/30\n123\n")
    #expect(declined.status == 69, "status \(declined.status): \(declined.stderr)")
    #expect(declined.stderr.contains("declined"), "\(declined.stderr)")

    let paid = try await cli.run(["pay", quoteID, "--card-from-stdin"], input: Self.visa)
    #expect(paid.status == 0, "the declined card left the quote payable: \(paid.stderr)")
    // Paying a paid quote again charges nothing: its booking is the answer, as for a payment
    // finished from a cut-off run.
    let again = try await cli.run(["pay", quoteID, "--card-from-stdin"], input: Self.visa)
    #expect(again.status == 0, "\(again.status) \(again.stderr)")
    #expect(again.stdout.hasPrefix("Already paid: booking "), "\(again.stdout)")

    // A quote whose time has passed: its record says it expired a year ago.
    let brief = try await cli.quoteForAda()
    let briefID = try #require(brief["id"] as? String)
    try Self.expire(quote: briefID, in: cli.dataDirectory)
    let expired = try await cli.run(["pay", briefID, "--card-from-stdin"], input: Self.visa)
    #expect(expired.status == 69, "status \(expired.status): \(expired.stderr)")
    #expect(expired.stderr.contains("expired"), "\(expired.stderr)")
  }

  /// Rewrites the record of quote `id` so that it was issued and expired in 2020.
  static func expire(quote id: String, in dataDirectory: URL) throws {
    let file = dataDirectory.appendingPathComponent("quotes/\(id).json")
    var text = try String(contentsOf: file, encoding: .utf8)
    for (field, time) in [
      ("issuedAt", "2020-01-01T00:00:00.000Z"), ("expiresAt", "2020-01-01T00:15:00.000Z"),
    ] {
      let pattern = try Regex("\"\(field)\" : \"[^\"]*\"")
      #expect(text.contains(pattern), "the quote record has no \(field):\n\(text)")
      text.replace(pattern, with: "\"\(field)\" : \"\(time)\"")
    }
    // Sealed again as the airline seals it: an edit alone is refused as not the airline's.
    try DataFiles(root: dataDirectory).writeSealed(text, to: "quotes/\(id).json")
  }

  @Test(
    "While the app is open, every command works: reads, and quote and pay beside it, under the airline's own lock"
  )
  func lockedByTheApp() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let cli = try BookingCLI(dataDirectory: terminal.dataDirectory)
    let quote = try await cli.quoteForAda()
    let quoteID = try #require(quote["id"] as? String)
    let paid = try #require(
      try await cli.json(["pay", quoteID, "--card-from-stdin"], input: Self.visa) as? [String: Any])
    let reference = try #require(paid["reference"] as? String)
    let second = try #require(try await cli.quoteForAda()["id"] as? String)
    try await terminal.launch()
    try await terminal.waitFor("┌ Search flights", "From")

    // Reading needs no lock: the bookings, one booking, a search, its seats, where the app is.
    let trips = try #require(try await cli.json(["trips"]) as? [[String: Any]])
    #expect(trips.compactMap { $0["reference"] as? String } == [reference])
    let shown = try #require(try await cli.json(["show", reference]) as? [String: Any])
    #expect(shown["reference"] as? String == reference)
    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
    #expect(!offers.isEmpty)
    let offerID = try #require(offers.first?["id"] as? String)
    #expect(try await cli.freeSeats(of: offerID).isEmpty == false, "seats while the app is open")
    let session = try #require(try await cli.json(["session"]) as? [String: Any])
    #expect(session["appOpen"] as? Bool == true, "\(session)")
    #expect(session["resumeAt"] as? String == "search", "\(session)")
    let text = try await cli.run(["session"])
    #expect(text.status == 0 && text.stdout.contains("The app is open"), "\(text.stdout)")
    #expect(try await cli.run(["airports", "IST"]).status == 0)

    // Quoting and paying write the airline's records under the airline's own lock, held only
    // for each one's writes: beside the open app they work, and the app's session is untouched.
    let quoted = try await cli.run(
      [
        "quote", offerID, "--passenger", "Ms Ada Lovelace 1990-05-04", "--email",
        "ada@example.com", "--phone", "+44 20 7946 0000",
      ])
    #expect(quoted.status == 0, "quote: \(quoted.stderr)")
    let beside = try await cli.run(["pay", second, "--card-from-stdin"], input: Self.visa)
    #expect(beside.status == 0, "pay: \(beside.stderr)")
    #expect((try await cli.json(["trips"]) as? [Any])?.count == 2)
    let still = try #require(try await cli.json(["session"]) as? [String: Any])
    #expect(still["resumeAt"] as? String == "search", "\(still)")

    let pid = try terminal.panePID()
    try await terminal.press("C-c")
    try await terminal.waitFor("Quit?")
    try await terminal.press("y")
    try await terminal.waitForExit()
    try await terminal.waitForDeath(of: pid)
    let closed = try #require(try await cli.json(["session"]) as? [String: Any])
    #expect(closed["appOpen"] as? Bool == false, "\(closed)")
  }

  @Test("A data directory that cannot be created or written exits with 73, saying why")
  func unusableDataDirectory() async throws {
    // The tests run as root, which ignores permission bits: a regular file where the folder (or
    // a folder above it) should be cannot be bypassed.
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-cli-file-\(UUID().uuidString.prefix(8).lowercased())")
    try Data("not a folder\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let quote = [
      "quote", "of-1234567890abcdef", "--passenger", "Ms Ada Lovelace 1990-05-04", "--email",
      "ada@example.com", "--phone", "+44 20 7946 0000",
    ]
    let commands = [
      ["search", "IST", "AMS", BookingCLI.day], ["trips"], ["show", "K7Q2ZP"], ["session"], quote,
    ]
    for (directory, says) in [
      (file, "it is a file, not a folder"),
      (file.appendingPathComponent("booking"), "Not a directory"),
    ] {
      let cli = try BookingCLI(dataDirectory: directory)
      for arguments in commands {
        let result = try await cli.run(arguments)
        #expect(result.status == 73, "\(arguments): status \(result.status): \(result.stderr)")
        #expect(result.stderr.contains(says), "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(directory.path), "\(arguments): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
      }
    }
    #expect(FileManager.default.contents(atPath: file.path) == Data("not a folder\n".utf8))
  }
}

extension BookingCLITests {
  @Test(
    "a quote the airline re-priced says so, old → new, in text and JSON, and pays the new price")
  func priceChanged() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let quote = try await cli.quoteForAda(["--price-changes", "always"])
    let change = try #require(quote["priceChange"] as? [String: Any], "\(quote)")
    let before = try #require((change["before"] as? [String: Any])?["amount"] as? String)
    let after = try #require((change["after"] as? [String: Any])?["amount"] as? String)
    let total = try #require((quote["total"] as? [String: Any])?["amount"] as? String)
    let offer = try #require(quote["offer"] as? [String: Any])
    #expect(before == (offer["total"] as? [String: Any])?["amount"] as? String)
    #expect(after == total)
    #expect(Decimal(string: after) ?? 0 > Decimal(string: before) ?? 0)
    let id = try #require(quote["id"] as? String)
    let paid = try #require(
      try await cli.json(["pay", id, "--card-from-stdin"], input: Self.visa) as? [String: Any])
    #expect((paid["totalPaid"] as? [String: Any])?["amount"] as? String == after, "\(paid)")
    let never = try await cli.quoteForAda(["--price-changes", "never"])
    #expect(never["priceChange"] == nil)
    let bad = try await cli.run([
      "quote", "of-1", "--passenger", "Ms Ada Lovelace 1990-05-04", "--email", "a@b.co",
      "--phone", "5551234", "--price-changes", "sometimes",
    ])
    #expect(
      bad.status == 64 && bad.stderr.contains("--price-changes takes seeded, always or never"))
  }
}
