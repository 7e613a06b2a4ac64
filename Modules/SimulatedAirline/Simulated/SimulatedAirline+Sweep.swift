import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the last sweep stopped (`ledger/sweep.json`): the next one goes on from the record after
/// `after` in `folder`, so each start examines a bounded share and every record is reached.
struct SweepCursor: Codable, Sendable, Equatable {
  let folder: String
  let after: String
}

/// What a sweep's reads found (`SimulatedAirline.planSweep`): the records to remove once checked
/// again under the ledger lock, and where the next sweep goes on.
public struct SweepPlan: Sendable {
  struct Entry: Sendable {
    let id: String
    let folder: String
    let candidate: SimulatedAirline.Candidate
    /// Where the next sweep goes on should this record not be removed now.
    let before: SweepCursor
  }

  /// The records the session keeps, with their drafts and offers.
  let kept: Set<String>
  /// Where this sweep started (nil: at the beginning).
  let cursor: SweepCursor?
  var candidates: [Entry] = []
  /// Records read.
  public internal(set) var examined = 0
  /// Where the next sweep goes on when this one removes all it found.
  var end = SweepCursor(folder: "offers", after: "")
}

/// What one sweep did.
public struct SweepReport: Sendable, Equatable {
  /// Records read and judged.
  public var examined = 0
  /// The records removed, as paths relative to the data directory (`quotes/qt-….json`).
  public var removed: [String] = []
  /// Why the sweep stopped before its budget, if it did (another process held the ledger, a
  /// write failed).
  public var stoppedBecause: String?
}

/// The sweep of saved offers, drafts, quotes and change offers no one can use again, so that a
/// data directory kept for days does not grow without bound.
///
/// A record is removed only when all of these hold:
/// - it expired more than `sweepGrace` ago: a change offer when its `expiresAt`; an offer or a
///   draft when its offer's `expiresAt`
///   (no draft of it can be made or priced after that, and its quotes are held at most
///   `longestPriceHold` from before it), a quote when its own `expiresAt` (it can no longer be
///   paid);
/// - its draft (a quote's or a draft's own) is not taken: no `orders/`, `claims/` or `intents/`
///   record is named by it, so no booking, charge or payment under way needs it (the ledger
///   writes a booking again from its quote and its draft, and the confirmation reads the
///   booking alone, which holds its offer);
/// - the saved session does not name it, nor the draft and the offer of a quote or a draft it
///   names (`keeping`);
/// - it could be read (an unreadable record is left for a person to look at).
///
/// Each removal is made under the data directory's ledger lock, taken without waiting, after the
/// draft was checked again under it: a payment of another process (which holds the lock for all
/// of its reads and writes) never loses its quote or draft, and while one holds it the sweep
/// stops until the next start. In this process the airline's own calls never interleave with
/// a removal (it is made on the actor, with no suspension inside).
///
/// Durable writes: each removal (unlink, folder fsync), then `ledger/sweep.json` (the cursor).
/// A crash after a removal leaves every other record as it was and the cursor where it was:
/// the next start examines the same records again, the removed one gone.
extension SimulatedAirline {
  /// How long past expiry a record is kept: a day, as the airline's longest price hold.
  public static let sweepGrace = Configuration.longestPriceHold

  /// The kinds swept, in the order the cursor goes through them.
  static let swept = [
    AirlineRecords.offers, AirlineRecords.quotes, AirlineRecords.drafts,
    AirlineRecords.changeOffers,
  ]

  /// Examines at most `budget` records from where the last sweep stopped, removing those no
  /// one can use again (see above). `keeping`: record IDs the saved session names. Its reads
  /// (`planSweep`) and its removals (`sweep(_:)`) in one call.
  public func sweepExpiredRecords(keeping: Set<String>, budget: Int) async -> SweepReport {
    await sweep(planSweep(keeping: keeping, budget: budget))
  }

  /// The sweep's reads, on any thread and without the airline: the folders listed, at most
  /// `budget` records read from where the last sweep stopped, and those expired past the grace
  /// that the session does not name. The app runs it on a queue of its own, so that listing a
  /// folder of a hundred thousand offers never holds the airline's calls.
  public nonisolated func planSweep(keeping: Set<String>, budget: Int) -> SweepPlan {
    let kept = expandKept(keeping)
    let now = clock.now()
    let cursor =
      (try? store.loadIfPresent(
        SweepCursor.self, id: "sweep", kind: AirlineRecords.ledger, policy: .report)) ?? nil
    var plan = SweepPlan(kept: kept, cursor: cursor)
    var position = cursor ?? SweepCursor(folder: Self.swept[0].folder, after: "")
    // Each folder once at most: a small directory is swept whole, and the sweep ends.
    var folders = 0
    sweeping: while plan.examined < budget, folders < Self.swept.count {
      let index = Self.swept.firstIndex { $0.folder == position.folder } ?? 0
      let kind = Self.swept[index]
      for id in ((try? store.ids(of: kind)) ?? []) where id > position.after {
        if plan.examined >= budget { break sweeping }
        plan.examined += 1
        if !kept.contains(id), let candidate = expired(id, kind, now) {
          plan.candidates.append(
            SweepPlan.Entry(id: id, folder: kind.folder, candidate: candidate, before: position))
        }
        position = SweepCursor(folder: kind.folder, after: id)
      }
      position = SweepCursor(folder: Self.swept[(index + 1) % Self.swept.count].folder, after: "")
      folders += 1
    }
    plan.end = position
    return plan
  }

