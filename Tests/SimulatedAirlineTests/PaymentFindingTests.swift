import Airline
import Domain
import FlowOwner
import Foundation
import SimulatedAirline
import Testing

/// Findings reproduced against the release binary, each replayed on
/// the simulated airline: none may end in a second booking for one trip.
@Suite("Payment findings")
struct PaymentFindingTests {
  static let good = "4242 4242 4242 4242"

  func card(_ number: String = good) throws -> PaymentCard {
    try PaymentCard(number: number, expiry: "12/30", cvc: "731")
  }

  func quoted(_ test: TestAirline) async throws -> Quote {
    let (draft, _) = try await test.draftForTwo()
    return try await test.airline.price(draftID: draft.id, extras: .none)
  }

  func bookingFiles(_ test: TestAirline) throws -> [String] {
    try test.files().map(\.path).filter {
      $0.hasPrefix("bookings/") && $0.hasSuffix(".json") && !$0.contains(".corrupt-")
    }
  }

  /// Every record of the ledger that is not a booking, an offer, a draft or a quote: what guards
  /// a quote against being paid twice.
  func guardFiles(_ test: TestAirline) throws -> [String] {
    let inputs = ["bookings/", "offers/", "drafts/", "quotes/", "session/"]
    return try test.files().map(\.path).filter { path in
      path.hasSuffix(".json") && !inputs.contains { path.hasPrefix($0) }
    }
  }

  func remove(_ paths: [String], in test: TestAirline) throws {
    for path in paths { try FileManager.default.removeItem(atPath: test.root + "/" + path) }
  }

