import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import Program
import Recording
import Zones

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A journal played again without a terminal or an airline: the first state made from its
/// header, every action reduced again at its time, every job run against the recorded answers
/// and its reply reduced where it came. The same journal gives the same state, to the byte.
@MainActor
public enum JournalReplay {
  /// Where a replay ended.
  public struct Outcome {
    /// The root's state after the last action.
    public let state: RootFeature.State
    /// The last snapshot the program asked to save, if any.
    public let savedSnapshot: BookingSnapshot?
    /// How many actions were reduced.
    public let actions: Int
  }

  /// Why a journal cannot be replayed: its line, and the reason.
  public struct Problem: Error, CustomStringConvertible {
    public let line: Int
    public let reason: String
    public var description: String { "line \(line): \(reason)" }
  }

  /// Reads the journal at `path` (a regular file of at most 64 MiB) and plays it, with the
  /// airports and fares the recording app had (the airline's answers are the journal's own).
  public static func play(
    path: String, airports: any AirportLookup, fares: any FareEstimator
  ) async throws(Problem) -> Outcome {
    let text: String
    do {
      text = try KeyReplayer.read(path, limit: 64 * 1024 * 1024)
    } catch {
      throw Problem(line: 0, reason: error.description)
    }
    return try await play(text, airports: airports, fares: fares)
  }

  /// What a replay prints: the last screen at the size it had, then the snapshot it saved.
  public static func report(_ outcome: Outcome) -> String {
    let state = outcome.state
    let screen = RootView.render(
      state, width: state.shell.screenWidth, height: state.shell.screenHeight, theme: .monochrome)
    let lines = screen.lines.map { line in
      String(line.reversed().drop { $0 == " " }.reversed())
    }
    let snapshot =
      outcome.savedSnapshot.flatMap { try? JSONEncoder().encode($0) }
      .map { String(decoding: $0, as: UTF8.self) } ?? "none"
    return lines.joined(separator: "\n") + "\n" + "actions: \(outcome.actions), at "
      + "\(state.current), snapshot saved: \(snapshot)\n"
  }

  /// Reads and plays `text`, a journal's lines, with `airports` and `fares`.
  public static func play(
    _ text: String, airports: any AirportLookup, fares: any FareEstimator
  ) async throws(Problem) -> Outcome {
    var header: JournalHeader?
    var actions: [(line: Int, at: Date, action: JournalAction)] = []
    var answers: [String: [Int: JournalAnswer]] = [:]
    let decoder = JSONDecoder()
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
      guard let entry = try? decoder.decode(JournalEntry.self, from: Data(line.utf8)) else {
        throw Problem(line: index + 1, reason: "not a journal entry")
      }
      switch entry {
      case .header(let found):
        guard header == nil, index == 0 else {
          throw Problem(line: index + 1, reason: "a second header")
        }
        header = found
      case .action(let at, let action): actions.append((index + 1, at, action))
      case .call(let key, let n, let result): answers[key, default: [:]][n] = result
      }
    }
    guard let header else { throw Problem(line: 1, reason: "no header") }
    guard header.version == Options.version else {
      throw Problem(
        line: 1, reason: "written by \(header.version); this is \(Options.version)")
    }
    guard let zone = ZoneSource.live.zone(named: header.zone) else {
      throw Problem(line: 1, reason: "unknown time zone \(header.zone)")
    }
    let services = JournalServices(replaying: answers).services
    let clock = ManualClock(header.start)
    let environment = AppEnvironment(
      services: services, airports: airports, fares: fares,
      clock: clock.wallClock, paymentKeys: PaymentKeys(seed: header.paymentSeed))
    let state = RootFeature.State(
      now: header.start, zone: zone, language: header.language,
      restoring: header.restoring.flatMap { snapshot in
        snapshot == .search
          ? nil
          : RootFeature.Restoring(
            step: snapshot.position.kind, link: header.link.flatMap { try? DeepLink(parsing: $0) })
      }, keptSession: header.keptSession, saved: header.saved, notice: header.notice,
      saveProblem: header.saveProblem)
    let store = Store(state: state, environment: environment)
    store.holdsReplies = true
    var saved: BookingSnapshot?
    store.perform = { [weak store] command in
      if case .saveSnapshot = command, let store {
        saved = RootFeature.session(of: store.state)?.snapshot
      }
      return nil
    }
    for (line, at, action) in actions {
      clock.set(at)
      switch action {
      case .started: store.send(.started)
      case .key(let recorded):
        guard let key = recorded.key else { throw Problem(line: line, reason: "not a key") }
        store.send(.key(key))
      case .tick(let instant): store.send(.tick(instant))
      case .spin: store.send(.spin)
      case .restored(let now, let saving):
        guard let snapshot = header.restoring else {
          throw Problem(line: line, reason: "a restore with nothing to restore")
        }
        let restoration = await BookingFlow.restore(snapshot, using: services, now: now)
        store.send(.restored(restoration, saving: saving))
      case .reply(let job):
        guard await store.release(job: job) else {
          throw Problem(
            line: line, reason: "job \(job) never ran here: the replay went another way")
        }
      case .snapshotSaved(let snapshot, let error):
        store.send(.snapshotSaved(snapshot, error: error))
      case .restoredPathSaved(let snapshot, let error):
        store.send(.restoredPathSaved(snapshot, error: error))
      case .snapshotRead(let text): store.send(.savedSnapshotRead(text))
      case .announce(let text, let lasting): store.send(.announce(text, lasting: lasting))
      }
    }
    return Outcome(state: store.state, savedSnapshot: saved, actions: actions.count)
  }
}
