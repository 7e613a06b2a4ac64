import Airline
import Domain
import FlowOwner
import Foundation
import Persistence
import SimulatedAirline
import Synchronization
import Testing

/// The ledger's write order, one test per bullet of the comment on `SimulatedAirline+Payments`:
/// the data directory as a crash right after each durable step leaves it (copied at that step),
/// then the next start.
@Suite("Payment ledger")
struct PaymentLedgerTests {
  static let good = "4242 4242 4242 4242"

  /// A directory whose store copies the whole data directory aside right after its `stopAfter`-th
  /// durable step (what a crash there would leave), or fails its `failAt`-th step with `errno`.
  /// The durable steps a store took, in order.
  final class StepLog: Sendable {
    let names = Mutex<[String]>([])

    /// Appends `step`; returns its number, from 1.
    func append(_ step: DurableStep) -> Int {
      names.withLock { names in
        names.append(step.description)
        return names.count
      }
    }

    var count: Int { names.withLock { $0.count } }
  }

  struct Recorded: Sendable {
    let test: TestAirline
    let crashCopy: String
    let log: StepLog

    init(stopAfter: Int? = nil, failAt: Int? = nil, failAfter: Int? = nil, errno: Int32 = ENOSPC) {
      let root = NSTemporaryDirectory() + "booking-ledger-" + UUID().uuidString
      let copy = root + "-crash"
      let log = StepLog()
      let observer = DurableStepObserver(
        before: { step in log.append(step) == failAt ? errno : nil },
        after: { _ in
          if log.count == stopAfter {
            try? FileManager.default.copyItem(atPath: root, toPath: copy)
          }
          return log.count == failAfter ? errno : nil
        })
      test = TestAirline(root: root, observer: observer)
      crashCopy = copy
      self.log = log
    }

    var steps: [String] { log.names.withLock { $0 } }

    /// The airline as the next start sees the crash copy.
    func afterCrash() -> TestAirline { TestAirline(root: crashCopy, clock: test.clock) }

    func remove() {
      test.remove()
      try? FileManager.default.removeItem(atPath: crashCopy)
    }
  }

  func card(_ number: String = good) throws -> PaymentCard {
    try PaymentCard(number: number, expiry: "12/30", cvc: "731")
  }

  func quoted(_ test: TestAirline) async throws -> Quote {
    let (draft, _) = try await test.draftForTwo()
    return try await test.airline.price(draftID: draft.id, extras: .none)
  }

  func bookings(_ test: TestAirline) throws -> [String] {
    try test.files().map(\.path).filter {
      $0.hasPrefix("bookings/") && $0.hasSuffix(".json") && !$0.contains(".corrupt-")
    }
  }

  func folder(_ test: TestAirline, _ name: String) throws -> [String] {
    try test.files().map(\.path).filter {
      $0.hasPrefix(name + "/") && $0.hasSuffix(".json") && !$0.contains(".corrupt-")
    }
  }

  /// Pays with a store that copies the directory right after the step named `step`.
  func crashAfter(_ step: String, card number: String = good) async throws -> (
    Recorded, Quote, IdempotencyKey
  ) {
    // A dry run finds the step's number; the real run copies after it.
    let dry = Recorded()
    defer { dry.remove() }
    let dryQuote = try await quoted(dry.test)
    _ = try? await dry.test.airline.pay(
      quoteID: dryQuote.id, method: card(number), idempotencyKey: IdempotencyKey("k1"))
    let names = dry.steps
    let index = try #require(names.firstIndex { $0.hasPrefix(step) }, "\(names)")
    let recorded = Recorded(stopAfter: index + 1)
    let quote = try await quoted(recorded.test)
    let key = try IdempotencyKey("k1")
    _ = try? await recorded.test.airline.pay(
      quoteID: quote.id, method: card(number), idempotencyKey: key)
    #expect(FileManager.default.fileExists(atPath: recorded.crashCopy), "no copy after \(step)")
    return (recorded, quote, key)
  }

