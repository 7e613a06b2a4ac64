import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Testing

/// The bookings' index (`ledger/bookings.listing`) on the pay path: a payment killed at each of
/// its booking's durable steps leaves a list, at the next start, that names every booking on
/// disk, newest first.
@Suite("The bookings' index on the pay path")
struct BookingIndexTests {
  func card() throws -> PaymentCard {
    try PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "731")
  }

  /// The bookings on disk, newest written first, as the folder lists them.
  func onDisk(_ test: TestAirline) throws -> [BookingReference] {
    try RecordStore(root: test.root).listing(of: RecordKind(folder: "bookings", schema: 1)).map {
      try BookingReference($0.id)
    }
  }

  @Test(
    "killed just before or after the booking's write or its line: the next start lists it",
    arguments: [
      ("replace bookings/", false), ("replace bookings/", true),
      ("append ledger/bookings.listing", false), ("append ledger/bookings.listing", true),
    ])
  func killedOnThePayPath(step: String, after: Bool) async throws {
    let test = TestAirline()
    defer { test.remove() }
    // One booking paid and listed: the index is current.
    let (first, _) = try await test.draftForTwo()
    let firstQuote = try await test.airline.price(draftID: first.id, extras: .none)
    _ = try await test.airline.pay(
      quoteID: firstQuote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    _ = try await test.airline.bookingList()
    let (second, _) = try await test.draftForTwo()
    let secondQuote = try await test.airline.price(draftID: second.id, extras: .none)

    // The dying process: the step fails before it happens, or is reported failed after it did
    // (the folder's fsync), and nothing after it runs.
    let fail: @Sendable (DurableStep) -> Int32? = { $0.description.hasPrefix(step) ? EIO : nil }
    let dying = TestAirline(
      root: test.root, clock: test.clock,
      observer: after ? DurableStepObserver(after: fail) : DurableStepObserver(before: fail))
    _ = try? await dying.airline.pay(
      quoteID: secondQuote.id, method: card(), idempotencyKey: IdempotencyKey("k2"))

    // The next start settles what was cut off, then lists.
    let next = test.relaunched()
    _ = try await next.airline.recoverInterruptedPayments()
    let listed = try await next.airline.bookingList().map(\.reference)
    #expect(listed == (try onDisk(test)))
    // A booking whose write was cut off is written by the settle, from its intent.
    #expect(listed.count == 2)
    // And once more, from the index the listing left current.
    #expect(try await test.relaunched().airline.bookingList().map(\.reference) == listed)
  }
}
