import Airline
import Domain
import FlowOwner
import Foundation
import Persistence
import SimulatedAirline
import Synchronization
import Testing

/// Holes a review of the ledger found (each reproduced before its fix): none may end in a second
/// booking, a charge without its booking, or a draft stuck for good.
@Suite("Payment ledger under review")
struct PaymentReviewTests {
  let ledger = PaymentLedgerTests()

  func card(_ number: String = "4242 4242 4242 4242") throws -> PaymentCard {
    try PaymentCard(number: number, expiry: "12/30", cvc: "731")
  }

  func charges(_ test: TestAirline) throws -> [String] {
    try test.files().filter {
      $0.path.hasPrefix("payments/") && $0.path.hasSuffix(".json")
        && !$0.path.contains(".corrupt-") && $0.text.contains("booked")
    }.map(\.path)
  }

  func corrupt(_ path: String) throws {
    try Data("{\"schema\":1,".utf8).write(to: URL(fileURLWithPath: path))
  }

  @Test("killed after the booking, the intent then unreadable: its order is written back")
  func unreadableIntentAfterBooking() async throws {
    let (recorded, quote, _) = try await ledger.crashAfter("replace bookings/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    try corrupt(next.root + "/intents/\(quote.draftID).json")
    let recovered = try await next.airline.recoverInterruptedPayments()
    guard case .booked(let reference)? = recovered.first?.outcome else {
      Issue.record("\(recovered)")
      return
    }
    #expect(try await next.airline.paymentState(of: quote.id) == .booked(reference))
    await #expect(throws: ServiceError.quoteAlreadyPaid(reference)) {
      try await next.airline.pay(
        quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k2"))
    }
    #expect(try ledger.bookings(next).count == 1)
  }

  @Test("the charge's folder fsync fails after its rename: the charge stands, and books once")
  func failureAfterTheChargeRename() async throws {
    let armed = Mutex(false)
    let observer = DurableStepObserver(after: { step in
      guard case .replace(let path) = step, path.hasPrefix("payments/") else { return nil }
      return armed.withLock { armed in
        defer { armed = false }
        return armed ? EIO : nil
      }
    })
    let test = TestAirline(observer: observer)
    defer { test.remove() }
    let quote = try await ledger.quoted(test)
    armed.withLock { $0 = true }
    let first = try IdempotencyKey("k1")
    await #expect(throws: ServiceError.self) {
      try await test.airline.pay(quoteID: quote.id, method: card(), idempotencyKey: first)
    }
    #expect(try ledger.folder(test, "intents").count == 1, "the intent must stay")
    // Another card (another key) in the same run, then after a relaunch: the charge is booked.
    let other = try card("5555 5555 5555 4444")
    let otherKey = try IdempotencyKey("k2")
    do throws(ServiceError) {
      _ = try await test.airline.pay(quoteID: quote.id, method: other, idempotencyKey: otherKey)
      Issue.record("paid twice")
    } catch {
      guard case .quoteAlreadyPaid = error else {
        Issue.record("\(error)")
        return
      }
    }
    let retried = try await test.relaunched().airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: first)
    #expect(try ledger.bookings(test) == ["bookings/\(retried.reference).json"])
    #expect(try charges(test) == ["payments/k1.json"])
  }

  @Test("bookings from before the ledger, one unreadable: its old charge record still guards it")
  func olderUnreadableBooking() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (draft, _) = try await test.draftForTwo()
    let older = try await test.airline.price(draftID: draft.id, extras: .none)
    let booking = try await test.airline.pay(
      quoteID: older.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    for name in ["orders", "ledger"] {
      try FileManager.default.removeItem(atPath: test.root + "/" + name)
    }
    // The record as older versions wrote it: no draft, card or amount.
    let payment = test.root + "/payments/k1.json"
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: payment)))
        as? [String: Any])
    var data = try #require(json["data"] as? [String: Any])
    for field in ["draftID", "method", "amount"] { data[field] = nil }
    var rewritten = json
    rewritten["data"] = data
    try JSONSerialization.data(withJSONObject: rewritten).write(to: URL(fileURLWithPath: payment))
    try corrupt(test.root + "/bookings/\(booking.reference).json")
    let next = test.relaunched()
    let newer = try await next.airline.price(draftID: draft.id, extras: .none)
    let method = try card()
    let otherKey = try IdempotencyKey("k2")
    do throws(ServiceError) {
      _ = try await next.airline.pay(quoteID: newer.id, method: method, idempotencyKey: otherKey)
      Issue.record("a booked draft was paid again")
    } catch {
      // Refused: booked already, or not payable until the unreadable booking is answered.
    }
    #expect(try charges(next) == ["payments/k1.json"])
  }

  @Test("a booking set aside is written again from its charge when it is opened")
  func bookingRebuiltFromItsCharge() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await ledger.quoted(test)
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    try FileManager.default.removeItem(atPath: test.root + "/bookings/\(booking.reference).json")
    let next = test.relaunched()
    await #expect(throws: ServiceError.quoteAlreadyPaid(booking.reference)) {
      try await next.airline.pay(
        quoteID: quote.id, method: card("5555 5555 5555 4444"),
        idempotencyKey: IdempotencyKey("k2"))
    }
    #expect(try await next.airline.booking(reference: booking.reference) == booking)
    #expect(try ledger.bookings(next) == ["bookings/\(booking.reference).json"])
  }

  @Test("the same key with other details while the first is in flight is refused")
  func inFlightWithOtherDetails() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let first = try await ledger.quoted(test)
    let second = try await ledger.quoted(test)
    let key = try IdempotencyKey("k1")
    let (a, b) = (try card(), try card("5555 5555 5555 4444"))
    async let one = test.airline.pay(quoteID: first.id, method: a, idempotencyKey: key)
    async let two = test.airline.pay(quoteID: second.id, method: b, idempotencyKey: key)
    let booked = try await one
    #expect(booked.quoteID == first.id)
    // Whether it joined the first in flight or came after it, other details are refused.
    do {
      let paid = try await two
      Issue.record("the key paid other details: \(paid.quoteID)")
    } catch {
      #expect(error as? ServiceError == .idempotencyKeyReused)
    }
  }

  @Test("a declined key retried after the draft was booked says booked, not declined")
  func refusalAfterBooking() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await ledger.quoted(test)
    let declined = try card("4000 0000 0000 0002")
    _ = try? await test.airline.pay(
      quoteID: quote.id, method: declined, idempotencyKey: IdempotencyKey("k1"))
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k2"))
    await #expect(throws: ServiceError.quoteAlreadyPaid(booking.reference)) {
      try await test.airline.pay(
        quoteID: quote.id, method: declined, idempotencyKey: IdempotencyKey("k1"))
    }
  }

  @Test("settling cut off after marking the key, before removing the intent: the key is kept")
  func retryKeyKept() async throws {
    let (recorded, quote, key) = try await ledger.crashAfter("replace intents/")
    defer { recorded.remove() }
    let failing = DurableStepObserver(before: { step in
      if case .remove(let path) = step, path.hasPrefix("intents/") { return ENOSPC }
      return nil
    })
    let cut = SimulatedAirline(
      store: RecordStore(root: recorded.crashCopy, observer: failing),
      clock: recorded.test.clock.wallClock)
    _ = try? await cut.recoverInterruptedPayments()
    let next = recorded.afterCrash()
    _ = try await next.airline.recoverInterruptedPayments()
    #expect(try await next.airline.paymentState(of: quote.id) == .unpaid(retryKey: key))
  }

  @Test("one payment that cannot be settled does not stop the others from being settled")
  func recoveryGoesOn() async throws {
    let (recorded, quote, _) = try await ledger.crashAfter("replace charges/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    // The first payment's charge record becomes unreadable: it cannot be settled. Its intent is
    // set aside while the second payment is cut off, then put back.
    let intent = next.root + "/intents/\(quote.draftID).json"
    let intentBytes = try Data(contentsOf: URL(fileURLWithPath: intent))
    try FileManager.default.removeItem(atPath: intent)
    let other = try await ledger.quoted(next)
    let failing = DurableStepObserver(before: { step in
      if case .replace(let path) = step, path.hasPrefix("payments/") { return ENOSPC }
      return nil
    })
    let cutOff = SimulatedAirline(
      store: RecordStore(root: next.root, observer: failing), clock: next.clock.wallClock)
    _ = try? await cutOff.pay(
      quoteID: other.id, method: card(), idempotencyKey: IdempotencyKey("k9"))
    try corrupt(next.root + "/payments/k1.json")
    try corrupt(next.root + "/charges/k1.json")
    try intentBytes.write(to: URL(fileURLWithPath: intent))
    let recovered = try await next.relaunched().airline.recoverInterruptedPayments()
    #expect(recovered.count == 2, "\(recovered)")
    #expect(recovered.contains { $0.quoteID == other.id && $0.outcome == .notCharged })
    let unresolved = recovered.first { $0.quoteID == quote.id }
    #expect(unresolved?.key != nil)
    if case .unresolved? = unresolved?.outcome {} else { Issue.record("\(recovered)") }
    #expect(try ledger.folder(next, "intents") == ["intents/\(quote.draftID).json"])
  }

  @Test("an unreadable key record, then a full disk at the charge: once freed, the key pays once")
  func unreadableKeyThenFullDisk() async throws {
    let full = Mutex(false)
    let observer = DurableStepObserver(before: { step in
      guard full.withLock({ $0 }) else { return nil }
      if case .replace(let path) = step, path.hasPrefix("intents/") { return nil }
      return ENOSPC
    })
    let test = TestAirline(observer: observer)
    defer { test.remove() }
    let quote = try await ledger.quoted(test)
    try FileManager.default.createDirectory(
      atPath: test.root + "/payments", withIntermediateDirectories: true)
    try corrupt(test.root + "/payments/k1.json")
    full.withLock { $0 = true }
    let method = try card()
    _ = try? await test.airline.pay(
      quoteID: quote.id, method: method, idempotencyKey: IdempotencyKey("k1"))
    full.withLock { $0 = false }
    let freed = test.relaunched()
    _ = try await freed.airline.recoverInterruptedPayments()
    let booking = try await freed.airline.pay(
      quoteID: quote.id, method: method, idempotencyKey: IdempotencyKey("k1"))
    #expect(try ledger.bookings(freed) == ["bookings/\(booking.reference).json"])
  }
}