  @Test("1. killed after the intent: nothing was charged; the same key pays once")
  func afterIntent() async throws {
    let (recorded, quote, key) = try await crashAfter("replace intents/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    let recovered = try await next.airline.recoverInterruptedPayments()
    #expect(recovered == [RecoveredPayment(quoteID: quote.id, key: key, outcome: .notCharged)])
    #expect(try await next.airline.paymentState(of: quote.id) == .unpaid(retryKey: key))
    #expect(try folder(next, "intents").isEmpty)
    let booking = try await next.airline.pay(quoteID: quote.id, method: card(), idempotencyKey: key)
    #expect(try bookings(next) == ["bookings/\(booking.reference).json"])
  }

  @Test(
    "2. killed after the order: nothing was charged; the order and intent go, the key pays once")
  func afterOrder() async throws {
    let (recorded, quote, key) = try await crashAfter("replace orders/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    #expect(try folder(next, "orders").count == 1)
    let recovered = try await next.airline.recoverInterruptedPayments()
    #expect(recovered == [RecoveredPayment(quoteID: quote.id, key: key, outcome: .notCharged)])
    #expect(try folder(next, "orders").isEmpty)
    #expect(try folder(next, "intents").isEmpty)
    #expect(try await next.airline.paymentState(of: quote.id) == .unpaid(retryKey: key))
    let booking = try await next.airline.pay(quoteID: quote.id, method: card(), idempotencyKey: key)
    #expect(try bookings(next) == ["bookings/\(booking.reference).json"])
  }

  @Test("3. killed after the charge: the next start writes the booking (roll forward)")
  func afterCharge() async throws {
    let (recorded, quote, key) = try await crashAfter("replace payments/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    #expect(try bookings(next).isEmpty)
    let recovered = try await next.airline.recoverInterruptedPayments()
    let booked = try #require(recovered.first)
    guard case .booked(let reference) = booked.outcome else {
      Issue.record("not booked: \(recovered)")
      return
    }
    #expect(try bookings(next) == ["bookings/\(reference).json"])
    let booking = try await next.airline.booking(reference: reference)
    #expect(booking.quoteID == quote.id && booking.totalPaid == quote.total)
    #expect(booking.paymentMethod == .card(brand: .visa, lastFour: "4242"))
    #expect(try await next.airline.paymentState(of: quote.id) == .booked(reference))
    #expect(try folder(next, "intents").isEmpty)
    #expect(try folder(next, "claims").count == 1)
    #expect(
      try await next.airline.pay(quoteID: quote.id, method: card(), idempotencyKey: key) == booking)
  }

  @Test("4. killed after the booking: the next start writes its claim and closes the intent")
  func afterBooking() async throws {
    let (recorded, quote, _) = try await crashAfter("replace bookings/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    let reference = try #require(try bookings(next).first).dropFirst("bookings/".count).dropLast(5)
    #expect(try folder(next, "claims").isEmpty)
    let recovered = try await next.airline.recoverInterruptedPayments()
    #expect(recovered.map(\.outcome) == [.booked(try BookingReference(String(reference)))])
    #expect(try folder(next, "orders").count == 1)
    #expect(try folder(next, "claims").count == 1)
    #expect(try folder(next, "intents").isEmpty)
    #expect(
      try await next.airline.paymentState(of: quote.id)
        == .booked(try BookingReference(String(reference))))
  }

  @Test("5. killed after the claim: the next start closes the intent")
  func afterClaim() async throws {
    let (recorded, quote, _) = try await crashAfter("replace claims/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    #expect(try folder(next, "intents").count == 1)
    let recovered = try await next.airline.recoverInterruptedPayments()
    guard case .booked(let reference)? = recovered.first?.outcome else {
      Issue.record("not booked: \(recovered)")
      return
    }
    #expect(try folder(next, "intents").isEmpty)
    #expect(try await next.airline.paymentState(of: quote.id) == .booked(reference))
    #expect(try bookings(next).count == 1)
  }

  @Test("6. killed after the intent is removed: settled, nothing left to do")
  func afterSettled() async throws {
    let (recorded, quote, _) = try await crashAfter("remove intents/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    #expect(try await next.airline.recoverInterruptedPayments() == [])
    guard case .booked = try await next.airline.paymentState(of: quote.id) else {
      Issue.record("not booked")
      return
    }
    #expect(try bookings(next).count == 1)
    #expect(try folder(next, "orders").count == 1)
    #expect(try folder(next, "claims").count == 1)
  }

  @Test("a refused card writes only its key's record; the same key is refused again")
  func refusedCard() async throws {
    let (recorded, quote, key) = try await crashAfter(
      "replace payments/", card: "4000 0000 0000 0002")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    #expect(try folder(next, "intents").isEmpty)
    #expect(try await next.airline.recoverInterruptedPayments() == [])
    await #expect(throws: ServiceError.cardDeclined) {
      try await next.airline.pay(
        quoteID: quote.id, method: card("4000 0000 0000 0002"), idempotencyKey: key)
    }
    #expect(try bookings(next).isEmpty)
  }

  @Test(
    "a full disk at each step of paying (before its rename, or after it as a failed fsync), then space freed and Pay again: one booking",
    arguments: [false, true])
  func fullDiskAtEachStep(afterTheRename: Bool) async throws {
    let dry = Recorded()
    let dryQuote = try await quoted(dry.test)
    _ = try await dry.test.airline.pay(
      quoteID: dryQuote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    let stepsOfCreation = dry.steps.filter {
      !$0.contains("intents/") && !$0.contains("payments/") && !$0.contains("bookings/")
        && !$0.contains("orders/") && !$0.contains("ledger/")
    }.count
    let payingSteps = dry.steps.count - stepsOfCreation
    dry.remove()
    #expect(payingSteps == 6, "the index marker and the five writes of a payment")
    var outcomes: [String] = []
    for failing in 1...payingSteps {
      let step = stepsOfCreation + failing
      let recorded =
        afterTheRename ? Recorded(failAfter: step, errno: EIO) : Recorded(failAt: step)
      defer { recorded.remove() }
      let quote = try await quoted(recorded.test)
      let key = try IdempotencyKey("k1")
      let method = try card()
      var first: Booking?
      do throws(ServiceError) {
        first = try await recorded.test.airline.pay(
          quoteID: quote.id, method: method, idempotencyKey: key)
        outcomes.append("step \(failing): booked")
      } catch {
        outcomes.append("step \(failing): \(error)")
        #expect(try bookings(recorded.test).count <= 1)
      }
      // Space freed (the next store has no failing step): Pay again, then a relaunch.
      let freed = TestAirline(root: recorded.test.root, clock: recorded.test.clock)
      let again = try await freed.airline.pay(
        quoteID: quote.id, method: card(), idempotencyKey: key)
      if let first { #expect(again == first, "step \(failing)") }
      #expect(try bookings(freed) == ["bookings/\(again.reference).json"], "step \(failing)")
      let restored = await BookingFlow.restore(
        BookingSnapshot(criteria: nil, position: .payment(quoteID: quote.id)),
        using: freed.relaunched().airline.services, now: freed.clock.now)
      #expect(restored.flow.path == [.confirmation(again.reference)], "step \(failing)")
    }
    print(
      "[ledger] a full disk at each of \(payingSteps) steps: \(outcomes.joined(separator: "; "))")
  }

  @Test(
    "an unreadable key record with no booking for its open intent fails closed, with the reason")
  func failsClosed() async throws {
    // Charged, then the charge record and its copy both unreadable.
    let (recorded, quote, key) = try await crashAfter("replace charges/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    for folder in ["payments", "charges"] {
      try Data("{\"schema\":1,\"kind\":\"payments\",\"data\":{".utf8).write(
        to: URL(fileURLWithPath: next.root + "/\(folder)/\(key).json"))
    }
    let recovered = try await next.airline.recoverInterruptedPayments()
    guard case .unresolved(let reason)? = recovered.first?.outcome else {
      Issue.record("not unresolved: \(recovered)")
      return
    }
    #expect(reason.contains("payments/\(key).json"))
    let method = try card()
    let another = try IdempotencyKey("k2")
    do throws(ServiceError) {
      _ = try await next.airline.pay(quoteID: quote.id, method: method, idempotencyKey: another)
      Issue.record("a payment whose charge is unknown was paid again")
    } catch {
      guard case .paymentUnresolved = error else {
        Issue.record("\(error)")
        return
      }
    }
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: nil, position: .payment(quoteID: quote.id)),
      using: next.airline.services, now: next.clock.now)
    #expect(restored.flow.current == .extras)
    guard case .fellBack(_, .paymentUnresolved) = restored.outcome else {
      Issue.record("\(restored.outcome)")
      return
    }
    // The bytes are kept, and the record stays in place until it can be answered.
    #expect(FileManager.default.fileExists(atPath: next.root + "/payments/\(key).json"))
    #expect(try next.files().contains { $0.path.hasPrefix("payments/\(key).json.corrupt-") })
    #expect(try bookings(next).isEmpty)
  }

  @Test("a damaged order is answered from the bookings and written back, with a notice")
  func damagedOrder() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    let order = try #require(try folder(test, "orders").first)
    try Data("{\"schema\":1,".utf8).write(to: URL(fileURLWithPath: test.root + "/" + order))
    let next = test.relaunched()
    #expect(try await next.airline.paymentState(of: quote.id) == .booked(booking.reference))
    var notices = next.airline.ledgerNotices.makeAsyncIterator()
    guard case .unreadableGuard(let path, let copy?)? = await notices.next() else {
      Issue.record("no notice")
      return
    }
    #expect(path == order)
    #expect(copy.hasPrefix(order + ".corrupt-"))
    let healed = try String(contentsOfFile: test.root + "/" + order, encoding: .utf8)
    #expect(healed.contains(booking.reference.rawValue))
  }

  @Test("bookings made before the ledger get their orders: an older quote of theirs is refused")
  func ordersBuiltFromOlderBookings() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (draft, _) = try await test.draftForTwo()
    let older = try await test.airline.price(draftID: draft.id, extras: .none)
    let newer = try await test.airline.price(draftID: draft.id, extras: .none)
    let booking = try await test.airline.pay(
      quoteID: newer.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    // As an older version left it: the booking, without orders or the index's marker.
    for name in ["orders", "ledger"] {
      try FileManager.default.removeItem(atPath: test.root + "/" + name)
    }
    await #expect(throws: ServiceError.quoteAlreadyPaid(booking.reference)) {
      try await test.relaunched().airline.pay(
        quoteID: older.id, method: card(), idempotencyKey: IdempotencyKey("k2"))
    }
  }

  @Test("a start with nothing ever paid writes nothing; the index comes before the first charge")
  func indexWaitsForTheFirstCharge() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await quoted(test)
    let before = try test.files().map(\.path).sorted()
    // What every start of the app asks first, and what a resume at payment asks.
    #expect(try await test.airline.recoverInterruptedPayments() == [])
    #expect(try await test.airline.paymentState(of: quote.id) == .unpaid(retryKey: nil))
    #expect(try test.files().map(\.path).sorted() == before)
    #expect(!FileManager.default.fileExists(atPath: test.root + "/ledger"))

    // The first payment writes it before its intent, so a crash cut off at the charge still
    // finds it (the steps' order is what the crash tests above kill at).
    let recorded = Recorded()
    defer { recorded.remove() }
    let paid = try await quoted(recorded.test)
    _ = try await recorded.test.airline.recoverInterruptedPayments()
    _ = try await recorded.test.airline.pay(
      quoteID: paid.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    let steps = recorded.steps
    let index = try #require(steps.firstIndex { $0.contains("orders-index") }, "\(steps)")
    let intent = try #require(steps.firstIndex { $0.contains("intents/") }, "\(steps)")
    #expect(index < intent)
  }
}
