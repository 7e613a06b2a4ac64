import Airline
import Domain
import FlowOwner
import Foundation
import TestSupport
import Testing

@testable import Persistence
@testable import SimulatedAirline

/// Every kind of record the app reads, decoded from broken versions of a real one each (4,000 in
/// every run, 10,000 with `BOOKING_FUZZ=full`): never a crash or a hang, always a record or one
/// clear line saying why not.
@Suite("Random record files")
struct DecoderFuzzTests {
  static let casesPerKind = FuzzSize.cases(4_000, whole: 10_000)
  static let seed: UInt64 = 0xDEC0_DE5F_0221

  /// A kind: its folder, a real record's bytes, and its decoder (true: a record came out).
  struct Kind {
    let folder: String
    let original: [UInt8]
    let decode: (Data) throws(StoreError) -> Bool
  }

  static func kinds(_ store: RecordStore, root: String) async throws -> [Kind] {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_795_953_600))
    let airline = SimulatedAirline(store: store, clock: clock.wallClock)
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), party: .adults(1))
    let offer = try #require(try await airline.offers(for: criteria).first)
    let draft = try await airline.createDraft(
      offer: offer,
      passengers: [
        Passenger(
          id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
          dateOfBirth: CalendarDay(iso: "1985-12-10"))
      ], contact: Contact(email: "ada@example.com", phone: "+31201234567"))
    let quote = try await airline.price(draftID: draft.id, extras: .none)
    let key = try IdempotencyKey("fuzz-key")
    let booking = try await airline.pay(
      quoteID: quote.id,
      method: PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123"),
      idempotencyKey: key)
    try store.save(
      BookingSnapshot(criteria: criteria, position: .payment(quoteID: quote.id, draftID: draft.id)),
      id: RecordKind.snapshotID, kind: RecordKind.session(schema: BookingSnapshot.schema))
    try store.save(
      PaymentIntent(key: key, fingerprint: "f", booking: booking), id: draft.id.rawValue,
      kind: AirlineRecords.intents)
    try store.save(
      PaidQuote(reference: booking.reference), id: quote.id.rawValue,
      kind: AirlineRecords.paidQuotes)

    func bytes(_ folder: String, _ id: String) throws -> [UInt8] {
      try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(root)/\(folder)/\(id).json")))
    }
    func kind<Value: Decodable>(_ type: Value.Type, _ record: RecordKind, _ id: String) throws
      -> Kind
    {
      Kind(folder: record.folder, original: try bytes(record.folder, id)) {
        data throws(StoreError) in
        guard case .success = try store.decode(type, from: data, kind: record, relative: "x") else {
          return false
        }
        return true
      }
    }
    return [
      try kind(
        BookingSnapshot.self, RecordKind.session(schema: BookingSnapshot.schema),
        RecordKind.snapshotID),
      try kind(Offer.self, AirlineRecords.offers, offer.id.rawValue),
      try kind(BookingDraft.self, AirlineRecords.drafts, draft.id.rawValue),
      try kind(Quote.self, AirlineRecords.quotes, quote.id.rawValue),
      try kind(Booking.self, AirlineRecords.bookings, booking.reference.rawValue),
      try kind(PaymentRecord.self, AirlineRecords.payments, key.rawValue),
      try kind(PaymentIntent.self, AirlineRecords.intents, draft.id.rawValue),
      try kind(Order.self, AirlineRecords.orders, draft.id.rawValue),
      try kind(OrdersIndex.self, AirlineRecords.ledger, "orders-index"),
      try kind(PaidQuote.self, AirlineRecords.paidQuotes, quote.id.rawValue),
    ]
  }

  @Test("thousands of broken versions of each kind of record: a record, or one line saying why not")
  func brokenRecords() async throws {
    try await offTheGlobalExecutor("brokenRecords") { try await self.brokenRecordsBody() }
  }

  /// The test, run off the global executor: its CPU would hold one of that executor's threads.
  func brokenRecordsBody() async throws {
    let root = NSTemporaryDirectory() + "booking-decoder-fuzz-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    let store = RecordStore(root: root)
    var random = SeededRandom(seed: Self.seed)
    var failures: [String] = []
    var summary: [String] = []
    var slowest = 0.0
    for kind in try await Self.kinds(store, root: root) {
      var records = 0
      var refused = 0
      // Ten megabytes is refused by size before any decoding (the corrupt-file test reads one
      // through the store), and nesting a hundred thousand deep costs a second a case to make
      // and read: one case in fifty is deep, the others are the cheap breakages.
      let deep: [Mutation] = [.deepNesting, .deepNestingInData]
      let cheap = Mutation.allCases.filter { $0 != .tenMegabytes && !deep.contains($0) }
      for index in 0..<Self.casesPerKind {
        let mutation =
          index % 50 == 0 ? deep[(index / 50) % deep.count] : cheap[index % cheap.count]
        let broken = mutation.apply(to: kind.original, using: &random)
        // The store reads no more than its limit; what is bigger is set aside unread.
        guard broken.count <= store.maxRecordBytes else {
          refused += 1
          continue
        }
        let started = ContinuousClock.now
        do {
          if try kind.decode(Data(broken)) { records += 1 } else { refused += 1 }
        } catch {
          refused += 1
          if !HostileText.isOneLine(error.description) {
            failures.append(
              "\(kind.folder) case \(index): \(HostileText.escaped(error.description))")
          }
        }
        let elapsed = ContinuousClock.now - started
        slowest = max(
          slowest,
          Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
      }
      summary.append("\(kind.folder)[record=\(records),refused=\(refused)]")
      #expect(refused > Self.casesPerKind / 2, "\(kind.folder): most broken files must be refused")
    }
    print(
      "[reliability] record decoders: \(Self.casesPerKind) cases each, slowest "
        + "\(Int(slowest * 1000)) ms: \(summary.joined(separator: " "))")
    #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    // A hang detector, not a speed target.
    #expect(slowest < 5, "one file took \(slowest) s to decode")
  }
}
