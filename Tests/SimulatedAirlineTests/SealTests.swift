import Airline
import Domain
import Foundation
import Persistence
import Testing

@testable import SimulatedAirline

/// The airline's records carry its seal: a record it did not write, or one changed after it
/// wrote it, is refused, and never paid, booked or taken as proof.
@Suite("The airline's seal on its records")
struct SealTests {
  static let card = "4242424242424242"

  /// Any record, decoded without looking at it: the seal is checked before any decoding.
  struct AnyRecord: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  /// A data directory with one booking of two passengers, each with a seat, and a second quote
  /// of another draft holding a seat: every kind of record the airline writes is there.
  static func booked(traveller: Bool = false) async throws -> TestAirline {
    let test = TestAirline(traveller: traveller ? "tr-ada" : nil)
    let (draft, map) = try await test.draftForTwo()
    let free = map.seats.filter { !$0.occupied }.map(\.designator)
    let ids = draft.passengers.map(\.id)
    let quote = try await test.airline.price(
      draftID: draft.id,
      extras: Extras(seats: [ids[0]: free[0], ids[1]: free[1]], bags: [ids[0]: 1]))
    _ = try await test.airline.pay(
      quoteID: quote.id, method: PaymentCard(number: card, expiry: "12/30", cvc: "123"),
      idempotencyKey: IdempotencyKey("k1"))
    let other = try await test.airline.createDraft(
      offer: draft.offer, passengers: [test.adult("p1", "Grace"), test.adult("p2", "Ann")],
      contact: test.contact())
    _ = try await test.airline.price(draftID: other.id, extras: Extras(seats: [ids[0]: free[2]]))
    return test
  }

  /// The one booking of `test` changed to a flight that costs more (paid with the test card),
  /// then cancelled.
  static func changeThenCancel(_ test: TestAirline) async throws {
    let reference = try #require(try await test.airline.bookingList().first).reference
    let booking = try await test.airline.booking(reference: reference)
    var offer: ChangeOffer?
    for days in 1...10 where offer == nil {
      offer = try await test.airline.changeOffers(
        for: ChangeCriteria(
          reference: reference, slice: 0,
          departure: booking.offer.departure.day.adding(days: days))
      ).first { $0.total.pays }
    }
    let quote = try await test.airline.quoteChange(try #require(offer).id, of: reference)
    _ = try await test.airline.confirmChange(
      quote.id, of: reference, card: PaymentCard(number: card, expiry: "12/30", cvc: "123"))
    let cancellation = try await test.airline.quoteCancellation(of: reference)
    _ = try await test.airline.confirmCancellation(cancellation.id, of: reference)
  }

  /// Each line of a record's payload that holds a single value (`"amount" : "8370.00",`), with
  /// the same line holding another value of the same kind.
  static func edits(of text: String) -> [(line: Int, edited: String)] {
    let lines = text.components(separatedBy: "\n")
    var edits: [(Int, String)] = []
    for (index, line) in lines.enumerated() {
      guard let match = line.firstMatch(of: #/^(\s+"[^"]+" : )(.+?)(,?)$/#) else { continue }
      let (prefix, value, comma) = (String(match.1), String(match.2), String(match.3))
      // The envelope's own header and the seal: the seal's checks are the subject.
      if ["  \"kind\" : ", "  \"schema\" : ", "  \"seal\" : "].contains(prefix) { continue }
      let changed: String
      if value == "true" || value == "false" {
        changed = value == "true" ? "false" : "true"
      } else if value.hasPrefix("\"") {
        guard value.count > 2 else { continue }
        var characters = Array(value.dropFirst().dropLast())
        characters[0] = characters[0] == "1" ? "2" : "1"
        changed = "\"" + String(characters) + "\""
      } else if let number = Int(value) {
        changed = String(number + 1)
      } else {
        continue
      }
      edits.append((index, prefix + changed + comma))
    }
    return edits
  }

  @Test("the seal is HMAC-SHA256: RFC 4231's test cases 1 and 2")
  func hmacIsTheStandardOne() {
    let one = AirlineSeal.hmac(
      [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8)
    ).map(AirlineSeal.hex)
    #expect(one == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    let two = AirlineSeal.hmac(Array("Jefe".utf8), Array("what do ya want for nothing?".utf8))
      .map(AirlineSeal.hex)
    #expect(two == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
  }

  @Test(
    "every field of every record kind, changed in its file, is refused when read",
    arguments: [
      "offers", "drafts", "quotes", "bookings", "payments", "charges", "orders", "claims",
      "inventory", "ledger", "owners", "changeOffers", "changes", "changeMoney",
      "cancellations", "refunds",
    ])
  func everyFieldOfEveryKind(_ folder: String) async throws {
    let test = try await Self.booked(traveller: folder == "owners")
    // What comes after the booking: a change confirmed (its offers, its record, the money it
    // moved), then the booking cancelled (its cancellation, its refund).
    if ["changeOffers", "changes", "changeMoney", "cancellations", "refunds"].contains(folder) {
      try await Self.changeThenCancel(test)
    }
    defer { test.remove() }
    let store = test.airline.sealedRecords
    let kind = RecordKind(folder: folder, schema: 1)
    let ids = try store.ids(of: kind)
    try #require(!ids.isEmpty, "no \(folder) record was written")
    var edited = 0
    for id in ids {
      let path = "\(test.root)/\(folder)/\(id).json"
      let original = try String(contentsOfFile: path, encoding: .utf8)
      _ = try store.load(AnyRecord.self, id: id, kind: kind, policy: .report)
      for edit in Self.edits(of: original) {
        var lines = original.components(separatedBy: "\n")
        lines[edit.line] = edit.edited
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(
          throws: StoreError.self, "\(folder)/\(id).json line \(edit.line + 1): \(edit.edited)"
        ) {
          try store.load(AnyRecord.self, id: id, kind: kind, policy: .report)
        }
        edited += 1
      }
      try original.write(toFile: path, atomically: true, encoding: .utf8)
      // Renamed, a record is refused too: its seal names its place.
      let moved = "\(test.root)/\(folder)/\(id)x.json"
      try FileManager.default.copyItem(atPath: path, toPath: moved)
      #expect(throws: StoreError.self) {
        try store.load(AnyRecord.self, id: id + "x", kind: kind, policy: .report)
      }
      try FileManager.default.removeItem(atPath: moved)
    }
    #expect(edited > 0)
  }

  @Test(
    "an expired quote whose expiry was moved ahead in its file is not paid, and nothing is written")
  func movedExpiryIsRefused() async throws {
    let test = TestAirline(quoteLifetime: 1)
    defer { test.remove() }
    let (draft, _) = try await test.draftForTwo()
    let quote = try await test.airline.price(draftID: draft.id, extras: .none)
    test.clock.advance(by: 2)
    let card = try PaymentCard(number: Self.card, expiry: "12/30", cvc: "123")
    await #expect(throws: ServiceError.quoteExpired(quote.id)) {
      try await test.airline.pay(
        quoteID: quote.id, method: card, idempotencyKey: .random(prefix: "k"))
    }
    let path = "\(test.root)/quotes/\(quote.id).json"
    var text = try String(contentsOfFile: path, encoding: .utf8)
    let later = Date(timeIntervalSince1970: TestAirline.start.timeIntervalSince1970 + 20 * 3600)
    text.replace(#/"expiresAt" : "[^"]*"/#, with: "\"expiresAt\" : \"\(later.ISO8601Format())\"")
    try text.write(toFile: path, atomically: true, encoding: .utf8)

    await #expect(throws: ServiceError.self) {
      try await test.airline.pay(
        quoteID: quote.id, method: card, idempotencyKey: .random(prefix: "k"))
    }
    let written = try test.files().map(\.path)
    #expect(!written.contains { $0.hasPrefix("bookings/") || $0.hasPrefix("intents/") })
    #expect(written.contains { $0.hasPrefix("quotes/\(quote.id).json.corrupt-") }, "set aside")
  }

