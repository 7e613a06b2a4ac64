import Airline
import Domain
import FlowOwner
import Foundation
import Persistence
import SimulatedAirline
import Synchronization
import TestSupport
import Testing

/// The ledger guards itself: a second process in the same data directory, a guard record that
/// is gone, and a quote record that was changed never lead to a second charge or a wrong one.
@Suite("The ledger guards itself")
struct LedgerGuardTests {
  let ledger = PaymentLedgerTests()
  let review = PaymentReviewTests()

  func card(_ number: String = "4242 4242 4242 4242") throws -> PaymentCard {
    try review.card(number)
  }

  /// Charge records that took money.
  func charges(_ test: TestAirline) throws -> [String] { try review.charges(test) }

  // MARK: - A second process

  @Test("while another process holds the ledger, a payment is refused as busy and writes nothing")
  func busyLedger() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await ledger.quoted(test)
    try await whileLockedElsewhere(test) { () async throws in
      await #expect(throws: ServiceError.ledgerBusy) {
        try await test.airline.pay(
          quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
      }
      #expect(try ledger.folder(test, "intents").isEmpty)
      #expect(try charges(test).isEmpty)
      // Recovery leaves a live process's payment alone, and the state is read, not settled.
      #expect(try await test.airline.recoverInterruptedPayments() == [])
      #expect(try await test.airline.paymentState(of: quote.id) == .unpaid(retryKey: nil))
    }
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    #expect(try ledger.bookings(test) == ["bookings/\(booking.reference).json"])
    // Paid: while another process holds the ledger, the state and the booking are read as they
    // stand.
    try await whileLockedElsewhere(test) { () async throws in
      #expect(try await test.airline.paymentState(of: quote.id) == .booked(booking.reference))
      #expect(try await test.airline.booking(reference: booking.reference) == booking)
    }
  }

  /// Runs `body` while the test holds the ledger lock of `test`'s data directory, as another
  /// process would.
  func whileLockedElsewhere(_ test: TestAirline, _ body: () async throws -> Void) async throws {
    guard case .locked(let other) = RecordStore(root: test.root).lockLedger() else {
      Issue.record("the test could not take the ledger lock")
      return
    }
    try await body()
    withExtendedLifetime(other) {}
  }

  @Test(
    "a start's recovery tells whether the quote it restores is paid, in its own hold of the ledger: the restore's question is answered with it once, and by the ledger once this airline took it again"
  )
  func recoveryTellsThePaymentState() async throws {
    let (recorded, quote, key) = try await ledger.crashAfter("replace intents/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    let recovered = try await next.airline.recoverInterruptedPayments(
      tellingWhetherPaid: quote.id)
    #expect(recovered == [RecoveredPayment(quoteID: quote.id, key: key, outcome: .notCharged)])
    try await whileLockedElsewhere(next) { () async throws in
      // What the recovery's hold found: the key of the payment it settled, to pay again with.
      #expect(try await next.airline.paymentState(of: quote.id) == .unpaid(retryKey: key))
      // Asked again, the ledger answers; held elsewhere, what is on disk does.
      #expect(try await next.airline.paymentState(of: quote.id) == .unpaid(retryKey: nil))
    }
    // Asked after the airline took the ledger for something else, the ledger answers.
    let (again, againQuote, againKey) = try await ledger.crashAfter("replace intents/")
    defer { again.remove() }
    let later = again.afterCrash()
    let settled = try await later.airline.recoverInterruptedPayments(
      tellingWhetherPaid: againQuote.id)
    #expect(settled.map(\.key) == [againKey])
    #expect(try await later.airline.recoverInterruptedPayments() == [])
    try await whileLockedElsewhere(later) { () async throws in
      #expect(try await later.airline.paymentState(of: againQuote.id) == .unpaid(retryKey: nil))
    }
  }

  @Test(
    "a start's recovery reads the quote it restores once: the restore's question for that quote is answered with the one its hold read, once, and from disk once this airline took the ledger again"
  )
  func recoveryReadsTheQuoteOnce() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await ledger.quoted(test)
    let start = test.relaunched()
    #expect(
      try await start.airline.recoverInterruptedPayments(tellingWhetherPaid: quote.id) == [])
    // The file gone after the hold: the restore's question is not a second read.
    let file = test.root + "/quotes/\(quote.id).json"
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    try FileManager.default.removeItem(atPath: file)
    #expect(try await start.airline.quote(id: quote.id) == quote)
    // Once: asked again, the disk answers.
    await #expect(throws: ServiceError.quoteNotFound(quote.id)) {
      try await start.airline.quote(id: quote.id)
    }
    /// The quote file back, `airline`'s recovery told of it, `between` run, the file removed:
    /// the restore's question then reads the disk and finds nothing.
    func readsTheDisk(
      _ airline: TestAirline, after between: (TestAirline) async throws -> Void
    ) async throws {
      try bytes.write(to: URL(fileURLWithPath: file))
      _ = try await airline.airline.recoverInterruptedPayments(tellingWhetherPaid: quote.id)
      try await between(airline)
      try FileManager.default.removeItem(atPath: file)
      await #expect(throws: ServiceError.quoteNotFound(quote.id)) {
        try await airline.airline.quote(id: quote.id)
      }
    }
    // Forgotten when the airline takes the ledger for anything else before the question.
    try await readsTheDisk(test.relaunched()) { (later) async throws in
      #expect(try await later.airline.recoverInterruptedPayments() == [])
    }
    // Forgotten, too, when a payment takes the ledger first: paid, the quote is read again.
    let payer = test.relaunched()
    try await readsTheDisk(payer) { (payer) async throws in
      _ = try await payer.airline.pay(
        quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("once"))
    }
    #expect(try ledger.bookings(payer).count == 1)
    // Another traveller's quote is not kept: it is one that does not exist, on disk or not.
    try await readsTheDisk(
      TestAirline(root: test.root, clock: test.clock, traveller: "tr-stranger")
    ) { _ in }
  }

  @Test(
    "the recovery told a start that its quote is unpaid, and another process pays it before the start does: the start's Pay is refused as paid, one booking and one charge"
  )
  func toldUnpaidThenPaidElsewhere() async throws {
    let (recorded, quote, key) = try await ledger.crashAfter("replace intents/")
    defer { recorded.remove() }
    let start = recorded.afterCrash()
    _ = try await start.airline.recoverInterruptedPayments(tellingWhetherPaid: quote.id)
    // Another process on the same folder (booking-cli, say) pays the same quote first.
    let other = start.relaunched()
    let booking = try await other.airline.pay(
      quoteID: quote.id, method: try card(), idempotencyKey: IdempotencyKey("elsewhere"))
    // The start's question is answered with what its recovery's hold found, now out of date ...
    #expect(try await start.airline.paymentState(of: quote.id) == .unpaid(retryKey: key))
    // ... and its Pay, under the ledger, finds the payment made: nothing is charged twice.
    await #expect(throws: ServiceError.quoteAlreadyPaid(booking.reference)) {
      try await start.airline.pay(quoteID: quote.id, method: try card(), idempotencyKey: key)
    }
    #expect(try await start.airline.paymentState(of: quote.id) == .booked(booking.reference))
    #expect(try ledger.bookings(start).count == 1)
    #expect(try charges(start).count == 1)
  }

  @Test(
    "two airlines on one data directory paying two quotes of one draft at once, 50 rounds: one booking per draft, and no charge rewritten"
  )
  func twoProcessesOneDraft() async throws {
    try await offTheGlobalExecutor("twoProcessesOneDraft") {
      try await self.twoProcessesOneDraftBody()
    }
  }

  /// The test, run off the global executor: its waits for child processes (or its CPU)
  /// would hold one of that executor's threads.
  func twoProcessesOneDraftBody() async throws {
    let first = TestAirline()
    defer { first.remove() }
    let second = TestAirline(root: first.root, clock: first.clock)
    let (template, _) = try await first.draftForTwo()
    let method = try card()
    for round in 1...50 {
      let draft = try await first.airline.createDraft(
        offer: template.offer, passengers: template.passengers, contact: template.contact)
      let one = try await first.airline.price(draftID: draft.id, extras: .none)
      let two = try await second.airline.price(draftID: draft.id, extras: .none)
      let keys = try (IdempotencyKey("a\(round)"), IdempotencyKey("b\(round)"))
      async let a = Self.attempt(first.airline, one.id, method, keys.0)
      async let b = Self.attempt(second.airline, two.id, method, keys.1)
      let results = await [a, b]
      let booked = results.compactMap { try? $0.get() }
      #expect(try ledger.bookings(first).count == round, "round \(round): \(results)")
      #expect(try charges(first).count == round, "round \(round)")
      #expect(booked.count >= 1, "round \(round): \(results)")
      for case .failure(let error) in results {
        let refused =
          error == .ledgerBusy
          || (booked.first.map { error == .quoteAlreadyPaid($0.reference) } ?? false)
        #expect(refused, "round \(round): \(error)")
      }
    }
    // No charge record was marked cut off while its booking stands.
    #expect(
      try !first.files().contains {
        $0.path.hasPrefix("payments/") && $0.text.contains("interrupted")
      })
  }

  static func attempt(
    _ airline: SimulatedAirline, _ quote: QuoteID, _ card: PaymentCard, _ key: IdempotencyKey
  ) async -> Result<Booking, ServiceError> {
    do throws(ServiceError) {
      return .success(try await airline.pay(quoteID: quote, method: card, idempotencyKey: key))
    } catch {
      return .failure(error)
    }
  }

  @Test("an airline that may not pay refuses with the reason and writes nothing")
  func paymentsOff() async throws {
    let root = NSTemporaryDirectory() + "booking-off-" + UUID().uuidString
    let seed = TestAirline(root: root)
    defer { seed.remove() }
    let quote = try await ledger.quoted(seed)
    let off = SimulatedAirline(
      store: RecordStore(root: root), clock: seed.clock.wallClock,
      configuration: .init(latency: .none, paymentsOff: "could not lock /data/session/lock"))
    await #expect(throws: ServiceError.paymentsUnavailable("could not lock /data/session/lock")) {
      try await off.pay(quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k"))
    }
    #expect(try ledger.folder(seed, "payments").isEmpty)
  }

  @Test("a session lock file removed or replaced before it is locked is not the lock")
  func sessionLockIsTheFileAtItsPath() throws {
    let root = NSTemporaryDirectory() + "booking-lock-" + UUID().uuidString
    try FileManager.default.createDirectory(
      atPath: root + "/session", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    guard case .locked(let first) = SessionLock.acquire(in: root) else {
      Issue.record("no first lock")
      return
    }
    guard case .heldByAnother = SessionLock.acquire(in: root) else {
      Issue.record("a second lock was granted while the first is held")
      return
    }
    withExtendedLifetime(first) {}
  }

  // MARK: - A guard record that is gone

  /// A paid draft with a second quote of it.
  func paidDraft(_ test: TestAirline) async throws -> (Booking, Quote) {
    let (draft, _) = try await test.draftForTwo()
    let quote = try await test.airline.price(draftID: draft.id, extras: .none)
    let other = try await test.airline.price(draftID: draft.id, extras: .none)
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    return (booking, other)
  }

  @Test(
    "a paid draft with one of its records deleted: the other quote is refused, one charge, one booking, and the record written again",
    arguments: ["orders", "claims", "payments", "bookings"])
  func deletedAfterPaying(_ folder: String) async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (booking, other) = try await paidDraft(test)
    let name =
      switch folder {
      case "payments": "k1"
      case "bookings": booking.reference.rawValue
      default: booking.draftID.rawValue
      }
    try FileManager.default.removeItem(atPath: test.root + "/\(folder)/\(name).json")
    let next = test.relaunched()
    _ = try await next.airline.recoverInterruptedPayments()
    #expect(try await next.airline.paymentState(of: other.id) == .booked(booking.reference))
    await #expect(throws: ServiceError.quoteAlreadyPaid(booking.reference)) {
      try await next.airline.pay(
        quoteID: other.id, method: card("5555 5555 5555 4444"),
        idempotencyKey: IdempotencyKey("k2"))
    }
    #expect(try charges(next).count == 1)
    #expect(try ledger.bookings(next) == ["bookings/\(booking.reference).json"])
    #expect(try await next.airline.booking(reference: booking.reference) == booking)
    #expect(try await next.airline.bookingList().map(\.reference) == [booking.reference])
    #expect(FileManager.default.fileExists(atPath: next.root + "/\(folder)/\(name).json"))
  }

  @Test(
    "killed after each step of paying, then each record the step left deleted: never a second charge, never a charge without its booking"
  )
  func deletedAfterACrash() async throws {
    try await offTheGlobalExecutor("deletedAfterACrash") { try await self.deletedAfterACrashBody() }
  }

  /// The test, run off the global executor: its waits for child processes (or its CPU)
  /// would hold one of that executor's threads.
  func deletedAfterACrashBody() async throws {
    let steps = [
      "replace intents/", "replace orders/", "replace payments/", "replace bookings/",
      "replace claims/", "remove intents/",
    ]
    for step in steps {
      let (recorded, quote, _) = try await ledger.crashAfter(step)
      defer { recorded.remove() }
      let crashed = recorded.afterCrash()
      let present = try crashed.files().map(\.path).filter {
        $0.hasSuffix(".json") && !$0.contains(".corrupt-")
          && Self.guarded(path: $0)
      }
      for record in present {
        let copy = NSTemporaryDirectory() + "booking-deleted-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: crashed.root, toPath: copy)
        let next = TestAirline(root: copy, clock: crashed.clock)
        defer { next.remove() }
        try FileManager.default.removeItem(atPath: copy + "/" + record)
        _ = try? await next.airline.recoverInterruptedPayments()
        let other = try await next.airline.price(draftID: quote.draftID, extras: .none)
        _ = try? await next.airline.pay(
          quoteID: other.id, method: card("5555 5555 5555 4444"),
          idempotencyKey: IdempotencyKey("k2"))
        let charged = try charges(next)
        let booked = try ledger.bookings(next)
        #expect(charged.count <= 1, "after \(step), \(record) deleted: \(charged)")
        #expect(
          booked.count == charged.count, "after \(step), \(record) deleted: \(booked) \(charged)")
      }
    }
  }

  static func guarded(path: String) -> Bool {
    ["intents/", "orders/", "claims/", "payments/", "bookings/"].contains { path.hasPrefix($0) }
  }

  @Test("reading a booking that is gone, while another process holds the ledger, writes nothing")
  func readsRepairNothingWithoutTheLedger() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (booking, _) = try await paidDraft(test)
    try FileManager.default.removeItem(atPath: test.root + "/bookings/\(booking.reference).json")
    let before = try test.files().map(\.path).sorted()
    let next = test.relaunched()
    try await whileLockedElsewhere(test) { () async throws in
      await #expect(throws: ServiceError.bookingNotFound(booking.reference)) {
        try await next.airline.booking(reference: booking.reference)
      }
      #expect(try await next.airline.bookingList().isEmpty)
    }
    #expect(try test.files().map(\.path).sorted() == before)
    // With the ledger free, the same read writes it again from its claim.
    #expect(try await next.airline.booking(reference: booking.reference) == booking)
  }

  // MARK: - A person's word where the records cannot decide

  /// Killed after the charge and its copy, both records then unreadable and the booking never
  /// written: the one case the ledger cannot settle by itself.
  /// `tellingWhetherPaid`: the recovery is asked as a start restoring that quote asks it.
  func undecidable(tellingWhetherPaid: Bool = false) async throws -> (
    PaymentLedgerTests.Recorded, Quote, TestAirline
  ) {
    let (recorded, quote, _) = try await ledger.crashAfter("replace charges/")
    let next = recorded.afterCrash()
    for folder in ["payments", "charges"] {
      try Data("{\"schema\":1,".utf8).write(
        to: URL(fileURLWithPath: next.root + "/\(folder)/k1.json"))
    }
    let recovered =
      tellingWhetherPaid
      ? try await next.airline.recoverInterruptedPayments(tellingWhetherPaid: quote.id)
      : try await next.airline.recoverInterruptedPayments()
    guard case .unresolved(let reason)? = recovered.first?.outcome else {
      Issue.record("settled by itself: \(recovered)")
      return (recorded, quote, next)
    }
    #expect(reason.contains("booking-cli resolve \(quote.draftID) --charged"), "\(reason)")
    return (recorded, quote, next)
  }

  @Test(
    "a start restoring the quote whose payment the records cannot decide: the recovery still says so, and the restore's question is paymentUnresolved"
  )
  func undecidableAtAStart() async throws {
    let (recorded, quote, next) = try await undecidable(tellingWhetherPaid: true)
    defer { recorded.remove() }
    await #expect {
      try await next.airline.paymentState(of: quote.id)
    } throws: { error in
      guard case ServiceError.paymentUnresolved = error else { return false }
      return true
    }
  }

  @Test(
    "a charge record planted where a payment stopped before its charge books nothing, and resolve --charged is refused"
  )
  func plantedChargeBooksNothing() async throws {
    let (recorded, quote, key) = try await ledger.crashAfter("replace orders/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    try FileManager.default.createDirectory(
      atPath: next.root + "/payments", withIntermediateDirectories: true)
    try Data("junk\n".utf8).write(
      to: URL(fileURLWithPath: next.root + "/payments/\(key.rawValue).json"))
    let recovered = try await next.airline.recoverInterruptedPayments()
    #expect(recovered.map(\.outcome) == [.notCharged], "\(recovered)")
    await #expect(throws: ServiceError.self) {
      try await next.airline.resolvePayment(of: quote.draftID, charged: true)
    }
    #expect(try ledger.bookings(next).isEmpty)
    let charged = try charges(next)
    #expect(charged.isEmpty, "no charge: \(charged)")
    // Paid again with its own key: one booking, one charge.
    let booking = try await next.airline.pay(
      quoteID: quote.id,
      method: PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123"),
      idempotencyKey: key)
    #expect(try ledger.bookings(next) == ["bookings/\(booking.reference).json"])
  }

  @Test("a payment the records cannot decide, resolved as charged: booked once, from its intent")
  func resolvedCharged() async throws {
    let (recorded, quote, next) = try await undecidable()
    defer { recorded.remove() }
    let resolved = try await next.airline.resolvePayment(of: quote.draftID, charged: true)
    guard case .booked(let reference) = resolved.outcome else {
      Issue.record("\(resolved)")
      return
    }
    #expect(try await next.airline.paymentState(of: quote.id) == .booked(reference))
    #expect(try ledger.bookings(next) == ["bookings/\(reference).json"])
    #expect(try charges(next) == ["payments/k1.json"])
    #expect(try ledger.folder(next, "intents").isEmpty)
    // Decided: a second word is refused, and so is one for a draft with nothing open.
    await #expect(throws: ServiceError.self) {
      try await next.airline.resolvePayment(of: quote.draftID, charged: false)
    }
  }

  @Test("a payment the records cannot decide, resolved as not charged: the same key pays once")
  func resolvedNotCharged() async throws {
    let (recorded, quote, next) = try await undecidable()
    defer { recorded.remove() }
    let resolved = try await next.airline.resolvePayment(of: quote.draftID, charged: false)
    #expect(resolved.outcome == .notCharged)
    #expect(try await next.airline.paymentState(of: quote.id) == .unpaid(retryKey: resolved.key))
    let booking = try await next.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: try #require(resolved.key))
    #expect(try ledger.bookings(next) == ["bookings/\(booking.reference).json"])
    #expect(try charges(next) == ["payments/k1.json"])
  }

  @Test(
    "a person's word killed after each of its durable steps: the next start settles it the same way, once",
    arguments: [true, false])
  func resolveKilledAtEachStep(_ charged: Bool) async throws {
    let (recorded, quote, undecided) = try await undecidable()
    defer { recorded.remove() }
    // The directory as a kill right after each durable step of the decision leaves it.
    let copies = Mutex<[String]>([])
    let observer = DurableStepObserver(after: { _ in
      let copy = undecided.root + "-step-" + UUID().uuidString
      try? FileManager.default.copyItem(atPath: undecided.root, toPath: copy)
      copies.withLock { $0.append(copy) }
      return nil
    })
    let deciding = SimulatedAirline(
      store: RecordStore(root: undecided.root, observer: observer),
      clock: undecided.clock.wallClock, configuration: .init(latency: .none))
    _ = try await deciding.resolvePayment(of: quote.draftID, charged: charged)
    let points = copies.withLock { $0 }
    defer { for copy in points { try? FileManager.default.removeItem(atPath: copy) } }
    #expect(points.count >= 3, "the decision made \(points.count) durable steps")
    for (index, copy) in points.enumerated() {
      let next = TestAirline(root: copy, clock: undecided.clock)
      let at = "killed after step \(index + 1) of \(points.count)"
      _ = try await next.airline.recoverInterruptedPayments()
      #expect(try ledger.folder(next, "intents").isEmpty, "\(at)")
      let state = try await next.airline.paymentState(of: quote.id)
      if charged {
        #expect(try ledger.bookings(next).count == 1, "\(at)")
        #expect(try charges(next) == ["payments/k1.json"], "\(at)")
        guard case .booked = state else {
          Issue.record("\(at): \(state)")
          continue
        }
      } else {
        #expect(try ledger.bookings(next).isEmpty, "\(at)")
        #expect(try charges(next).isEmpty, "\(at)")
        // Unpaid (the key is offered again only by the process that settled it): it pays once.
        guard case .unpaid = state else {
          Issue.record("\(at): \(state)")
          continue
        }
        _ = try await next.airline.pay(
          quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k2"))
        #expect(try ledger.bookings(next).count == 1, "\(at)")
      }
    }
  }

  @Test("a payment its records can decide is not decided by a person's word")
  func resolveRefusedWhenDecidable() async throws {
    let (recorded, quote, _) = try await ledger.crashAfter("replace payments/")
    defer { recorded.remove() }
    let next = recorded.afterCrash()
    await #expect(throws: ServiceError.self) {
      try await next.airline.resolvePayment(of: quote.draftID, charged: false)
    }
    // Its charge stands: the settle books it.
    guard case .booked = try await next.airline.paymentState(of: quote.id) else {
      Issue.record("not booked")
      return
    }
  }

  // MARK: - Unreadable bookings

  /// Writes `count` booking files that cannot be read, with references no record names.
  func garbageBookings(_ test: TestAirline, _ count: Int) throws -> [BookingReference] {
    try FileManager.default.createDirectory(
      atPath: test.root + "/bookings", withIntermediateDirectories: true)
    let letters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")
    return try (0..<count).map { index in
      let text = "ZZ" + String([letters[index / 24 % 24], letters[index % 24]]) + "22"
      try Data("{\"schema\":1,".utf8).write(
        to: URL(fileURLWithPath: test.root + "/bookings/\(text).json"))
      return try BookingReference(text)
    }
  }

  @Test(
    "unreadable bookings no record names block no other draft: its quote is paid, and the first pay's scan of the bookings copies none aside"
  )
  func unreadableBookingsBlockNoOtherDraft() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await ledger.quoted(test)
    _ = try garbageBookings(test, 100)
    // As in a data directory from before the ledger kept its orders: the first charge indexes.
    try? FileManager.default.removeItem(atPath: test.root + "/ledger/orders-index.json")
    let next = test.relaunched()
    _ = try await next.airline.recoverInterruptedPayments()
    #expect(try await next.airline.paymentState(of: quote.id) == .unpaid(retryKey: nil))
    let booking = try await next.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    #expect(booking.totalPaid == quote.total)
    // The first charge indexes the orders from every booking: one read each, nothing written
    // for those that cannot be read (a copy each, fsynced, took 21 s beside 2,000 of them).
    #expect(FileManager.default.fileExists(atPath: test.root + "/ledger/orders-index.json"))
    let names = try FileManager.default.contentsOfDirectory(atPath: test.root + "/bookings")
    #expect(names.filter { $0.contains(".corrupt-") } == [])
    #expect(names.filter { $0.hasPrefix("ZZ") }.count == 100)
  }

  @Test(
    "the first pay beside unreadable bookings, killed after each durable step: one booking at most, paid once, and the unreadable ones left as they were"
  )
  func firstPayBesideUnreadableKilledAtEachStep() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await ledger.quoted(test)
    let garbage = try garbageBookings(test, 20).map { "bookings/\($0).json" }
    try? FileManager.default.removeItem(atPath: test.root + "/ledger/orders-index.json")
    // The directory as a kill right after each durable step of the payment leaves it.
    let copies = Mutex<[String]>([])
    let observer = DurableStepObserver(after: { _ in
      let copy = test.root + "-step-" + UUID().uuidString
      try? FileManager.default.copyItem(atPath: test.root, toPath: copy)
      copies.withLock { $0.append(copy) }
      return nil
    })
    let paying = SimulatedAirline(
      store: RecordStore(root: test.root, observer: observer), clock: test.clock.wallClock,
      configuration: .init(latency: .none))
    _ = try await paying.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    let points = copies.withLock { $0 }
    defer { for copy in points { try? FileManager.default.removeItem(atPath: copy) } }
    #expect(points.count >= 5, "the first pay made \(points.count) durable steps")
    for (index, copy) in points.enumerated() {
      let next = TestAirline(root: copy, clock: test.clock)
      let at = "killed after step \(index + 1) of \(points.count)"
      _ = try await next.airline.recoverInterruptedPayments()
      if case .unpaid = try await next.airline.paymentState(of: quote.id) {
        _ = try await next.airline.pay(
          quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
      }
      // One booking: the first payment's when its charge was made before the kill, else the
      // one paid again with the same key (nothing was charged the first time).
      let booked = try ledger.bookings(next).filter { !garbage.contains($0) }
      #expect(booked.count == 1, "\(at): \(booked)")
      guard case .booked(let reference) = try await next.airline.paymentState(of: quote.id) else {
        Issue.record("\(at): not booked")
        continue
      }
      #expect(booked == ["bookings/\(reference).json"], "\(at)")
      #expect(try charges(next) == ["payments/k1.json"], "\(at)")
      // The unreadable bookings are where they were, unread by anything that writes.
      #expect(try ledger.bookings(next).filter(garbage.contains).count == garbage.count, "\(at)")
      #expect(
        try next.files().map(\.path).filter { $0.contains(".corrupt-") } == [], "\(at)")
    }
  }

  @Test("each unreadable booking opened costs one read: the charges are scanned once a process")
  func unreadableBookingsScanOnce() async throws {
    let test = TestAirline()
    defer { test.remove() }
    _ = try await test.airline.pay(
      quoteID: try await ledger.quoted(test).id, method: card(),
      idempotencyKey: IdempotencyKey("k1"))
    let garbage = try garbageBookings(test, 10)
    let next = test.relaunched()
    let notices = Task {
      var count = 0
      for await notice in next.airline.ledgerNotices {
        guard case .unreadableGuard(let path, _) = notice else { continue }
        // The sentinel, read last: everything before it has been counted.
        if path == "bookings/YY2222.json" { break }
        if path.hasPrefix("bookings/ZZ") { count += 1 }
      }
      return count
    }
    for reference in garbage {
      await #expect(throws: ServiceError.self) {
        try await next.airline.booking(reference: reference)
      }
    }
    try Data("{".utf8).write(to: URL(fileURLWithPath: test.root + "/bookings/YY2222.json"))
    _ = try? await next.airline.booking(reference: BookingReference("YY2222"))
    // Each booking reported once, when opened: the single scan reads them without a report or
    // a copy (a scan per booking reads them 110 times).
    #expect(await notices.value == 10)
  }

  // MARK: - A quote record that was changed

  /// Rewrites the quote's file through `change`, which edits its JSON object.
  func tamper(_ test: TestAirline, _ quote: Quote, _ change: (inout [String: Any]) -> Void)
    throws
  {
    let path = test.root + "/quotes/\(quote.id).json"
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var envelope = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var record = try #require(envelope["data"] as? [String: Any])
    change(&record)
    envelope["data"] = record
    try JSONSerialization.data(withJSONObject: envelope).write(to: URL(fileURLWithPath: path))
  }

  static func amount(_ text: String, _ currency: String = "TRY") -> [String: Any] {
    ["amount": text, "currency": currency]
  }

  @Test(
    "a quote that still adds up but is not the airline's price is refused, and nothing is paid",
    arguments: ["zero", "one", "noLines", "currency", "negativeQuantity", "farExpiry"])
  func tamperedQuote(_ kind: String) async throws {
    let test = TestAirline()
    defer { test.remove() }
    let quote = try await ledger.quoted(test)
    try tamper(test, quote) { record in
      var lines = record["lineItems"] as? [[String: Any]] ?? []
      switch kind {
      case "zero":
        record["lineItems"] = [
          ["kind": "fare", "label": "Fare", "amount": Self.amount("0")] as [String: Any]
        ]
        record["total"] = Self.amount("0")
      case "one":
        record["lineItems"] = [
          ["kind": "fare", "label": "Fare", "amount": Self.amount("1.00")] as [String: Any]
        ]
        record["total"] = Self.amount("1.00")
      case "noLines":
        record["lineItems"] = [[String: Any]]()
        record["total"] = Self.amount("0")
      case "currency":
        for index in lines.indices {
          var amount = lines[index]["amount"] as? [String: Any] ?? [:]
          amount["currency"] = "ZZZ"
          lines[index]["amount"] = amount
        }
        record["lineItems"] = lines
        var total = record["total"] as? [String: Any] ?? [:]
        total["currency"] = "ZZZ"
        record["total"] = total
      case "negativeQuantity":
        lines[0]["quantity"] = -2
        record["lineItems"] = lines
      default:
        record["expiresAt"] = "9999-12-31T23:59:59.000Z"
      }
    }
    let next = test.relaunched()
    await #expect(throws: ServiceError.self) {
      try await next.airline.pay(
        quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    }
    #expect(try ledger.bookings(next).isEmpty)
    #expect(try charges(next).isEmpty)
  }

  @Test("the airline's own quote, with extras, is paid as priced")
  func untamperedQuoteWithExtras() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (draft, seats) = try await test.draftForTwo()
    let free = try #require(seats.seats.first { !$0.occupied })
    let passenger = try #require(draft.passengers.first)
    let quote = try await test.airline.price(
      draftID: draft.id,
      extras: Extras(
        seats: [passenger.id: free.designator], bags: [passenger.id: 2], insurance: true))
    let booking = try await test.relaunched().airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    #expect(booking.totalPaid == quote.total)
  }
}