  @Test("finding 1: a crash right after the booking is written, before its marker, books once")
  func crashAfterBookingWrite() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    let key = try IdempotencyKey("attempt-1")
    let booking = try await test.airline.pay(quoteID: quote.id, method: card(), idempotencyKey: key)
    // What a SIGKILL right after the booking's rename leaves: the booking, and no record written
    // after it (the marker and the idempotency record of the old layout).
    try remove(
      try test.files().map(\.path).filter {
        $0.hasPrefix("paid-quotes/") || $0.hasPrefix("payments/")
      }, in: test)
    let relaunched = test.relaunched()
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: nil, position: .payment(quoteID: quote.id)),
      using: relaunched.airline.services, now: test.clock.now)
    #expect(restored.flow.path == [.confirmation(booking.reference)])
    let again = try await relaunched.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: key)
    #expect(again.reference == booking.reference)
    await #expect(throws: ServiceError.quoteAlreadyPaid(booking.reference)) {
      try await relaunched.airline.pay(
        quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("attempt-2"))
    }
    #expect(try bookingFiles(test) == ["bookings/\(booking.reference).json"])
  }

  @Test(
    "finding 2: a ledger write that fails after the booking (disk full), then a retry, books once")
  func failedWriteThenRetry() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    let key = try IdempotencyKey("attempt-1")
    // Every ledger folder but bookings/ is made unwritable (a file where the folder would be):
    // whatever the pay path writes there fails, as on a full disk.
    let blocked = ["paid-quotes", "payments", "orders", "intents"]
    for folder in blocked {
      #expect(FileManager.default.createFile(atPath: test.root + "/" + folder, contents: Data()))
    }
    let failed = await #expect(throws: ServiceError.self) {
      try await test.airline.pay(quoteID: quote.id, method: card(), idempotencyKey: key)
    }
    if case .cannotWrite? = failed {
    } else {
      Issue.record("not a write failure: \(String(describing: failed))")
    }
    try remove(blocked, in: test)
    let booking = try await test.airline.pay(quoteID: quote.id, method: card(), idempotencyKey: key)
    let relaunched = test.relaunched()
    let again = try await relaunched.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: key)
    #expect(again.reference == booking.reference)
    #expect(try bookingFiles(test) == ["bookings/\(booking.reference).json"])
  }

  @Test(
    "finding 3: a damaged guard record is set aside, and the quote it guards is still paid once")
  func damagedGuardRecord() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("attempt-1"))
    let guards = try guardFiles(test)
    #expect(!guards.isEmpty)
    for path in guards {
      let url = URL(fileURLWithPath: test.root + "/" + path)
      let bytes = try Data(contentsOf: url)
      try bytes.prefix(bytes.count / 2).write(to: url)
    }
    let relaunched = test.relaunched()
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: nil, position: .payment(quoteID: quote.id)),
      using: relaunched.airline.services, now: test.clock.now)
    #expect(restored.flow.current != .payment, "\(restored.outcome)")
    await #expect(throws: ServiceError.self) {
      try await relaunched.airline.pay(
        quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("attempt-2"))
    }
    #expect(try bookingFiles(test) == ["bookings/\(booking.reference).json"])
    // The damaged bytes are kept beside their record, never deleted.
    let kept = try test.files().map(\.path).filter { $0.contains(".corrupt-") }
    #expect(kept.count >= 1)
  }

  @Test("finding 4: an older quote of a draft that is booked opens that booking and is not paid")
  func olderQuoteOfBookedDraft() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (draft, _) = try await test.draftForTwo()
    let older = try await test.airline.price(draftID: draft.id, extras: .none)
    let newer = try await test.airline.price(draftID: draft.id, extras: .none)
    let booking = try await test.airline.pay(
      quoteID: newer.id, method: card(), idempotencyKey: IdempotencyKey("attempt-1"))
    let relaunched = test.relaunched()
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: nil, position: .payment(quoteID: older.id)),
      using: relaunched.airline.services, now: test.clock.now)
    #expect(restored.flow.path == [.confirmation(booking.reference)])
    await #expect(throws: ServiceError.quoteAlreadyPaid(booking.reference)) {
      try await relaunched.airline.pay(
        quoteID: older.id, method: card(), idempotencyKey: IdempotencyKey("attempt-2"))
    }
    #expect(try bookingFiles(test) == ["bookings/\(booking.reference).json"])
  }

  @Test("finding 7: a valid quote resumes at payment after its offer has expired, and pays")
  func validQuoteOfExpiredOffer() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let offers = try await test.airline.offers(for: test.criteria())
    let offer = try #require(offers.first)
    test.clock.advance(by: 25 * 60)
    let draft = try await test.airline.createDraft(
      offer: offer, passengers: [test.adult("p1", "Ada"), test.adult("p2", "Grace")],
      contact: test.contact())
    let quote = try await test.airline.price(draftID: draft.id, extras: .none)
    // 31 minutes after the offer was given: the offer has expired, the quote holds until +40.
    test.clock.advance(by: 6 * 60)
    #expect(quote.isValid(at: test.clock.now))
    for criteria in [try test.criteria(), nil] {
      let restored = await BookingFlow.restore(
        BookingSnapshot(criteria: criteria, position: .payment(quoteID: quote.id)),
        using: test.relaunched().airline.services, now: test.clock.now)
      #expect(restored.outcome == .resumed(at: .payment), "\(restored.outcome)")
      #expect(restored.flow.path.last == .payment(quote))
    }
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("attempt-1"))
    #expect(booking.totalPaid == quote.total)
  }

  @Test("finding 8: a tampered quote with a negative line is set aside, never paid")
  func tamperedQuote() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    let path = test.root + "/quotes/\(quote.id).json"
    var text = try String(contentsOfFile: path, encoding: .utf8)
    // Every amount made negative keeps the lines adding up to the total.
    text = text.replacing(#/"amount" ?: ?"/#, with: { $0.output + "-" })
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    await #expect(throws: ServiceError.self) {
      try await test.relaunched().airline.pay(
        quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("attempt-1"))
    }
    #expect(try bookingFiles(test).isEmpty)
    #expect(
      try test.files().map(\.path).contains { $0.hasPrefix("quotes/\(quote.id).json.corrupt-") })
  }
}
