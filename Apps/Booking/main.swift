import Airline
import Canvas
import Dispatch
import Domain
import FlowOwner
import LegacyFlow
import Persistence
import Presentation
import SimulatedAirline
import Terminal
import Zones

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

/// Prints `message` on one line of stderr and exits with EX_USAGE, before the terminal is
/// touched (as the README promises: one line, the reason).
func refuse(_ message: String) -> Never {
  printError("booking: \(message)\n")
  exit(64)
}

// A write to a pipe whose reader went away (stderr piped into `head`) must fail, not kill the app
// with the terminal still in its mode.
signal(SIGPIPE, SIG_IGN)

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  refuse(error.message)
}
if options.showHelp {
  print(Options.usage)
  exit(0)
}
if options.showVersion {
  print(Options.version)
  exit(0)
}
if let format = options.diagram {
  print(FlowDiagram.render(format), terminator: "")
  exit(0)
}
var deepLink: DeepLink?
if let url = options.openURL {
  do {
    deepLink = try DeepLink(parsing: url)
  } catch {
    refuse("cannot open \(DomainError.quoted(url)): \(error.description)")
  }
  if let problem = deepLink?.problem(at: WallClock.system.now()) {
    refuse("cannot open \(DomainError.quoted(url)): \(problem.description)")
  }
}
var replayer: KeyReplayer?
if let path = options.replayPath {
  do {
    replayer = try MainActor.assumeIsolated {
      try KeyReplayer(path: path, speed: options.replaySpeed)
    }
  } catch {
    refuse("cannot replay \(error)")
  }
}
guard TerminalScreen.isTerminal(0), TerminalScreen.isTerminal(1) else {
  printError("booking: needs a terminal: run it directly in a terminal window, not in a pipe.\n")
  exit(1)
}
if let problem = TerminalScreen.terminalProblem() {
  printError("booking: \(problem)\n")
  exit(1)
}

/// Says why in one line and exits 1, before the terminal is touched.
func stop(_ message: String) -> Never {
  printError("booking: \(message)\n")
  exit(1)
}

let dataDirectory = DataDirectory.resolveForCurrentProcess(explicit: options.dataDirectory)
// Like ssh and gpg: a data directory another user could change is not used at all.
if let problem = DataDirectory.problem(at: dataDirectory) {
  stop("will not use the data directory: \(problem)")
}
// The airport list is built after the first frame (below); a pay link's restore, which may ask
// before then, reads its two airports on their own.
BuiltInAirports.willPrepare()
var notices: [String] = []
var saveProblem: String?
let store = RecordStore(root: dataDirectory)
do {
  // The folders (and any missing parents, as on a machine without ~/.local/share), each 0700.
  // A new one's fsync in its parent is left to the store's first save (the search form's, right
  // after the first frame; a restored path's; the airline's): the first frame does not wait.
  // The log's folder too, so that one made again is as durable as the rest.
  try store.createRootLeavingSync(subfolders: ["session", EventLog.folder])
} catch {
  saveProblem = SessionFile.reason(error)
}
let lock = SessionLock.acquire(in: dataDirectory)
/// Why this process may not pay: without the data directory's lock it may browse, never pay.
var paymentsOff: String?
switch lock {
case .heldByAnother:
  stop("a session is already open in \(dataDirectory); close it first.")
case .refused(let reason):
  stop(reason)
case .unavailable(let reason):
  saveProblem = saveProblem ?? reason
  paymentsOff = "the data directory could not be locked: \(reason)"
case .locked:
  break
}
let log: EventLog?
switch EventLog.open(dataDirectory: dataDirectory) {
case .log(let opened): log = opened
case .unwritable: log = nil
case .refused(let reason): stop(reason)
}

let clock = WallClock.system
let latency = options.latencyMilliseconds.map(Latency.fixed) ?? .realistic
let airline = SimulatedAirline(
  store: store, clock: clock,
  configuration: .init(
    quoteLifetime: options.quoteTTL, latency: latency, paymentsOff: paymentsOff))
let environment = AppEnvironment(
  services: airline.services, airports: BuiltInAirports(), fares: SimulatedFares(),
  clock: clock)
let session = SessionFile(store: store)

/// What is on disk now: nothing overwrites it until a restore has finished, and `--fresh` keeps
/// it until the person starts a new search.
var saved: BookingSnapshot?
// The bag never reads or writes the saved session: it belongs to the real flow owner.
if deepLink == nil, !options.legacyBag {
  switch session.load() {
  case .none: break
  case .snapshot(let found): saved = found
  case .unusable(let reason): notices.append(reason)
  }
}
/// What to restore: the link, or the saved session unless `--fresh`.
let snapshot = deepLink?.snapshot ?? (options.fresh ? nil : saved)
let restoring = snapshot.flatMap { snapshot in
  snapshot == .search
    ? nil : RootFeature.Restoring(step: snapshot.position.kind, fromLink: deepLink != nil)
}
let keptSession = options.fresh && deepLink == nil ? saved?.position.kind : nil

// Every task's nonisolated work, and the airline actor, run on one serial queue: see
// `SerialTaskExecutor` for why not Swift's global executor.
let work = SerialTaskExecutor(label: "booking.work")

/// What the start's own work found, handed to the app once it runs.
struct StartWork: Sendable {
  enum Resumed: Sendable {
    case nothing
    case restored(Restoration)
    case bag(LegacyBagFlow)
  }
  var recovered: [RecoveredPayment] = []
  var recoveryFailure: ServiceError?
  var resumed = Resumed.nothing
  /// The restored flow's snapshot, when it differs from the one on disk, and what saving it
  /// said (nil: saved).
  var restoredSave: SessionSave?
}