  @Test(
    "a data directory written before the seal: its records are sealed at the first start, kept where they were, and its key is the owner's alone"
  )
  func recordsBeforeTheSealAreSealedOnce() async throws {
    let test = try await Self.booked()
    defer { test.remove() }
    // The same records as a build without the seal left them: no seal, no key.
    let key = test.root + "/airline.key"
    let attributes = try FileManager.default.attributesOfItem(atPath: key)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect((attributes[.size] as? Int) == 32)
    try FileManager.default.removeItem(atPath: key)
    var before: [String: String] = [:]
    for file in try test.files() where file.path.hasSuffix(".json") {
      let plain = file.text.replacing(#/,\n  "seal" : "[0-9a-f]{64}"\n}\n$/#, with: "\n}\n")
      try plain.write(toFile: test.root + "/" + file.path, atomically: true, encoding: .utf8)
      before[file.path] = plain
    }
    let next = test.relaunched()
    let trips = try await next.airline.bookingList()
    #expect(trips.count == 1)
    _ = try await next.airline.booking(reference: trips[0].reference)
    #expect(FileManager.default.fileExists(atPath: key))
    for file in try next.files() where file.path.hasSuffix(".json") {
      #expect(file.text.contains("\"seal\" : \""), "\(file.path) was not sealed")
      let unsealed = file.text.replacing(#/,\n  "seal" : "[0-9a-f]{64}"\n}\n$/#, with: "\n}\n")
      #expect(before[file.path] == nil || before[file.path] == unsealed, "\(file.path) changed")
    }
    #expect(try next.files().allSatisfy { !$0.path.contains(".corrupt-") })
  }

  @Test(
    "killed after sealing the records and before linking the key: the next start seals them again with a key of its own, and sets nothing aside"
  )
  func killedBeforeTheKeyIsLinked() async throws {
    let test = try await Self.booked()
    defer { test.remove() }
    // What `AirlineSeal.make` leaves when killed between its two steps: every record sealed
    // with a key that never reached `airline.key`.
    try FileManager.default.removeItem(atPath: test.root + "/airline.key")
    let next = test.relaunched()
    let trips = try await next.airline.bookingList()
    #expect(trips.count == 1)
    _ = try await next.airline.booking(reference: trips[0].reference)
    #expect(FileManager.default.fileExists(atPath: test.root + "/airline.key"))
    #expect(try next.files().allSatisfy { !$0.path.contains(".corrupt-") })
  }

  @Test(
    "a record planted beside the airline's, without its seal, is refused and set aside; a payment on it is not made"
  )
  func plantedRecordIsRefused() async throws {
    let test = try await Self.booked()
    defer { test.remove() }
    let booking = try #require(try test.files().first { $0.path.hasPrefix("bookings/") })
    let reference = try BookingReference(
      String(booking.path.dropFirst("bookings/".count).dropLast(".json".count)))
    // A copy under another reference: the airline never booked it.
    let planted = booking.text.replacing(reference.rawValue, with: "ZZZZZZ")
    try planted.write(
      toFile: test.root + "/bookings/ZZZZZZ.json", atomically: true, encoding: .utf8)
    await #expect(throws: ServiceError.self) {
      try await test.airline.booking(reference: BookingReference("ZZZZZZ"))
    }
    #expect(try await test.airline.booking(reference: reference).reference == reference)
  }
}
