import Dispatch
import Domain
import FlowOwner
import FoundationEssentials
import Persistence
import Presentation
import Services
import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints `message` and the usage hint to stderr and exits with EX_USAGE, before the terminal is
/// touched.
func refuse(_ message: String) -> Never {
  printError("booking: \(message)\nTry 'booking --help'.\n")
  exit(64)
}

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
var deepLink: DeepLink?
if let url = options.openURL {
  do {
    deepLink = try DeepLink(parsing: url)
  } catch {
    refuse("cannot open \(DomainError.quoted(url)): \(error.description)")
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

let dataDirectory = DataDirectory.resolveForCurrentProcess(explicit: options.dataDirectory)
var notices: [String] = []
var saveProblem: String?
let lock = SessionLock.acquire(in: dataDirectory)
switch lock {
case .heldByAnother:
  printError("booking: a session is already open in \(dataDirectory); close it first.\n")
  exit(1)
case .unavailable(let reason):
  saveProblem = reason
case .locked:
  break
}

let store = RecordStore(root: dataDirectory)
let clock = WallClock.system
let latency = options.latencyMilliseconds.map(Latency.fixed) ?? .realistic
let airline = SimulatedAirline(
  store: store, clock: clock,
  configuration: .init(quoteLifetime: options.quoteTTL, latency: latency))
let environment = AppEnvironment(services: airline.services, clock: clock)
let session = SessionFile(store: store)

var snapshot: BookingSnapshot?
if let deepLink {
  snapshot = deepLink.snapshot
} else if !options.fresh {
  switch session.load() {
  case .none: break
  case .snapshot(let saved): snapshot = saved
  case .unusable(let reason): notices.append(reason)
  }
}

var initialState = RootFeature.State(now: clock.now(), language: options.language)
initialState.notice = notices.first
initialState.saveProblem = saveProblem.map(options.language.strings.cannotSave)
let screen = TerminalScreen(colorMode: .automatic)
// Top-level: the app lives as long as the process.
let app = BookingApp(
  screen: screen, store: Store(state: initialState, environment: environment), session: session,
  initialSnapshot: deepLink == nil ? snapshot : nil, lock: lock)
app.replayer = replayer
app.log = EventLog(dataDirectory: dataDirectory)
let start =
  options.openURL.map { "deep link \(DomainError.quoted($0))" }
  ?? (options.fresh ? "fresh" : snapshot.map { "resume at \($0.position.kind)" } ?? "new")
app.writeLog("start: \(Options.version), \(start), \(options.language)")
if let path = options.recordPath {
  do {
    app.recorder = try KeyRecorder(path: path)
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
// Temp files of writes cut short by a crash are never read; clear old ones off the main actor.
Task.detached(priority: .background) {
  for folder in ["offers", "drafts", "quotes", "bookings", "payments", "paid-quotes", "session"] {
    _ = try? store.removeStaleTemporaryFiles(
      of: RecordKind(folder: folder, schema: 1), olderThan: 10 * 60)
  }
}
if let snapshot, snapshot != .search {
  Task { @MainActor in
    let restoration = await BookingFlow.restore(snapshot, using: airline.services, now: clock.now())
    app.restored(restoration, fromLink: deepLink != nil)
  }
} else {
  app.startFresh()
}
dispatchMain()