  /// The sweep's removals: each candidate of `plan` removed under the ledger lock once its draft
  /// is checked again, one at a time between the airline's other calls; then where it stopped is
  /// saved for the next start.
  public func sweep(_ plan: SweepPlan) async -> SweepReport {
    var report = SweepReport()
    report.examined = plan.examined
    var position = plan.end
    for entry in plan.candidates {
      guard let kind = Self.swept.first(where: { $0.folder == entry.folder }) else { continue }
      switch removeUnderLock(entry.id, kind, entry.candidate, kept: plan.kept) {
      case .removed: report.removed.append("\(entry.folder)/\(entry.id).json")
      case .kept: break
      case .stopped(let reason):
        // This record, and those after it, are examined again by the next sweep.
        report.stoppedBecause = reason
        position = entry.before
      }
      if report.stoppedBecause != nil { break }
      // The app's own calls go first: a sweep holds the airline for one record at a time.
      await Task.yield()
    }
    if position != plan.cursor {
      try? store.save(position, id: "sweep", kind: AirlineRecords.ledger)
    }
    return report
  }

  /// The session's records and, for a quote or a draft among them, its draft and its offer.
  private nonisolated func expandKept(_ ids: Set<String>) -> Set<String> {
    var kept = ids
    for id in ids {
      if let quote = try? store.loadIfPresent(
        Quote.self, id: id, kind: AirlineRecords.quotes, policy: .report)
      {
        kept.insert(quote.draftID.rawValue)
      }
    }
    for id in kept {
      if let draft = try? store.loadIfPresent(
        BookingDraft.self, id: id, kind: AirlineRecords.drafts, policy: .report)
      {
        kept.insert(draft.offer.id.rawValue)
      }
    }
    return kept
  }

  /// A record expired past the grace: an offer, or a quote or a draft with the draft whose
  /// ledger records keep it.
  enum Candidate: Sendable {
    case offer
    case ofDraft(DraftID)
  }

  /// The record when it is expired past `sweepGrace` and readable; nil otherwise.
  private nonisolated func expired(_ id: String, _ kind: RecordKind, _ now: Date) -> Candidate? {
    let cutoff = now.addingTimeInterval(-Self.sweepGrace)
    switch kind.folder {
    case AirlineRecords.offers.folder:
      guard
        let offer = try? store.loadIfPresent(Offer.self, id: id, kind: kind, policy: .report),
        offer.expiresAt < cutoff
      else { return nil }
      return .offer
    case AirlineRecords.changeOffers.folder:
      // A change offer is read only by a change quote made before it expires.
      guard
        let offer = try? store.loadIfPresent(
          ChangeOffer.self, id: id, kind: kind, policy: .report),
        offer.expiresAt < cutoff
      else { return nil }
      return .offer
    case AirlineRecords.quotes.folder:
      guard
        let quote = try? store.loadIfPresent(Quote.self, id: id, kind: kind, policy: .report),
        quote.expiresAt < cutoff
      else { return nil }
      return .ofDraft(quote.draftID)
    case AirlineRecords.drafts.folder:
      guard
        let draft = try? store.loadIfPresent(
          BookingDraft.self, id: id, kind: kind, policy: .report),
        draft.offer.expiresAt < cutoff
      else { return nil }
      return .ofDraft(draft.id)
    default:
      return nil
    }
  }

  private enum Removal {
    case removed
    case kept
    case stopped(String)
  }

  /// Removes the record under the ledger lock, after checking again that its draft is not
  /// taken.
  private func removeUnderLock(
    _ id: String, _ kind: RecordKind, _ candidate: Candidate, kept: Set<String>
  ) -> Removal {
    switch lockLedger() {
    case .busy:
      return .stopped("another process holds the ledger")
    case .unavailable(let reason):
      return .stopped(reason)
    case .locked(let lock):
      return withExtendedLifetime(lock) { () -> Removal in
        do throws(ServiceError) {
          // Orders are built from older versions' records before any is trusted here.
          try indexOrders()
          if case .ofDraft(let draft) = candidate {
            if kept.contains(draft.rawValue) { return .kept }
            for ledgerKind in [
              AirlineRecords.orders, AirlineRecords.claims, AirlineRecords.intents,
            ] {
              let taken = try sweepStore { () throws(StoreError) in
                try store.exists(id: draft.rawValue, kind: ledgerKind)
              }
              if taken { return .kept }
            }
          }
          try sweepStore { () throws(StoreError) in try store.delete(id: id, kind: kind) }
          return .removed
        } catch {
          return .stopped(error.description)
        }
      }
    }
  }

  /// A store call, its failure as the airline reports it.
  private func sweepStore<Value>(_ body: () throws(StoreError) -> Value) throws(ServiceError)
    -> Value
  {
    do {
      return try body()
    } catch {
      throw .store(error)
    }
  }
}
