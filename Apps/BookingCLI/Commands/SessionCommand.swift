import Airline
import FlowOwner
import Persistence
import SimulatedAirline

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `session`: where the app would resume, and why; found as the app finds it at start (payments
/// a crash cut off settled first, then the saved snapshot restored against the airline).
///
/// Settling and restoring may write the payment ledger, so they are done only under the lock.
/// While the app is open (it holds the lock) the command reads the saved snapshot alone and says
/// that the app is there now.
enum SessionCommand {
  static func run(_ invocation: Invocation, json: Bool) async throws(Failure) {
    _ = try invocation.words()
    let explicit = invocation.value("--data-dir")
    let path = try DataFolder.openExisting(explicit: explicit).path
    let file =
      (try? RecordStore(root: path).relativePath(
        id: RecordKind.snapshotID, kind: RecordKind.session(schema: BookingSnapshot.schema)))
      .map { path + "/" + $0 } ?? path
    // No session folder (nor data directory) and no payment left open: neither the app nor a
    // payment ever took the lock here, so nothing is saved and nothing is to settle; nothing is
    // made to find that out.
    var status = stat()
    let airline = DataDirectory.airlineForCurrentProcess(
      explicit: invocation.value("--airline-dir"), dataDirectory: path)
    let open = (try? RecordStore(root: airline).ids(of: AirlineRecords.intents))?.isEmpty == false
    guard open || stat(path + "/session", &status) == 0 else {
      try write(
        SessionReport(
          saved: "search", savedIDs: [:], resumeAt: "search",
          reason: "No session is saved: the app opens at the search form.", file: file,
          appOpen: false, waiting: []), json: json)
      return
    }
    let folder = try DataFolder.open(
      explicit: explicit, airline: invocation.value("--airline-dir"), locking: .ifFree)
    defer { folder.keepLock() }
    // As the app does at start: the payments a crash cut off are settled first; the ones that
    // wait for a person's word are named with the command that settles them.
    let waiting = try await waitingPayments(folder.recoverPayments())
    let saved: BookingSnapshot?
    do {
      // Left where it is: the app sets an unreadable one aside itself, and says so.
      saved = try folder.store.loadIfPresent(
        BookingSnapshot.self, id: RecordKind.snapshotID,
        kind: RecordKind.session(schema: BookingSnapshot.schema),
        policy: .keepInPlace)
    } catch {
      throw Failure(
        code: .badData,
        message: "\(error.description); the app would set it aside and open at the search form")
    }
    let report: SessionReport
    if folder.lock == nil {
      let step = saved?.position.kind.description ?? "search"
      report = SessionReport(
        saved: step, savedIDs: saved.map(ids) ?? [:], resumeAt: step,
        reason: "The app is open on this data directory; its last saved step is \(step). Where "
          + "it would resume is worked out once it has closed.",
        file: file, appOpen: true, waiting: waiting)
    } else if let saved {
      let restoration = await BookingFlow.restore(
        saved, using: folder.airline.services, now: Date())
      let reason =
        switch restoration.outcome {
        case .fresh: "The saved session is at the search form."
        case .resumed(let step), .opened(let step):
          "Everything it needs is still there: it resumes at \(step)."
        case .fellBack(_, let why): why.description
        }
      report = SessionReport(
        saved: saved.position.kind.description, savedIDs: ids(saved),
        resumeAt: restoration.outcome.step.description, reason: reason, file: file,
        appOpen: false, waiting: waiting)
    } else {
      report = SessionReport(
        saved: "search", savedIDs: [:], resumeAt: "search",
        reason: "No session is saved: the app opens at the search form.", file: file,
        appOpen: false, waiting: waiting)
    }
    try write(report, json: json)
  }

  /// The payments of `recovered` that the records cannot settle, each with its draft and, when
  /// only a person's word settles it, the command that does.
  private static func waitingPayments(_ recovered: [RecoveredPayment]) -> [WaitingPayment] {
    recovered.compactMap { payment in
      guard case .unresolved(let reason) = payment.outcome, let quote = payment.quoteID,
        let draft = payment.draftID
      else { return nil }
      return WaitingPayment(
        draft: draft.rawValue, quote: quote.rawValue,
        command: payment.awaitsWord
          ? "booking-cli resolve \(draft) --charged (or --not-charged)" : nil,
        reason: reason)
    }
  }

  /// `report` as JSON or as labelled lines.
  private static func write(_ report: SessionReport, json: Bool) throws(Failure) {
    if json {
      try Output.json(report)
      return
    }
    let position =
      ([report.saved] + report.savedIDs.sorted { $0.key < $1.key }.map { "\($0)=\($1)" })
      .joined(separator: " ")
    let waiting = report.waiting.map { payment in
      let what =
        payment.command.map { "whether its card was charged is unknown; once you know, run \($0)" }
        ?? "it cannot be settled yet: \(payment.reason)"
      return ("Waiting", "\(payment.draft) (quote \(payment.quote)): \(what)")
    }
    Output.fields(
      [
        ("Saved", position), (report.appOpen ? "App open at" : "Resumes at", report.resumeAt),
        ("Why", report.reason),
        ("File", report.file),
      ] + waiting)
  }

  private static func ids(_ snapshot: BookingSnapshot) -> [String: String] {
    var ids: [String: String] = [:]
    if let criteria = snapshot.criteria {
      let back = criteria.returning.map { " back \($0)" } ?? ""
      ids["search"] =
        "\(criteria.origin)-\(criteria.destination) \(criteria.departure)\(back) x\(criteria.party)"
    }
    return ids.merging(snapshot.position.recordIDs) { search, _ in search }
  }
}