// When a flow is restored, started before the terminal is set up: its file reads, decoding and
// the restored path's save run on the work queue while the main thread starts ncurses and draws
// the first frame, instead of after it. A fresh start has only the payment check to do: it
// starts after the first frame, which then waits for neither it nor its thread.
// Payments a crash cut off are settled before any flow is restored, so a resume at payment sees
// whether its quote was paid; and, the work queue being serial, before any payment is made.
let restoredSave = RestoredSave()
@MainActor func beginStartWork() -> Task<StartWork, Never> {
  Task(executorPreference: work) {
    [snapshot, restoring, legacyBag = options.legacyBag, airline, saved, session, restoredSave] ()
      async
      -> StartWork in
    var found = StartWork()
    do throws(ServiceError) {
      found.recovered = try await airline.recoverInterruptedPayments()
    } catch {
      found.recoveryFailure = error
    }
    if let snapshot, restoring != nil, legacyBag {
      // The bag's own deep-link handler fills it by hand.
      var bag = LegacyBagFlow()
      switch snapshot.position {
      case .payment(let quoteID, _):
        bag = await LegacyBagFlow.openingPayLink(quoteID, using: airline.services) ?? bag
      default:
        if let criteria = snapshot.criteria { _ = bag.searchSubmitted(criteria) }
      }
      found.resumed = .bag(bag)
    } else if let snapshot, restoring != nil {
      let restoration = await BookingFlow.restore(
        snapshot, using: airline.services, now: clock.now())
      found.resumed = .restored(restoration)
      // Saved here, before the app shows it (the rule: a path is on disk before the frame that
      // shows it), while the main thread is still starting the terminal and drawing the first
      // frame, instead of on the main actor after that: two fsyncs off the restored frame's way.
      // The app adopts it as what is on disk, so it does not write it again.
      if let restored = restoration.flow.savedSnapshot, restored != saved {
        found.restoredSave = restoredSave.save(restored, through: session)
      }
    }
    return found
  }
}
let earlyStartWork = restoring != nil ? beginStartWork() : nil

var initialState = RootFeature.State(
  now: clock.now(), zone: ZoneSource.live.machineZone(), language: options.language,
  restoring: restoring,
  keptSession: keptSession == .search ? nil : keptSession,
  flow: options.legacyBag ? LegacyBagFlow() : BookingFlow())
initialState.shell.notice = notices.first
initialState.shell.saveProblem = saveProblem.map(options.language.strings.cannotSave)
let screen = TerminalScreen(colorMode: .automatic)
// Top-level: the app lives as long as the process.
let app = BookingApp(
  screen: screen,
  store: Store(state: initialState, environment: environment, executor: work),
  session: session, initialSnapshot: saved, lock: lock)
app.replayer = replayer
app.restoredSave = restoredSave
app.log = log
let start =
  options.openURL.map { "deep link \(DomainError.quoted($0))" }
  ?? (options.fresh ? "fresh" : snapshot.map { "resume at \($0.position.kind)" } ?? "new")
// `rawValue`, not the enum itself: interpolating a type without a description reflects it
// (`Mirror`), a measurable part of the start.
app.writeLog("start: \(Options.version), \(start), \(options.language.rawValue)")
if let path = options.recordPath {
  do {
    let recorder = try KeyRecorder(path: path, replacing: options.force)
    recorder.onFailure = { reason in app.recordingStopped(reason) }
    app.recorder = recorder
  } catch {
    refuse("cannot record to \(error)")
  }
}
app.installSignals()
do {
  try screen.start()
} catch {
  printError("booking: \(error)\n")
  exit(1)
}
app.run()
let startWork = earlyStartWork ?? beginStartWork()
/// Work no frame waits for, started once the start's frames are drawn (the first, and a
/// resume's restored one): beside them, its threads took the two cores from the frames' work
/// and from the main queue's first turn.
@MainActor func startBackgroundWork() {
  // The airport list reads ~70 zone files and no first frame needs it (a pay link's two
  // airports are read on their own).
  BuiltInAirports.prepare()
  // Temp files of writes cut short by a crash are never read; clear old ones off the main
  // actor, on a queue of their own: blocking file work on `work` would hold up the airline's
  // calls behind it, and a global queue would start libdispatch's thread-pool monitor.
  DispatchQueue(label: "booking.cleanup", qos: .background).async {
    airline.removeStaleTemporaryFiles(olderThan: 10 * 60)
    _ = try? store.removeStaleTemporaryFiles(of: SessionFile.kind, olderThan: 10 * 60)
  }
}
Task(executorPreference: work) { @MainActor in
  for await notice in airline.ledgerNotices { app.ledgerNotice(notice) }
}
if restoring == nil {
  app.startFresh()
  startBackgroundWork()
}
Task(executorPreference: work) { @MainActor in
  let found = await startWork.value
  if let failure = found.recoveryFailure { app.paymentRecoveryFailed(failure) }
  switch found.resumed {
  case .nothing: break
  case .restored(let restoration):
    app.restored(restoration, fromLink: deepLink != nil, saved: found.restoredSave)
  case .bag(let bag): app.bagOpened(bag)
  }
  for payment in found.recovered { app.recovered(payment) }
  // After the frame the restore asked for, which the main queue runs first.
  if restoring != nil { DispatchQueue.main.async { startBackgroundWork() } }
}
dispatchMain()
