import Airline
import Domain
import FlowOwner
import Presentation
import Program
import Session
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a start restores and how the first state looks, worked out from the options, a deep
/// link and the saved session, before the terminal is touched.
public struct Startup: Sendable {
  /// The snapshot on disk (nil: none, or unusable, or not read: a link).
  public let saved: BookingSnapshot?
  /// What to restore: the link, or the saved session unless `--fresh`.
  public let snapshot: BookingSnapshot?
  /// Set while something other than the search form is being restored.
  public let restoring: RootFeature.Restoring?
  /// The step of a saved session that `--fresh` keeps on disk.
  public let keptSession: StepKind?
  /// Why the saved session could not be used, for the header.
  public let notices: [String]
  /// The link being opened, if any: it is restored as a snapshot (`BookingFlow.open`).
  public let link: DeepLink?

  /// The start for `options` with `link` (already parsed and checked), reading `session`.
  public init(options: Options, link: DeepLink?, session: any SessionStore) {
    var saved: BookingSnapshot?
    var notices: [String] = []
    if link == nil {
      switch session.load() {
      case .none: break
      case .snapshot(let found): saved = found
      case .unusable(let reason): notices.append(reason)
      }
    }
    self.saved = saved
    self.notices = notices
    snapshot = link?.snapshot ?? (options.fresh ? nil : saved)
    restoring = snapshot.flatMap { snapshot in
      snapshot == .search
        ? nil : RootFeature.Restoring(step: snapshot.position.kind, link: link)
    }
    let kept = options.fresh && link == nil ? saved?.position.kind : nil
    keptSession = kept == .search ? nil : kept
    self.link = link
  }

  /// The records the saved session and the link name (an offer, a draft, a quote, a booking):
  /// the sweep of expired records (the simulated airline's `sweepExpiredRecords`) keeps them.
  public var keptRecords: Set<String> {
    var ids: Set<String> = []
    for position in [saved?.position, snapshot?.position].compactMap({ $0 }) {
      ids.formUnion(position.recordIDs.values)
    }
    return ids
  }

  /// The state before the first frame.
  public func initialState(
    now: Date, zone: Zone, language: Language, saveProblem: String?
  ) -> RootFeature.State {
    RootFeature.State(
      now: now, zone: zone, language: language, restoring: restoring, keptSession: keptSession,
      saved: saved, notice: notices.first, saveProblem: saveProblem.map(language.strings.cannotSave)
    )
  }

  /// A journal's first line for this start.
  public func journalHeader(
    now: Date, zone: Zone, language: Language, paymentSeed: UInt64, saveProblem: String?
  ) -> JournalHeader {
    JournalHeader(
      start: now, zone: zone.identifier, language: language,
      restoring: restoring == nil ? nil : snapshot, link: link?.url, keptSession: keptSession,
      saved: saved, notice: notices.first,
      saveProblem: saveProblem.map(language.strings.cannotSave),
      paymentSeed: paymentSeed)
  }

  /// The line the event log starts with.
  public func startLine(options: Options) -> String {
    let start =
      options.openURL.map { "deep link \(DomainError.quoted($0))" }
      ?? (options.fresh ? "fresh" : snapshot.map { "resume at \($0.position.kind)" } ?? "new")
    // `rawValue`, not the enum itself: interpolating a type without a description reflects it
    // (`Mirror`), a measurable part of the start.
    return "start: \(Options.version), \(start), \(options.language.rawValue)"
  }

  /// What the start's own work found, handed to the program once it runs.
  public struct Found: Sendable {
    enum Resumed: Sendable {
      case nothing
      case restored(Restoration)
    }
    var recovered: [RecoveredPayment] = []
    var recoveryFailure: ServiceError?
    var resumed = Resumed.nothing
    /// When the flow was restored (the time its quote was checked against).
    var restoredAt: Date?
  }

  /// The start's work: payments a crash cut off are settled before any flow is restored, so a
  /// resume at payment sees whether its quote was paid; then the flow is restored. Its path is
  /// saved by `save`, beside the program's drawing of it.
  /// `payments` settles (the airline's own, never a journal's); `services` answer the restore
  /// (the airline's, or a journal's passed through).
  public func work(
    settling payments: any PaymentService, services: BookingServices, clock: WallClock,
    executor: (any TaskExecutor)?
  ) -> Task<Found, Never> {
    let start = self
    return Task(executorPreference: executor) { () async -> Found in
      var found = Found()
      do throws(ServiceError) {
        // A restore at a step holding a quote asks whether it was paid: the recovery tells it in
        // its own hold of the ledger.
        if start.restoring != nil, let quote = start.snapshot?.position.quoteID {
          found.recovered = try await payments.recoverInterruptedPayments(
            tellingWhetherPaid: quote)
        } else {
          found.recovered = try await payments.recoverInterruptedPayments()
        }
      } catch {
        found.recoveryFailure = error
      }
      guard let snapshot = start.snapshot, start.restoring != nil else { return found }
      let now = clock.now()
      found.restoredAt = now
      let restoration =
        if let link = start.link {
          await BookingFlow.open(link, using: services, now: now)
        } else {
          await BookingFlow.restore(snapshot, using: services, now: now)
        }
      found.resumed = .restored(restoration)
      return found
    }
  }

  /// The restored path's snapshot when it must be saved before it is shown (it differs from the
  /// one on disk); nil otherwise.
  public func snapshotToSave(_ found: Found) -> BookingSnapshot? {
    guard case .restored(let restoration) = found.resumed else { return nil }
    let restored = restoration.snapshot
    return restored == saved ? nil : restored
  }

  /// Saves the restored path (the rule: a path is on disk before the frame that shows it)
  /// through `restoredSave`, so that an end while resuming knows whether it was; nil when there
  /// was nothing to save, or the app has begun to end.
  public func save(
    _ found: Found, through session: any SessionStore, restoredSave: RestoredSave
  ) -> SessionSave? {
    snapshotToSave(found).flatMap { restoredSave.save($0, through: session) }
  }

  /// Hands what the start's work found to `program`. A restored path being saved (`save`) is
  /// drawn now and shown once `program.restoredPathSaved` hands its save over.
  @MainActor
  public func deliver(_ found: Found, to program: Program) {
    if let failure = found.recoveryFailure { program.paymentRecoveryFailed(failure) }
    switch found.resumed {
    case .nothing: break
    case .restored(let restoration):
      program.restoredAt = found.restoredAt
      program.restored(restoration, saving: snapshotToSave(found) != nil)
    }
    for payment in found.recovered { program.recovered(payment) }
  }
}
