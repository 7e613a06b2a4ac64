import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import TestSupport
import Testing

/// Airline records read with a plain `JSONDecoder` and a plain `RecordStore`: a record carries
/// everything it needs, and a store never sets a good file aside because of how it was made.
@Suite("Airline records decode with plain Codable")
struct PlainDecodingTests {
  /// Records the simulated airline wrote for a booking of TK IST-AMS on 24 Dec 2026, in the
  /// format that names each zone without its rule (Tests/SimulatedAirlineTests/Records).
  static let records = PackageExecutable.root.appendingPathComponent(
    "Tests/SimulatedAirlineTests/Records")

  /// A scratch copy of `records`, removed after `body`.
  func withRecords(_ body: (String) async throws -> Void) async throws {
    let root = NSTemporaryDirectory() + "booking-records-" + UUID().uuidString
    try FileManager.default.copyItem(atPath: Self.records.path, toPath: root)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await body(root)
  }

  /// The files under `root`, relative to it, sorted.
  func files(_ root: String) -> [String] {
    (FileManager.default.subpaths(atPath: root) ?? []).filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }.sorted()
  }

  /// The `data` of the record at `relative` under `records`, as JSON bytes.
  func data(_ relative: String) throws -> Data {
    let envelope = try Data(contentsOf: Self.records.appendingPathComponent(relative))
    let object = try #require(try JSONSerialization.jsonObject(with: envelope) as? [String: Any])
    return try JSONSerialization.data(withJSONObject: try #require(object["data"]))
  }

  /// A `JSONDecoder` given only the files' date format (ISO 8601 with milliseconds): nothing
  /// about zones.
  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(
        decoder.singleValueContainer().decode(String.self))
    }
    return decoder
  }

  @Test("a booking, its quote and a seat map round-trip through plain JSONEncoder and JSONDecoder")
  func plainRoundTrip() throws {
    let draft = try Fixture.draft("d1", for: Fixture.roundTrip("o1"))
    let quote = try Fixture.quote("q1", for: draft)
    let booking = try Fixture.booking(
      of: quote, for: draft,
      paidWith: PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "731"))
    #expect(try JSONDecoder().decode(Booking.self, from: JSONEncoder().encode(booking)) == booking)
    #expect(try JSONDecoder().decode(Quote.self, from: JSONEncoder().encode(quote)) == quote)
    let seatMap = try Fixture.seatMap(for: draft.offer)
    #expect(try JSONDecoder().decode(SeatMap.self, from: JSONEncoder().encode(seatMap)) == seatMap)
  }

  @Test("a booking, draft, offer and quote written without zone rules read with a plain decoder")
  func plainDecoder() throws {
    let decoder = Self.decoder()
    let booking = try decoder.decode(Booking.self, from: data("bookings/XPKM4P.json"))
    #expect(booking.reference.rawValue == "XPKM4P")
    let flight = try #require(booking.offer.slices.first?.segments.first)
    #expect(flight.departure.timeZoneID == "Europe/Istanbul")
    #expect(flight.departure.hhmm == "08:15")
    #expect(flight.arrival.timeZoneID == "Europe/Amsterdam")
    #expect(flight.arrival.hhmm == "09:30")
    #expect(flight.origin.timeZoneID == "Europe/Istanbul")
    let draft = try decoder.decode(
      BookingDraft.self, from: data("drafts/dr-a5f0676929940885.json"))
    #expect(draft.offer == booking.offer)
    let offer = try decoder.decode(Offer.self, from: data("offers/of-7570a8d82d92498e.json"))
    #expect(offer == booking.offer)
    let quote = try decoder.decode(Quote.self, from: data("quotes/qt-13b92d7cf605f8fb.json"))
    #expect(quote.total == booking.totalPaid)
  }

  @Test("a plain store reads records written without zone rules, and leaves them in place")
  func plainStoreReadsOldRecords() async throws {
    try await withRecords { root in
      let before = files(root)
      let store = RecordStore(root: root)
      let booking = try store.load(
        Booking.self, id: "XPKM4P", kind: RecordKind(folder: "bookings", schema: 1))
      let draft = try store.load(
        BookingDraft.self, id: "dr-a5f0676929940885", kind: RecordKind(folder: "drafts", schema: 1))
      let offer = try store.load(
        Offer.self, id: "of-7570a8d82d92498e", kind: RecordKind(folder: "offers", schema: 1))
      #expect(draft.offer == booking.offer)
      #expect(offer == booking.offer)
      #expect(files(root) == before)
      // The airline, on the same folder, finds the same booking.
      let airline = SimulatedAirline(
        store: RecordStore(root: root), clock: .fixed(Date(timeIntervalSince1970: 1_795_953_600)))
      #expect(try await airline.booking(reference: booking.reference) == booking)
    }
  }

  @Test("a good booking the airline wrote is read by a store made the plain way, and stays put")
  func plainStoreReadsNewBooking() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (draft, seatMap) = try await test.draftForTwo()
    let seat = try #require(seatMap.seats.first { !$0.occupied })
    let quote = try await test.airline.price(
      draftID: draft.id, extras: Extras(seats: [try PassengerID("p1"): seat.designator]))
    let booking = try await test.airline.pay(
      quoteID: quote.id,
      method: PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "731"),
      idempotencyKey: IdempotencyKey("k1"))
    let before = try test.files().map(\.path).sorted()
    let read = try RecordStore(root: test.root).load(
      Booking.self, id: booking.reference.rawValue, kind: RecordKind(folder: "bookings", schema: 1))
    #expect(read == booking)
    #expect(try test.files().map(\.path).sorted() == before)
    // And through JSONDecoder alone, from the file's bytes.
    let file = try #require(try test.files().first { $0.path.hasPrefix("bookings/") })
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(file.text.utf8)) as? [String: Any])
    let decoder = Self.decoder()
    #expect(
      try decoder.decode(
        Booking.self,
        from: JSONSerialization.data(withJSONObject: try #require(object["data"]))) == booking)
  }
}
