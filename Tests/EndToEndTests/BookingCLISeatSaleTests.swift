import Foundation
import TestSupport
import Testing

/// One airline, many `booking-cli` processes: a seat is held by one quote and sold once, and
/// payers at the same moment wait for each other instead of being turned away.
@Suite("booking-cli: seats sold once, payers queued")
struct BookingCLISeatSaleTests {
  static let visa = "4242 4242 4242 4242 12/30 123\n"

  /// The first offer IST to AMS three weeks ahead for `adults`.
  static func offer(_ cli: BookingCLI, adults: Int = 1) async throws -> String {
    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day, "--adults", "\(adults)"])
        as? [[String: Any]])
    return try #require(offers.first?["id"] as? String)
  }

  /// `quote OFFER` for one traveller, with `seat` on the outbound when given.
  static func quote(
    _ cli: BookingCLI, _ offer: String, name: String, seat: String? = nil,
    process: Bool = false
  ) async throws -> CommandResult {
    let arguments =
      [
        "quote", offer, "--passenger", "Ms \(name) Lovelace 1990-05-04", "--email",
        "ada@example.com", "--phone", "+44 20 7946 0000", "--json",
      ] + (seat.map { ["--seat", "1:\($0)"] } ?? [])
    return try await process ? cli.spawn(arguments) : cli.run(arguments)
  }

  /// The flights of offer `id` as the search lists them.
  static func flights(_ cli: BookingCLI, of id: String) async throws -> [String] {
    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
    return try #require(offers.first { $0["id"] as? String == id }?["flights"] as? [String])
  }

  /// The fare per adult the search shows for offer `id`.
  static func fare(_ cli: BookingCLI, of id: String) async throws -> String {
    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
    let offer = try #require(offers.first { $0["id"] as? String == id })
    return try #require((offer["pricePerAdult"] as? [String: Any])?["amount"] as? String)
  }

  /// The offer the search shows now for `flights` (at whatever fare they sell now).
  static func offer(_ cli: BookingCLI, flying flights: [String]) async throws -> String {
    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
    return try #require(offers.first { $0["flights"] as? [String] == flights }?["id"] as? String)
  }

  static func quoteID(_ result: CommandResult) throws -> String {
    let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return try #require((document as? [String: Any])?["id"] as? String, "\(result.stdout)")
  }

  @Test(
    "the same seat quoted for two travellers: the second is told it is taken (69, naming seats), and seats shows it taken"
  )
  func secondTravellerIsRefused() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offer = try await Self.offer(cli)
    let seat = try await cli.freeSeat(of: offer)

    let ada = try await Self.quote(cli, offer, name: "Ada", seat: seat)
    #expect(ada.status == 0, "\(ada.stderr)")
    #expect(try await !cli.freeSeats(of: offer).contains(seat), "held by Ada's quote")
    let paid = try await cli.run(
      ["pay", try Self.quoteID(ada), "--card-from-stdin"], input: Self.visa)
    #expect(paid.status == 0, "\(paid.stderr)")

    let alan = try await Self.quote(cli, offer, name: "Alan", seat: seat)
    #expect(alan.status == 69, "\(alan.stdout)\(alan.stderr)")
    #expect(alan.stderr.contains("Seat \(seat) is taken"), "\(alan.stderr)")
    #expect(alan.stderr.contains("booking-cli seats \(offer)"), "\(alan.stderr)")
    #expect(try await !cli.freeSeats(of: offer).contains(seat), "sold to Ada")
  }

  @Test(
    "20 processes quote the last 5 free seats they want of one flight at once, then pay: exactly 5 held and 5 sold, 15 told so (69)"
  )
  func twentyProcessesFiveSeats() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    // The flight's cheaper fare buckets sold first, a booking at a time: every racer is quoted
    // the top fare, which has room for the rest of the cabin, so only the seats are contended.
    let first = try await Self.offer(cli)
    let flights = try await Self.flights(cli, of: first)
    var offer = first
    var fares: [String] = [try await Self.fare(cli, of: first)]
    while fares.count < 3 {
      let quote = try Self.quoteID(try await Self.quote(cli, offer, name: "Grace"))
      let paid = try await cli.run(["pay", quote, "--card-from-stdin"], input: Self.visa)
      try #require(paid.status == 0, "\(paid.stderr)")
      offer = try await Self.offer(cli, flying: flights)
      let fare = try await Self.fare(cli, of: offer)
      if fare != fares.last { fares.append(fare) }
    }
    let raced = offer
    let seats = Array(try await cli.freeSeats(of: raced).prefix(5))
    try #require(seats.count == 5)

    let quotes = try await withThrowingTaskGroup(of: (String, CommandResult).self) { group in
      for index in 0..<20 {
        let seat = seats[index % 5]
        group.addTask {
          (seat, try await Self.quote(cli, raced, name: "Ada", seat: seat, process: true))
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    let held = quotes.filter { $0.1.status == 0 }
    let refused = quotes.filter { $0.1.status == 69 }
    #expect(held.count == 5, "\(quotes.map { ($0.0, $0.1.status, $0.1.stderr) })")
    #expect(refused.count == 15)
    #expect(Set(held.map(\.0)) == Set(seats), "one hold per seat")
    #expect(refused.allSatisfy { $0.1.stderr.contains("is taken") })

    let paid = try await withThrowingTaskGroup(of: CommandResult.self) { group in
      for (_, quote) in held {
        let id = try Self.quoteID(quote)
        group.addTask {
          try await cli.spawn(["pay", id, "--card-from-stdin", "--json"], input: Self.visa)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(paid.map(\.status) == Array(repeating: 0, count: 5), "\(paid.map(\.stderr))")
    let sold = try paid.flatMap { result -> [String] in
      let booking = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      let passengers = (booking as? [String: Any])?["passengers"] as? [[String: Any]] ?? []
      return passengers.compactMap { $0["seat"] as? String }
    }
    #expect(sold.sorted() == seats.sorted(), "each seat sold once: \(sold)")
    let free = try await cli.freeSeats(of: raced)
    #expect(seats.allSatisfy { !free.contains($0) })
  }

  @Test(
    "20 quotes (of 20 flights) paid by 20 processes started at once: all 20 booked, none turned away"
  )
  func twentyPayersQueue() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    // Twenty flights, from as many days as it takes: each payer has a fare of its own.
    var offers: [String] = []
    var days = 21
    while offers.count < 20, days < 30 {
      let found = try #require(
        try await cli.json(["search", "IST", "AMS", BookingCLI.day(inDays: days)])
          as? [[String: Any]])
      offers += found.compactMap { $0["id"] as? String }
      days += 1
    }
    var quotes: [String] = []
    for offer in offers.prefix(20) {
      let quote = try await Self.quote(cli, offer, name: "Ada")
      try #require(quote.status == 0, "\(quote.stderr)")
      quotes.append(try Self.quoteID(quote))
    }
    try #require(quotes.count == 20)
    let results = try await withThrowingTaskGroup(of: CommandResult.self) { group in
      for quote in quotes {
        group.addTask {
          try await cli.spawn(["pay", quote, "--card-from-stdin"], input: Self.visa)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(
      results.map(\.status) == Array(repeating: 0, count: 20),
      "\(results.filter { $0.status != 0 }.map(\.stderr))")
    let trips = try await cli.run(["trips"])
    #expect(trips.stdout.split(separator: "\n").count >= 20, "\(trips.stdout)")
  }

  @Test(
    "the last seats at a fare sold: the next search shows the next fare, and an older quote's pay exits 69 saying why"
  )
  func fareBucketSellsOut() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offers = try #require(
      try await cli.json(["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
    let first = try #require(offers.first)
    let offer = try #require(first["id"] as? String)
    let flights = try #require(first["flights"] as? [String], "\(first)")
    let published = try #require((first["pricePerAdult"] as? [String: Any])?["amount"] as? String)
    let older = try Self.quoteID(try await Self.quote(cli, offer, name: "Ada"))

    // Others book the flight at whatever fare the search shows, until that fare moves.
    var shown = (id: offer, fare: published)
    var booked = 0
    while shown.fare == published, booked < 7 {
      let quote = try Self.quoteID(try await Self.quote(cli, shown.id, name: "Grace"))
      let paid = try await cli.run(["pay", quote, "--card-from-stdin"], input: Self.visa)
      try #require(paid.status == 0, "\(paid.stderr)")
      booked += 1
      let again = try #require(
        try await cli.json(["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
      let same = try #require(again.first { $0["flights"] as? [String] == flights })
      shown = (
        try #require(same["id"] as? String),
        try #require((same["pricePerAdult"] as? [String: Any])?["amount"] as? String)
      )
    }
    #expect((2...6).contains(booked), "the first bucket held \(booked) seats")
    #expect(shown.id != offer, "the dearer fare is another offer")
    #expect((Decimal(string: shown.fare) ?? 0) > (Decimal(string: published) ?? 0))

    let refused = try await cli.run(["pay", older, "--card-from-stdin"], input: Self.visa)
    #expect(refused.status == 69, "\(refused.output)")
    #expect(refused.stderr.contains("last seats at this fare were sold"), "\(refused.stderr)")
  }

  @Test(
    "two processes quote the same seat at the same moment, 50 rounds: one hold each round, the other told it is taken"
  )
  func twoHoldersFiftyRounds() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offer = try await Self.offer(cli)
    let free = try await cli.freeSeats(of: offer)
    try #require(free.count >= 50, "\(free.count) free seats")
    var problems: [String] = []
    for (round, seat) in free.prefix(50).enumerated() {
      async let first = Self.quote(cli, offer, name: "Ada", seat: seat, process: true)
      async let second = Self.quote(cli, offer, name: "Alan", seat: seat, process: true)
      let results = try await [first, second]
      let statuses = results.map(\.status).sorted()
      if statuses != [0, 69] || !results.contains(where: { $0.stderr.contains("is taken") }) {
        problems.append(
          "round \(round + 1), seat \(seat): \(results.map { ($0.status, $0.stderr) })")
      }
    }
    #expect(problems.isEmpty, "\(problems)")
    let taken = try await cli.freeSeats(of: offer)
    #expect(free.prefix(50).allSatisfy { !taken.contains($0) }, "every seat held")
  }
}
