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
  static func quote(_ cli: BookingCLI, _ offer: String, name: String, seat: String? = nil)
    async throws -> CommandResult
  {
    try await cli.run(
      [
        "quote", offer, "--passenger", "Ms \(name) Lovelace 1990-05-04", "--email",
        "ada@example.com", "--phone", "+44 20 7946 0000", "--json",
      ] + (seat.map { ["--seat", "1:\($0)"] } ?? []))
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
    "20 processes quote 5 free seats of one flight at once, then pay: exactly 5 held and 5 sold, 15 told so (69)"
  )
  func twentyProcessesFiveSeats() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offer = try await Self.offer(cli)
    let seats = Array(try await cli.freeSeats(of: offer).prefix(5))
    try #require(seats.count == 5)

    let quotes = try await withThrowingTaskGroup(of: (String, CommandResult).self) { group in
      for index in 0..<20 {
        let seat = seats[index % 5]
        group.addTask { (seat, try await Self.quote(cli, offer, name: "Ada", seat: seat)) }
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
          try await cli.run(["pay", id, "--card-from-stdin", "--json"], input: Self.visa)
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
    let free = try await cli.freeSeats(of: offer)
    #expect(seats.allSatisfy { !free.contains($0) })
  }

  @Test(
    "20 quotes of one offer paid by 20 processes started at once: all 20 booked, none turned away")
  func twentyPayersQueue() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let offer = try await Self.offer(cli)
    var quotes: [String] = []
    for _ in 0..<20 {
      let quote = try await Self.quote(cli, offer, name: "Ada")
      try #require(quote.status == 0, "\(quote.stderr)")
      quotes.append(try Self.quoteID(quote))
    }
    let results = try await withThrowingTaskGroup(of: CommandResult.self) { group in
      for quote in quotes {
        group.addTask { try await cli.run(["pay", quote, "--card-from-stdin"], input: Self.visa) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(
      results.map(\.status) == Array(repeating: 0, count: 20),
      "\(results.filter { $0.status != 0 }.map(\.stderr))")
    let trips = try await cli.run(["trips"])
    #expect(trips.stdout.split(separator: "\n").count >= 20, "\(trips.stdout)")
  }
}
