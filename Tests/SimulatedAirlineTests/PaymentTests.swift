import Airline
import Domain
import Foundation
import SimulatedAirline
import Testing

@Suite("Payments")
struct PaymentTests {
  static let good = "4242 4242 4242 4242"

  func card(_ number: String = good, expiry: String = "12/30", cvc: String = "731") throws
    -> PaymentCard
  {
    try PaymentCard(number: number, expiry: expiry, cvc: cvc)
  }

  func quoted(_ test: TestAirline) async throws -> Quote {
    let (draft, seatMap) = try await test.draftForTwo()
    let seat = try #require(seatMap.seats.first { !$0.occupied })
    return try await test.airline.price(
      draftID: draft.id,
      extras: Extras(
        seats: [try PassengerID("p1"): seat.designator], bags: [try PassengerID("p2"): 1]))
  }

  func bookingFiles(_ test: TestAirline) throws -> [String] {
    try test.files().map(\.path).filter { $0.hasPrefix("bookings/") }
  }

  @Test("the test cards: 4242 books, 0002 is declined, 9995 has insufficient funds")
  func testCards() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    await #expect(throws: ServiceError.cardDeclined) {
      try await test.airline.pay(
        quoteID: quote.id, method: card("4000 0000 0000 0002"), idempotencyKey: IdempotencyKey("k1")
      )
    }
    await #expect(throws: ServiceError.insufficientFunds) {
      try await test.airline.pay(
        quoteID: quote.id, method: card("4000 0000 0000 9995"), idempotencyKey: IdempotencyKey("k2")
      )
    }
    await #expect(throws: ServiceError.cardExpired) {
      try await test.airline.pay(
        quoteID: quote.id, method: card(expiry: "10/26"), idempotencyKey: IdempotencyKey("k3"))
    }
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k4"))
    #expect(booking.quoteID == quote.id)
    #expect(booking.totalPaid == quote.total)
    #expect(booking.paymentMethod == .card(brand: .visa, lastFour: "4242"))
    #expect(booking.extras == quote.extras)
    #expect(booking.passengers.map(\.givenName) == ["Ada", "Grace"])
    #expect(booking.reference.rawValue.count == 6)
    #expect(try bookingFiles(test) == ["bookings/\(booking.reference).json"])
    #expect(try await test.relaunched().airline.booking(reference: booking.reference) == booking)
  }

  @Test("the airline tells which booking a quote was paid for, and nothing before it is paid")
  func bookingPaidFor() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    #expect(try await test.airline.paymentState(of: quote.id) == .unpaid(retryKey: nil))
    _ = try? await test.airline.pay(
      quoteID: quote.id, method: card("4000 0000 0000 0002"), idempotencyKey: IdempotencyKey("k1"))
    #expect(
      try await test.airline.paymentState(of: quote.id) == .unpaid(retryKey: nil),
      "a declined card pays nothing")
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k2"))
    #expect(
      try await test.relaunched().airline.paymentState(of: quote.id) == .booked(booking.reference))
  }

  @Test("an expired quote cannot be paid")
  func expiredQuote() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    test.clock.advance(by: 15 * 60)
    await #expect(throws: ServiceError.quoteExpired(quote.id)) {
      try await test.airline.pay(
        quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    }
    #expect(try bookingFiles(test).isEmpty)
  }

  @Test("the same key returns the same booking and never books twice")
  func idempotentRetry() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    let key = try IdempotencyKey("attempt-1")
    let first = try await test.airline.pay(quoteID: quote.id, method: card(), idempotencyKey: key)
    let again = try await test.relaunched().airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: key)
    #expect(again == first)
    #expect(try bookingFiles(test).count == 1)
  }

  @Test("the same key with other details is an error; another key on a paid quote too")
  func keyReuse() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    let key = try IdempotencyKey("attempt-1")
    let booking = try await test.airline.pay(quoteID: quote.id, method: card(), idempotencyKey: key)
    await #expect(throws: ServiceError.idempotencyKeyReused) {
      try await test.airline.pay(
        quoteID: quote.id, method: card("5555 5555 5555 4444"), idempotencyKey: key)
    }
    await #expect(throws: ServiceError.quoteAlreadyPaid(booking.reference)) {
      try await test.airline.pay(
        quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("attempt-2"))
    }
    #expect(try bookingFiles(test).count == 1)
  }

  @Test("a declined attempt is remembered under its key")
  func declinedIsRemembered() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    let key = try IdempotencyKey("attempt-1")
    for _ in 0..<2 {
      await #expect(throws: ServiceError.cardDeclined) {
        try await test.airline.pay(
          quoteID: quote.id, method: card("4000 0000 0000 0002"), idempotencyKey: key)
      }
    }
    let booked = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("attempt-2"))
    #expect(try bookingFiles(test) == ["bookings/\(booked.reference).json"])
  }

  @Test("two concurrent payments with one key give one booking")
  func concurrentSameKey() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    let key = try IdempotencyKey("attempt-1")
    let method = try card()
    let airline = test.airline
    let results = await withTaskGroup(of: Booking?.self) { group in
      for _ in 0..<8 {
        group.addTask {
          try? await airline.pay(quoteID: quote.id, method: method, idempotencyKey: key)
        }
      }
      var collected: [Booking?] = []
      for await result in group { collected.append(result) }
      return collected
    }
    let references = Set(results.compactMap { $0?.reference })
    #expect(results.allSatisfy { $0 != nil })
    #expect(references.count == 1)
    #expect(try bookingFiles(test).count == 1)
  }

  @Test("no file under the data directory holds the card number or the security code")
  func noCardDataOnDisk() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    _ = try? await test.airline.pay(
      quoteID: quote.id, method: card("4000 0000 0000 0002", cvc: "731"),
      idempotencyKey: IdempotencyKey("k0"))
    _ = try await test.airline.pay(
      quoteID: quote.id, method: card(cvc: "731"), idempotencyKey: IdempotencyKey("k1"))
    let files = try test.files()
    #expect(files.contains { $0.path.hasPrefix("payments/") })
    for file in files {
      for secret in ["4242424242424242", "4242 4242", "4000000000000002", "\"731\"", "cvc", "CVC"] {
        #expect(!file.text.contains(secret), "\(secret) in \(file.path)")
      }
    }
  }
}
