import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Synchronization
import Testing

/// `sweepExpiredRecords`: offers, drafts and quotes expired past the grace that no booking, no
/// payment under way and no saved session needs are removed, a bounded share per start; a crash
/// after any removal leaves a directory the next start settles, with nothing a booking needs gone.
@Suite("The sweep of expired records")
struct SweepTests {
  func card() throws -> PaymentCard {
    try PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "731")
  }

  /// A data directory a day and more after a booking, a session's quote and a quote left alone.
  struct Fixture {
    let booking: Booking
    /// The records that must stay, by folder.
    let kept: [String: Set<String>]
    /// What the session names.
    let session: Set<String>
  }

  func populate(_ test: TestAirline) async throws -> Fixture {
    let (bookedDraft, _) = try await test.draftForTwo()
    let bookedQuote = try await test.airline.price(draftID: bookedDraft.id, extras: .none)
    let secondQuote = try await test.airline.price(draftID: bookedDraft.id, extras: .none)
    let booking = try await test.airline.pay(
      quoteID: bookedQuote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    let sessionOffer = try #require(
      try await test.airline.offers(for: test.criteria("AMS", "IST")).first)
    let sessionDraft = try await test.airline.createDraft(
      offer: sessionOffer, passengers: [test.adult("p1", "Ada"), test.adult("p2", "Grace")],
      contact: test.contact())
    let sessionQuote = try await test.airline.price(draftID: sessionDraft.id, extras: .none)
    let (looseDraft, _) = try await test.draftForTwo()
    _ = try await test.airline.price(draftID: looseDraft.id, extras: .none)
    // A day and an hour after every offer expired; then a new search, which is young.
    test.clock.advance(by: 30 * 60 + SimulatedAirline.sweepGrace + 3_600)
    let young = try await test.airline.offers(for: test.criteria("IST", "CDG"))
    #expect(!young.isEmpty)
    return Fixture(
      booking: booking,
      kept: [
        "offers": Set(young.map(\.id.rawValue) + [sessionOffer.id.rawValue]),
        "quotes": [bookedQuote.id.rawValue, secondQuote.id.rawValue, sessionQuote.id.rawValue],
        "drafts": [bookedDraft.id.rawValue, sessionDraft.id.rawValue],
      ],
      session: [sessionQuote.id.rawValue])
  }

  /// The records in each swept folder.
  func records(_ test: TestAirline) throws -> [String: Set<String>] {
    var found: [String: Set<String>] = [:]
    for folder in ["offers", "quotes", "drafts"] {
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: test.root + "/" + folder))
        ?? []
      found[folder] = Set(
        names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map {
          String($0.dropLast(5))
        })
    }
    return found
  }

  /// What the booking needs: it reads, and it is written again from its claim, quote and draft
  /// when its file is gone.
  func bookingStands(_ fixture: Fixture, _ test: TestAirline) async throws {
    let reference = fixture.booking.reference
    #expect(try await test.relaunched().airline.booking(reference: reference) == fixture.booking)
    let copy = NSTemporaryDirectory() + "booking-sweep-copy-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: copy) }
    try FileManager.default.copyItem(atPath: test.root, toPath: copy)
    try FileManager.default.removeItem(atPath: "\(copy)/bookings/\(reference).json")
    let rebuilt = TestAirline(root: copy, clock: test.clock)
    #expect(try await rebuilt.airline.booking(reference: reference) == fixture.booking)
  }

  @Test("expired records no one needs go; the booking's, the session's and young ones stay")
  func sweepsWhatNoOneNeeds() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let fixture = try await populate(test)
    let before = try records(test)

    let report = await test.airline.sweepExpiredRecords(keeping: fixture.session, budget: 10_000)

    #expect(try records(test) == fixture.kept)
    #expect(before != fixture.kept, "expired records were there to sweep")
    #expect(report.stoppedBecause == nil)
    let removed = before.flatMap { folder, ids in
      ids.subtracting(fixture.kept[folder] ?? []).map { "\(folder)/\($0).json" }
    }
    #expect(report.removed.sorted() == removed.sorted())
    #expect(report.examined == before.values.map(\.count).reduce(0, +))
    try await bookingStands(fixture, test)
  }

  @Test("a bounded share per start, going on where the last stopped, until all is swept")
  func boundedAndResumed() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let fixture = try await populate(test)
    let total = try records(test).values.map(\.count).reduce(0, +)
    var starts = 0
    var examined = 0
    while try records(test) != fixture.kept {
      starts += 1
      try #require(starts <= total, "the sweep does not go on where it stopped")
      let report = await test.relaunched().airline.sweepExpiredRecords(
        keeping: fixture.session, budget: 7)
      #expect(report.examined <= 7)
      examined += report.examined
    }
    #expect(starts > 1)
    #expect(examined <= total + 7, "each record examined once on the way round")
    try await bookingStands(fixture, test)
  }

  @Test("killed right after each removal, or before its cursor: the next start is consistent")
  func crashPoints() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let fixture = try await populate(test)
    var starts = 0
    while try records(test) != fixture.kept {
      starts += 1
      try #require(starts < 200)
      // This start dies right after its first removal (the folder's fsync reports it), or, every
      // third start, just before it writes where it stopped.
      let killCursor = starts % 3 == 0
      let dies = DurableStepObserver(
        before: { step in
          killCursor && step.description.hasPrefix("replace ledger/sweep") ? EIO : nil
        },
        after: { step in
          !killCursor && step.description.hasPrefix("remove ") ? EIO : nil
        })
      let dying = TestAirline(root: test.root, clock: test.clock, observer: dies)
      let report = await dying.airline.sweepExpiredRecords(keeping: fixture.session, budget: 50)
      #expect(report.removed.count <= (killCursor ? 50 : 0))
      // What the next start sees: everything kept is there, the booking stands.
      let found = try records(test)
      for (folder, ids) in fixture.kept {
        #expect(ids.isSubset(of: found[folder] ?? []), "\(folder) lost a record at start \(starts)")
      }
      try await bookingStands(fixture, test)
    }
    #expect(starts > 1)
  }

  @Test("while another process holds the ledger, nothing is removed; after, the sweep goes on")
  func anotherProcessPaying() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let fixture = try await populate(test)
    let before = try records(test)
    do {
      // Another open of the data directory: to this process's airline, another process.
      guard case .locked(let held) = LedgerLock.acquire(test.root) else {
        Issue.record("the ledger could not be locked")
        return
      }
      let blocked = await test.airline.sweepExpiredRecords(
        keeping: fixture.session, budget: 10_000)
      #expect(blocked.removed.isEmpty)
      #expect(blocked.stoppedBecause != nil)
      #expect(try records(test) == before)
      withExtendedLifetime(held) {}
    }

    _ = await test.airline.sweepExpiredRecords(keeping: fixture.session, budget: 10_000)
    #expect(try records(test) == fixture.kept)
  }
}
