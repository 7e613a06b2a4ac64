import Foundation
import TestSupport
import Testing

/// Two travellers, each with a data directory of their own, on one airline directory
/// (`--airline-dir`): each sees and pays only their own, and they compete for the same seats.
@Suite("booking-cli: two travellers on one airline")
struct BookingCLIAirlineTests {
  static let visa = "4242 4242 4242 4242 12/30 123\n"

  @Test(
    "each lists only their own trips, is refused the other's quote and booking as not found, and finds the other's held seat taken"
  )
  func twoTravellers() async throws {
    let airline = try BookingCLI()
    defer { airline.close() }
    let ada = try BookingCLI()
    defer { ada.close() }
    let alan = try BookingCLI()
    defer { alan.close() }
    let shared = ["--airline-dir", airline.dataDirectory.path]

    let offers = try #require(
      try await ada.json(shared + ["search", "IST", "AMS", BookingCLI.day]) as? [[String: Any]])
    let offer = try #require(offers.first?["id"] as? String)
    let seats = try #require(
      try await ada.json(shared + ["seats", offer]) as? [String: Any])
    let free = ((seats["slices"] as? [[String: Any]])?.first?["seats"] as? [[String: Any]] ?? [])
      .filter { $0["free"] as? Bool == true }.compactMap { $0["seat"] as? String }
    let seat = try #require(free.first)
    let quoteWords = [
      "quote", offer, "--passenger", "Ms Ada Lovelace 1990-05-04", "--email", "ada@example.com",
      "--phone", "+44 20 7946 0000", "--seat", "1:\(seat)",
    ]
    let quote = try #require(try await ada.json(shared + quoteWords) as? [String: Any])
    let quoteID = try #require(quote["id"] as? String)
    #expect((quote["open"] as? String)?.contains("--airline-dir") == true, "\(quote)")

    // Her seat is hers in her seat map, taken in Alan's.
    func held(_ cli: BookingCLI) async throws -> [String: Any]? {
      let map = try #require(try await cli.json(shared + ["seats", offer]) as? [String: Any])
      let seats = (map["slices"] as? [[String: Any]])?.first?["seats"] as? [[String: Any]] ?? []
      return seats.first { $0["seat"] as? String == seat }
    }
    let hers = try #require(try await held(ada))
    #expect(hers["free"] as? Bool == false && hers["heldByYou"] as? Bool == true, "\(hers)")
    let his = try #require(try await held(alan))
    #expect(his["free"] as? Bool == false && his["heldByYou"] == nil, "\(his)")

    // Alan, on the same airline: Ada's quote is not found, her seat is taken.
    let pay = try await alan.run(shared + ["pay", quoteID, "--card-from-stdin"], input: Self.visa)
    #expect(pay.status == 66, "\(pay.output)")
    #expect(!pay.stderr.contains("not yours"), "\(pay.stderr)")
    let taken = try await alan.run(
      shared + [
        "quote", offer, "--passenger", "Mr Alan Turing 1912-06-23", "--email", "alan@example.com",
        "--phone", "+44 20 7946 0000", "--seat", "1:\(seat)",
      ])
    #expect(taken.status == 69, "\(taken.output)")

    let paid = try #require(
      try await ada.json(shared + ["pay", quoteID, "--card-from-stdin"], input: Self.visa)
        as? [String: Any])
    let reference = try #require(paid["reference"] as? String)
    let adas = try #require(try await ada.json(shared + ["trips"]) as? [[String: Any]])
    #expect(adas.compactMap { $0["reference"] as? String } == [reference])
    #expect((try await alan.json(shared + ["trips"]) as? [Any])?.isEmpty == true)
    let show = try await alan.run(shared + ["show", reference])
    #expect(show.status == 66, "\(show.output)")

    // Each traveller's own folder holds no airline record: those are the airline's.
    let files = DataFiles(root: ada.dataDirectory).all()
    #expect(!files.contains { $0.hasPrefix("quotes/") || $0.hasPrefix("bookings/") }, "\(files)")
    #expect(files.contains("session/traveller.json"), "\(files)")
    let airlineFiles = DataFiles(root: airline.dataDirectory).all()
    #expect(airlineFiles.contains("bookings/\(reference).json"), "\(airlineFiles)")
  }
}
