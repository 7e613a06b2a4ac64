import Foundation
import TestSupport
import Testing

/// `booking-cli` for round trips and parties with children and infants: `search --return`,
/// `quote` with seats each way, `pay`, `show` and `trips`; every time in the JSON with its offset
/// and zone, and a search's total what the quote's fare lines add up to.
@Suite("booking-cli's round trips")
struct BookingCLIRoundTripTests {
  /// The outbound's day (three weeks ahead) and the return's, a week later.
  static let out = BookingCLI.day
  static let back = BookingCLI.day(inDays: 28)

  @Test("Round-trip searches: two slices each, out and back, every time with its airport's zone")
  func roundTripSearches() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let cases: [(from: String, to: String, party: [String], counts: [Int])] = [
      ("IST", "AMS", ["--adults", "2", "--children", "1", "--infants", "1"], [2, 1, 1]),
      ("AMS", "JFK", ["-n", "1", "--infants", "1"], [1, 0, 1]),
      ("LHR", "IST", ["--passengers", "3", "--children", "2"], [3, 2, 0]),
    ]
    for (from, to, party, counts) in cases {
      let zones = [from: try await zone(of: from, cli), to: try await zone(of: to, cli)]
      let search = ["search", from, to, Self.out, "--return", Self.back] + party
      let offers = try #require(try await cli.json(search) as? [[String: Any]])
      #expect(!offers.isEmpty, "\(search)")
      let found = Self.timeProblems(in: offers)
      #expect(found.problems.isEmpty, "\(search): \(found.problems)")
      #expect(found.localTimes >= offers.count * 4, "\(search): \(found.localTimes) local times")
      for offer in offers {
        let id = offer["id"] as? String ?? "?"
        #expect(offer["roundTrip"] as? Bool == true, "\(id)")
        let given = offer["party"] as? [String: Int]
        #expect(
          [given?["adults"], given?["children"], given?["infants"]] == counts.map { $0 as Int? },
          "\(id): \(String(describing: given))")
        let slices = try #require(offer["slices"] as? [[String: Any]], "\(id)")
        #expect(slices.map { $0["direction"] as? String } == ["outbound", "return"], "\(id)")
        #expect(slices.map { $0["origin"] as? String } == [from, to], "\(id)")
        #expect(slices.map { $0["destination"] as? String } == [to, from], "\(id)")
        // Each end's local time is in its airport's zone.
        for (slice, (leaves, lands)) in zip(slices, [(from, to), (to, from)]) {
          #expect(slice["departureZone"] as? String == zones[leaves], "\(id): \(slice)")
          #expect(slice["arrivalZone"] as? String == zones[lands], "\(id): \(slice)")
          let segments = try #require(slice["segments"] as? [[String: Any]])
          let layovers = try #require(slice["layovers"] as? [[String: Any]])
          #expect(layovers.count == segments.count - 1, "\(id): \(slice)")
          #expect(segments.first?["from"] as? String == leaves, "\(id)")
          #expect(segments.last?["to"] as? String == lands, "\(id)")
          for (landed, layover) in zip(segments, layovers) {
            #expect(layover["airport"] as? String == landed["to"] as? String, "\(id): \(layover)")
            #expect((layover["minutes"] as? Int ?? 0) > 0, "\(id): \(layover)")
            #expect(layover["overnight"] is Bool && layover["changesAirport"] is Bool, "\(id)")
          }
        }
        let flights = slices.flatMap {
          ($0["segments"] as? [[String: Any]] ?? []).compactMap { $0["flight"] as? String }
        }
        #expect(offer["flights"] as? [String] == flights, "\(id)")
      }
      // As text: each offer's outbound, its return on the row under it.
      let text = try await cli.run(search)
      #expect(text.status == 0, "\(search): \(text.stderr)")
      let lines = text.stdout.split(separator: "\n").map(String.init)
      #expect(lines.first?.contains("WAY") == true, "\(text.stdout)")
      #expect(lines.first?.contains("TOTAL") == true, "\(text.stdout)")
      for line in lines {
        #expect(line.count <= 100, "wider than a projector's 100 columns: \(line)")
      }
      let wide = try await cli.run(search + ["--wide"])
      let header = wide.stdout.split(separator: "\n").first.map(String.init) ?? ""
      #expect(header.contains("AIRLINE") && header.contains("PER ADULT"), "\(wide.stdout)")
      #expect(lines.dropFirst().first?.contains(" OUT ") == true, "\(text.stdout)")
      #expect(lines.dropFirst(2).first?.contains(" BACK ") == true, "\(text.stdout)")
      #expect(lines.dropFirst().first?.hasPrefix("of-") == true, "\(text.stdout)")
      #expect(lines.dropFirst(2).first?.hasPrefix(" ") == true, "\(text.stdout)")
    }
  }

  @Test("A round trip for 2 adults, a child and an infant: search, quote with seats each way, pay")
  func roundTripForAFamily() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offers = try #require(
      try await cli.json([
        "search", "IST", "AMS", Self.out, "--return", Self.back, "--adults", "2", "--children",
        "1", "--infants", "1",
      ]) as? [[String: Any]])
    let offer = try #require(offers.first)
    let offerID = try #require(offer["id"] as? String)
    let slices = try #require(offer["slices"] as? [[String: Any]])
    // Istanbul is UTC+3 all year, Amsterdam UTC+1 in winter and UTC+2 in summer.
    let departure = try #require(slices.first?["departure"] as? String)
    #expect(slices.first?["departureZone"] as? String == "Europe/Istanbul", "\(slices)")
    #expect(departure.hasSuffix(":00+03:00"), "\(departure)")
    let returning = try #require(slices.last?["departure"] as? String)
    #expect(slices.last?["departureZone"] as? String == "Europe/Amsterdam", "\(slices)")
    #expect(
      returning.hasSuffix(":00+01:00") || returning.hasSuffix(":00+02:00"), "\(returning)")
    #expect(returning.hasPrefix(Self.back), "\(returning)")

    // Seats for Ada (1) and the child (3) on both flights, free on the seat maps whatever the
    // day's aircraft and cabin; the infant travels on a lap.
    let outSeats = Array(try await cli.freeSeats(of: offerID, slice: 0).prefix(2))
    let backSeats = Array(try await cli.freeSeats(of: offerID, slice: 1).prefix(2))
    try #require(
      outSeats.count == 2 && backSeats.count == 2, "free seats: \(outSeats), \(backSeats)")
    let result = try await cli.run(
      ["quote", offerID] + Self.family().flatMap { ["--passenger", $0] } + [
        "--email", "ada@example.com", "--phone", "+44 20 7946 0000", "--seat", "1:\(outSeats[0])",
        "--return-seat", "1:\(backSeats[0])", "--seat", "3:\(outSeats[1])", "--return-seat",
        "3:\(backSeats[1])", "--json",
        // The fares are checked against the search: no re-pricing (tested on its own).
        "--price-changes", "never",
      ])
    #expect(result.status == 0, "quote: \(result.stderr)")
    let quote = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(result.stdout)")
    let quoteID = try #require(quote["id"] as? String)
    let times = Self.timeProblems(in: quote)
    #expect(times.problems.isEmpty, "\(times.problems)")
    let passengers = try #require(quote["passengers"] as? [[String: Any]])
    #expect(passengers.map { $0["type"] as? String } == ["adult", "adult", "child", "infant"])
    #expect(passengers.map { $0["seat"] as? String } == [outSeats[0], nil, outSeats[1], nil])
    #expect(
      passengers.map { $0["returnSeat"] as? String } == [backSeats[0], nil, backSeats[1], nil])
    let lines = try #require(quote["lines"] as? [[String: Any]])
    #expect(
      lines.map { $0["kind"] as? String }
        == ["fare", "childFare", "infant", "seat", "seat", "seat", "seat", "tax"], "\(lines)")
    let seats = lines.filter { $0["kind"] as? String == "seat" }.map {
      "\($0["slice"] as? Int ?? -1):\($0["passenger"] as? Int ?? -1):\($0["seat"] as? String ?? "")"
    }
    #expect(
      Set(seats) == [
        "0:1:\(outSeats[0])", "0:3:\(outSeats[1])", "1:1:\(backSeats[0])", "1:3:\(backSeats[1])",
      ],
      "\(seats)")
    #expect(lines.filter { $0["kind"] as? String != "seat" }.allSatisfy { $0["slice"] == nil })
    // The search's total is the fares and taxes of the quote; the seats come on top.
    let fares = try Self.sum(lines, kinds: ["fare", "childFare", "infant", "tax"])
    #expect(fares == (try Self.amount(offer["total"])), "\(lines) vs \(offer["total"] ?? "")")
    #expect(try Self.sum(lines, kinds: nil) == (try Self.amount(quote["total"])))

    let paid = try #require(
      try await cli.json(["pay", quoteID, "--card-from-stdin"], input: BookingCLITests.visa)
        as? [String: Any])
    let reference = try #require(paid["reference"] as? String)
    #expect(try Self.amount(paid["totalPaid"]) == (try Self.amount(quote["total"])))
    let booked = try #require(paid["offer"] as? [String: Any])
    #expect((booked["slices"] as? [Any])?.count == 2)
    #expect(Self.timeProblems(in: paid).problems.isEmpty)
    let shown = try #require(try await cli.json(["show", reference]) as? [String: Any])
    #expect(Self.timeProblems(in: shown).problems.isEmpty)
    #expect(((shown["offer"] as? [String: Any])?["slices"] as? [Any])?.count == 2)

    // As text, both directions: show's Out and Back lines, trips' route there and back.
    let text = try await cli.run(["show", reference])
    #expect(text.status == 0, "\(text.stderr)")
    let shownLines = text.stdout.split(separator: "\n")
    #expect(shownLines.contains { $0.hasPrefix("Out ") && $0.contains("IST") }, "\(text.stdout)")
    #expect(shownLines.contains { $0.hasPrefix("Back ") && $0.contains("AMS") }, "\(text.stdout)")
    #expect(text.stdout.contains("2 adults, 1 child and 1 infant"), "\(text.stdout)")
    #expect(
      text.stdout.contains("seats \(outSeats[0]) out, \(backSeats[0]) back"), "\(text.stdout)")
    let trips = try await cli.run(["trips"])
    let tripRow = trips.stdout.split(separator: "\n").first { $0.hasPrefix(reference) } ?? ""
    #expect(tripRow.contains("IST-AMS-IST") && tripRow.contains("2A1C1I"), "\(trips.stdout)")
    #expect(tripRow.contains(Self.back), "the return's departure: \(trips.stdout)")
    // Every column of the row starts under its heading, however long the flights of a round
    // trip with connections are ("LH816+LH2685/LH555+LH2479").
    let header = Array(trips.stdout.split(separator: "\n").first ?? "")
    let row = Array(tripRow)
    let starts = header.indices.filter { $0 == 0 || (header[$0] != " " && header[$0 - 1] == " ") }
    #expect(starts.count == 9, "\(trips.stdout)")
    for start in starts {
      let aligned =
        row.indices.contains(start) && row[start] != " " && (start == 0 || row[start - 1] == " ")
      #expect(aligned, "column at \(start):\n\(String(header))\n\(tripRow)")
    }
    let listed = try await cli.json(["trips"])
    #expect(Self.timeProblems(in: listed).problems.isEmpty)
  }

  @Test("A search's total is the quote's fare, child, infant and tax lines, for random parties")
  func totalsAreTheQuotesFares() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    var random = SeededRandom(seed: 29)
    var tried: [String] = []
    for _ in 0..<6 {
      let adults = random.int(1...4)
      let children = random.int(0...min(3, 9 - adults))
      let infants = random.int(0...min(2, adults))
      let roundTrip = random.chance(0.7)
      let search =
        ["search", "IST", "AMS", Self.out, "--adults", "\(adults)", "--children", "\(children)"]
        + ["--infants", "\(infants)"] + (roundTrip ? ["--return", Self.back] : [])
      let offers = try #require(try await cli.json(search) as? [[String: Any]], "\(search)")
      let offer = try #require(offers.isEmpty ? nil : random.pick(Array(offers.prefix(8))))
      let offerID = try #require(offer["id"] as? String)
      let party = Self.family(adults: adults, children: children, infants: infants)
      let quote = try #require(
        try await cli.json(
          ["quote", offerID, "--email", "ada@example.com", "--phone", "+44 20 7946 0000"]
            + party.flatMap { ["--passenger", $0] } + ["--price-changes", "never"])
          as? [String: Any])
      let lines = try #require(quote["lines"] as? [[String: Any]])
      let label = "\(adults)A\(children)C\(infants)I \(roundTrip ? "round trip" : "one way")"
      tried.append(label)
      #expect(
        try Self.sum(lines, kinds: ["fare", "childFare", "infant", "tax"])
          == (try Self.amount(offer["total"])), "\(label): \(lines) vs \(offer)")
      #expect(
        try Self.amount(quote["total"]) == (try Self.amount(offer["total"])),
        "\(label): no extras")
      let fare = lines.first { $0["kind"] as? String == "fare" }
      #expect(fare?["quantity"] as? Int == adults, "\(label): \(lines)")
      #expect(
        try Self.amount(fare?["unitPrice"]) == (try Self.amount(offer["pricePerAdult"])),
        "\(label): \(lines)")
    }
    // The seed gives children, infants, round trips and one-way trips among the cases.
    for part in [#/[1-9]C/#, #/[1-9]I/#] {
      #expect(tried.contains { $0.contains(part) }, "\(tried)")
    }
    #expect(tried.contains { $0.hasSuffix("round trip") }, "\(tried)")
    #expect(tried.contains { $0.hasSuffix("one way") }, "\(tried)")
  }

  @Test("Bad parties, days, seats and types exit with 64, in the domain's words where it has some")
  func usageErrors() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let search = ["search", "IST", "AMS", Self.out]
    let cases: [([String], String)] = [
      (search + ["-n", "2", "--adults", "2"], "both give the number of adults"),
      (search + ["--passengers", "2", "--adults", "2"], "both give the number of adults"),
      (
        search + ["--adults", "0", "--children", "1"],
        "At least one adult (12 or older) must travel."
      ),
      (
        search + ["--infants", "2"],
        "Each infant travels on an adult's lap: 2 infants need 2 adults, not 1."
      ),
      (
        search + ["--adults", "5", "--children", "5"],
        "10 seats cannot be booked together: choose 1 to 9 adults and children."
      ),
      (search + ["--children", "two"], "--children takes a whole number from 0, not 'two'"),
      (search + ["--return", "soon"], "--return 'soon' is not a day"),
      (
        ["search", "IST", "AMS", Self.back, "--return", Self.out],
        "The return day \(Self.out) is before the day of departure \(Self.back)."
      ),
    ]
    for (arguments, named) in cases {
      let result = try await cli.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains(named), "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
    }

    // Given a real offer: a return seat on a one-way trip, a type the date of birth does not make.
    let oneWay = try #require(
      try await cli.json(search + ["--infants", "1"]) as? [[String: Any]])
    let oneWayID = try #require(oneWay.first?["id"] as? String)
    let family = Self.family(adults: 1, children: 0, infants: 1)
    let contact = ["--email", "ada@example.com", "--phone", "+44 20 7946 0000"]
    let child = "infant Mstr Tim Lovelace \(BookingCLI.day(inDays: -5 * 365))"
    let quotes: [(passengers: [String], options: [String], named: String)] = [
      (family, ["--return-seat", "1:14A"], "is one way; seats on it are given with --seat"),
      ([family[0], child], [], "a child on the day of the flight (\(Self.out)), not an infant"),
      (
        ["adult Mstr Tom Lovelace 2018-03-01", family[1]], [],
        "a child on the day of the flight (\(Self.out)), not an adult"
      ),
    ]
    for (passengers, options, named) in quotes {
      let arguments =
        ["quote", oneWayID] + contact + passengers.flatMap { ["--passenger", $0] } + options
      let result = try await cli.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains(named), "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
    }
  }

  // MARK: - Helpers

  /// Passengers for a party as `--passenger` takes them, each with its type: adults born in the
  /// 1980s, children 6 or 7 on the outbound's day, infants born 200 days before it.
  static func family(adults: Int = 2, children: Int = 1, infants: Int = 1) -> [String] {
    let names = ["Ada", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]
    let year = Int(out.prefix(4)) ?? 2026
    let month = out.dropFirst(5).prefix(2)
    let adultsGiven = (0..<adults).map { "adult Ms \(names[$0]) Lovelace 198\($0)-05-04" }
    let childrenGiven = (0..<children).map {
      "child Miss \(names[adults + $0]) Lovelace \(year - 7)-\(month)-01"
    }
    let infantsGiven = (0..<infants).map {
      "infant Mstr \(names[adults + children + $0]) Lovelace \(BookingCLI.day(inDays: 21 - 200))"
    }
    return adultsGiven + childrenGiven + infantsGiven
  }

  /// The zone `airports CODE` gives the airport.
  func zone(of code: String, _ cli: BookingCLI) async throws -> String {
    let found = try #require(try await cli.json(["airports", code]) as? [[String: Any]])
    return try #require(found.first { $0["code"] as? String == code }?["timeZone"] as? String)
  }

  /// The amount of a `{"amount", "currency"}` money value, exactly.
  static func amount(_ money: Any?) throws -> Decimal {
    let text = try #require((money as? [String: Any])?["amount"] as? String, "\(money ?? "nil")")
    return try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
  }

  /// The sum of the quote lines of `kinds` (nil: every line).
  static func sum(_ lines: [[String: Any]], kinds: Set<String>?) throws -> Decimal {
    try lines.filter { kinds?.contains($0["kind"] as? String ?? "") ?? true }
      .reduce(Decimal(0)) { $0 + (try amount($1["amount"])) }
  }

  /// Every time in a document that breaks the rule: each is ISO 8601 with seconds and an
  /// offset; a local time (`departure`, `arrival`) is `2026-12-24T12:40:00+03:00` with the IANA
  /// name of its zone beside it (`departureZone`); any other time is an instant in UTC
  /// (`2026-12-02T04:55:13Z`). Also how many local times there were.
  static func timeProblems(in value: Any, path: String = "$") -> (
    problems: [String], localTimes: Int
  ) {
    var problems: [String] = []
    var localTimes = 0
    if let object = value as? [String: Any] {
      for (key, child) in object {
        let here = "\(path).\(key)"
        if key == "departure" || key == "arrival" {
          let zone = object[key + "Zone"] as? String ?? ""
          guard let local = child as? String,
            local.wholeMatch(of: #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)/#) != nil
          else {
            problems.append("\(here) is not a local time with an offset: \(child)")
            continue
          }
          if zone.wholeMatch(of: #/[A-Z][A-Za-z_]+(/[A-Za-z_+-]+)+/#) == nil {
            problems.append("\(here)Zone is '\(zone)', not an IANA zone name")
          }
          localTimes += 1
          continue
        }
        if let text = child as? String,
          text.prefixMatch(of: #/\d{4}-\d{2}-\d{2}[T ]\d{2}:/#) != nil,
          text.wholeMatch(of: #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/#) == nil
        {
          problems.append("\(here) is \(text), not an instant in UTC")
        }
        let inner = timeProblems(in: child, path: here)
        problems += inner.problems
        localTimes += inner.localTimes
      }
    } else if let array = value as? [Any] {
      for (index, child) in array.enumerated() {
        let inner = timeProblems(in: child, path: "\(path)[\(index)]")
        problems += inner.problems
        localTimes += inner.localTimes
      }
    }
    return (problems, localTimes)
  }
}
