import Airline
import BookingWiring
import Dispatch
import Domain
import FlowOwner
import Persistence
import Presentation
import Program
import Recording
import Room
import Runtime
import Session
import SimulatedAirline
import Terminal
import Workshop
import Zones

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The wiring: parse the options, make the live clients, run the program. What the program does
// is in the Program module, tested there without a terminal.

/// Prints `message` on one line of stderr and exits with EX_USAGE, before the terminal is
/// touched (as the README promises: one line, the reason).
func refuse(_ message: String) -> Never {
  printError("booking: \(message)\n")
  exit(64)
}

/// Says why in one line and exits 1, before the terminal is touched.
func stop(_ message: String) -> Never {
  printError("booking: \(message)\n")
  exit(1)
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
if options.showHelp || options.showVersion {
  print(options.showHelp ? Options.usage : Options.version)
  exit(0)
}
if let format = options.diagram {
  print(FlowDiagram.render(format), terminator: "")
  exit(0)
}
if let path = options.replayJournalPath {
  // No terminal and no data directory: the journal holds all it needs.
  Task { @MainActor in
    do throws(JournalReplay.Problem) {
      print(
        JournalReplay.report(
          try await JournalReplay.play(
            path: path, airports: BuiltInAirports(), fares: SimulatedFares())), terminator: "")
      exit(0)
    } catch {
      printError("booking: cannot replay the journal \(path): \(error)\n")
      // EX_NOINPUT when it cannot be read, EX_DATAERR when it is not a journal this can play.
      exit(error.line == 0 ? 66 : 65)
    }
  }
  dispatchMain()
}
/// Hands `program` the keys waiting on `screen`, and then the hang-up if the reads met the
/// input's end. A wake of the read source with nothing to read is not a hang-up: a resize's
/// drain may have taken the bytes it was for.
@MainActor func drain<Root: ProgramRoot>(
  _ screen: TerminalScreen, into program: FeatureProgram<Root>
) {
  program.received(screen.readKeys())
  if screen.inputEnded { program.hungUp() }
}

/// Connects `program`, whichever root it runs, to the terminal `screen` and draws its first
/// frame: the signals, the colours, the screen, then the keys. Returns the keys' source.
@MainActor func connect<Root: ProgramRoot>(
  _ program: FeatureProgram<Root>, to screen: TerminalScreen
) -> any DispatchSourceRead {
  // Taken before the screen starts, so ncurses sees the signals taken and leaves them alone.
  screen.installSignalHandlers(
    onTerminate: { signal in program.terminating(on: signal) },
    onResize: { drain(screen, into: program) },
    onInterrupt: { program.interrupted() })
  // Asked once the signals are taken (a Ctrl-C meanwhile waits for the program), before
  // ncurses starts.
  program.colorTheme = options.theme.theme(
    asked: { TerminalBackground.ask(input: screen.inputDescriptor, output: 1) },
    colorFGBG: getenv("COLORFGBG").map { String(cString: $0) })
  do {
    try screen.start()
  } catch {
    stop("\(error)")
  }
  let source = DispatchSource.makeReadSource(fileDescriptor: screen.inputDescriptor, queue: .main)
  source.setEventHandler {
    MainActor.assumeIsolated { drain(screen, into: program) }
  }
  source.resume()
  program.onEnd = { source.cancel() }
  program.run()
  return source
}

if let directory = options.watchRoom {
  // The presenter's view: reads the room's files, writes nothing, keeps no session.
  guard TerminalScreen.isTerminal(0), TerminalScreen.isTerminal(1) else {
    stop("needs a terminal: run it directly in a terminal window, not in a pipe.")
  }
  if let problem = TerminalScreen.terminalProblem() { stop("\(problem)") }
  let room = RoomDirectory(root: directory)
  var folder = stat()
  guard stat(room.attendees, &folder) == 0, (folder.st_mode & S_IFMT) == S_IFDIR else {
    stop(
      "\(directory) is not a room: it has no attendees/ folder (Tools/scripts/room up makes one).")
  }
  let clock = WallClock.system
  let screen = TerminalScreen(colorMode: .automatic, mouse: false)
  let program = FeatureProgram<RoomWatch>(
    store: FeatureStore(
      RoomWatch.self,
      state: RoomWatch.State(
        now: clock.now(), picture: RoomPicture(name: room.name()), language: options.language),
      environment: .live(RoomReader(room: room)), now: { clock.now() }),
    clients: ProgramClients(
      screen: screen, timers: DispatchTimers(clock: clock), clock: clock, session: MemorySession(),
      exit: { code in exit(code) }))
  MainActor.assumeIsolated { _ = connect(program, to: screen) }
  dispatchMain()
}
/// The workshop room's attendee this process serves, and the room (`--room DIR --attendee KEY`).
var roomAttendee: (room: RoomDirectory, key: AttendeeKey)?
if let directory = options.room, let fingerprint = options.attendee {
  do {
    roomAttendee = (RoomDirectory(root: directory), try AttendeeKey(fingerprint: fingerprint))
  } catch {
    refuse(error.description)
  }
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
  stop("needs a terminal: run it directly in a terminal window, not in a pipe.")
}
if let problem = TerminalScreen.terminalProblem() { stop("\(problem)") }

let dataDirectory = DataDirectory.resolveForCurrentProcess(
  explicit: roomAttendee.map { $0.room.attendeeDirectory($0.key) } ?? options.dataDirectory)
// Like ssh and gpg: a data directory another user could change is not used at all.
if let problem = DataDirectory.problem(at: dataDirectory) {
  stop("will not use the data directory: \(problem)")
}
// The airline's records: the data directory's own, or an airline many travellers share.
let airlineDirectory = DataDirectory.airlineForCurrentProcess(
  explicit: roomAttendee?.room.airline ?? options.airlineDirectory, dataDirectory: dataDirectory)
if airlineDirectory != dataDirectory, let problem = DataDirectory.problem(at: airlineDirectory) {
  stop("will not use the airline directory: \(problem)")
}
// The airport list is built after the first frame (below); a pay link's restore, which may ask
// before then, reads its two airports on their own.
BuiltInAirports.willPrepare()
var saveProblem: String?
let store = RecordStore(root: dataDirectory)
do {
  // The folders (and any missing parents, as on a machine without ~/.local/share), each 0700.
  // A new one's fsync in its parent is left to the store's first save (the search form's, right
  // after the first frame; the airline's), or made beside a restore (below): the first frame
  // does not wait. The log's folder too, so that one made again is as durable as the rest.
  try store.createRootLeavingSync(subfolders: ["session", EventLog.folder])
} catch {
  saveProblem = SessionFile.reason(error)
}
// Held for the life of the process: the kernel releases it when the process ends.
let lock = SessionLock.acquire(in: dataDirectory)
/// Why this process may not pay: without the data directory's lock it may browse, never pay.
var paymentsOff: String?
switch lock {
case .heldByAnother:
  stop(
    roomAttendee == nil
      ? "a session is already open in \(dataDirectory); close it first."
      : "you are already in the room with this key in another window; that one carries on.")
case .refused(let reason): stop(reason)
case .unavailable(let reason):
  saveProblem = saveProblem ?? reason
  paymentsOff = "the data directory could not be locked: \(reason)"
case .locked: break
}
// A room's attendee chooses the name the presenter's view shows, once, in the terminal's own
// line editing, before the screen starts; the end of input (Ctrl-D, a dropped connection) ends
// the process with nothing saved.
if roomAttendee != nil, AttendeeName.saved(in: store) == nil {
  guard
    let name = AttendeeName.ask(
      read: { readLine(strippingNewline: true) },
      write: { text in
        let bytes = Array(text.utf8)
        _ = write(1, bytes, bytes.count)
      })
  else {
    print("")
    exit(0)
  }
  do {
    try name.save(in: store)
  } catch {
    stop("cannot keep your name in \(dataDirectory): \(error)")
  }
}
let log: EventLog?
switch EventLog.open(dataDirectory: dataDirectory) {
case .log(let opened): log = opened
case .unwritable: log = nil
case .refused(let reason): stop(reason)
}

let clock = WallClock.system
let journal: JournalFile?
do {
  journal = try options.journalPath.map { path throws(SystemError) in
    try JournalFile(path: path, replacing: options.force)
  }
} catch {
  refuse("cannot write the journal \(error)")
}
// Every task's nonisolated work, and the airline actor, run on one serial queue: see
// `SerialTaskExecutor` for why not Swift's global executor.
let work = SerialTaskExecutor(label: "booking.work")
let airline = SimulatedAirline(
  store: airlineDirectory == dataDirectory ? store : RecordStore(root: airlineDirectory),
  clock: clock,
  configuration: .init(
    quoteLifetime: options.quoteTTL,
    latency: options.latencyMilliseconds.map(Latency.fixed) ?? .realistic,
    paymentsOff: paymentsOff,
    priceChanges: PriceChanges(rawValue: options.priceChanges) ?? .seeded,
    traveller: .of(
      dataDirectory: dataDirectory, airlineDirectory: airlineDirectory, making: true),
    executor: work))
// With a journal, every answer of the airline passes through it.
let wiring = AppWiring(
  airline: airline, journal: journal, airports: BuiltInAirports(), clock: clock)
let environment = wiring.environment
let session = SessionFile(store: store)

/// The real flow's start (nil: the bag's): what it restores, read from the link or the saved
/// session.
let startup =
  options.flow == .real ? Startup(options: options, link: deepLink, session: session) : nil
/// The restored path's save, shared by the start's work and the program.
let restoredSave = RestoredSave()
/// The start's work: payments a crash cut off settled, then a flow restored; and its path's save,
/// which follows it on the work queue while the program draws the path (shown once saved).
typealias StartWork = (found: Task<Startup.Found, Never>, saved: Task<SessionSave?, Never>)
func startWork(_ startup: Startup) -> StartWork {
  let found = wiring.startWork(startup, clock: clock, executor: work)
  let saved = Task(executorPreference: work) {
    startup.save(await found.value, through: session, restoredSave: restoredSave)
  }
  return (found, saved)
}
// A flow to restore: its work (file reads, decoding, the restored path's save) starts here,
// before the terminal and the time zone are set up, beside them and the first frame, and the new
// folders' syncs, which its save would otherwise make first, start at once on a queue of their
// own. A fresh start has only the payment check to do: it starts after the first frame, which
// then waits for neither it nor its thread. The work queue being serial, it is done before any
// payment is made.
let earlyStartWork = startup.flatMap { startup -> StartWork? in
  guard startup.restoring != nil else { return nil }
  store.syncNewFoldersAhead()
  return startWork(startup)
}
let screen = TerminalScreen(colorMode: .automatic, mouse: options.mouse)
let zone = ZoneSource.live.machineZone()
let clients = ProgramClients(
  screen: screen, timers: DispatchTimers(clock: clock), clock: clock, session: session, log: log,
  exit: { code in exit(code) })
/// The terminal's input, read for as long as the program runs.
var keys: (any DispatchSourceRead)?

/// Connects `program`, whichever root it runs, to the terminal and draws its first frame: the
/// replay, the recording, the log's first lines, then `connect`.
@MainActor func launch<Root: ProgramRoot>(_ program: FeatureProgram<Root>, log lines: [String]) {
  program.replayer = replayer
  for line in lines { program.writeLog(line) }
  if let saveProblem { program.writeLog("cannot save: " + saveProblem) }
  if let path = options.recordPath {
    do {
      let recorder = try KeyRecorder(path: path, replacing: options.force, clock: clock)
      recorder.onFailure = { reason in program.recordingStopped(reason) }
      program.recorder = recorder
    } catch {
      refuse("cannot record to \(error)")
    }
  }
  keys = connect(program, to: screen)
}

/// Work no frame waits for, started once the start's frames are drawn (the first, and a
/// resume's restored one): beside them, its threads took the two cores from the frames' work.
@MainActor func startBackgroundWork() {
  // The airport list reads ~70 zone files and no first frame needs it.
  BuiltInAirports.prepare()
  // Temp files of writes cut short by a crash are never read; cleared on a queue of their own,
  // off the work queue (the airline's calls would wait behind it).
  DispatchQueue(label: "booking.cleanup", qos: .background).async {
    airline.removeStaleTemporaryFiles(olderThan: 10 * 60)
    _ = try? store.removeStaleTemporaryFiles(of: SessionFile.kind, olderThan: 10 * 60)
  }
}

if let startup {
  let startedAt = clock.now()
  let program = wiring.program(
    startup, journal: journal, now: startedAt, zone: zone, language: options.language,
    saveProblem: saveProblem, clients: clients, executor: work)
  program.restoredSave = restoredSave
  launch(
    program,
    log: [startup.startLine(options: options)] + startup.notices.prefix(1).map { "notice: " + $0 })
  let (found, saved) = earlyStartWork ?? startWork(startup)
  Task(executorPreference: work) { @MainActor in
    for await notice in airline.ledgerNotices { program.ledgerNotice(notice) }
  }
  if startup.restoring == nil {
    program.startFresh()
    startBackgroundWork()
  }
  Task(executorPreference: work) { @MainActor in
    startup.deliver(await found.value, to: program)
    program.restoredPathSaved(await saved.value)
    // After the frame the restore asked for, which the main queue runs first.
    if startup.restoring != nil { DispatchQueue.main.async { startBackgroundWork() } }
    // After the payments were settled and the start's frames drawn: expired offers, drafts and
    // quotes no one needs go, a bounded share per start. Its reads (folders of a hundred
    // thousand) on a queue of their own; its removals on the airline, between its other calls.
    let kept = startup.keptRecords
    DispatchQueue.main.async {
      DispatchQueue(label: "booking.sweep", qos: .background).async {
        let plan = airline.planSweep(keeping: kept, budget: 300)
        Task(executorPreference: work) {
          _ = await airline.sweep(plan)
          _ = await airline.releaseExpiredHolds()
        }
      }
    }
  }
} else {
  // The workshop's bag on the same screens, under its own root: it never reads or writes the
  // real flow's session, and keeps its screens (not its data) in a file of its own.
  let screens = SavedScreensFile(store: store)
  var state = BagRootFeature.State(now: clock.now(), zone: zone, language: options.language)
  state.shell.saveProblem = saveProblem.map(options.language.strings.cannotSave)
  let program = FeatureProgram<BagRootFeature>(
    store: FeatureStore(
      BagRootFeature.self, state: state,
      environment: BagRootFeature.Environment(
        app: environment, screens: screens,
        // In a room, one bag for every attendee: a file in the room's airline folder.
        room: roomAttendee.map { attendee in
          RoomBag(
            file: RoomBagFile(path: attendee.room.bagFile),
            attendee: AttendeeName.saved(in: store)?.text ?? "?")
        }),
      now: { clock.now() }, executor: work),
    clients: clients)
  let start = BagStart(link: deepLink, fresh: options.fresh, language: options.language)
  launch(program, log: ["start: \(Options.version), bag, \(options.language.rawValue)"])
  Task(executorPreference: work) { @MainActor in
    for await notice in airline.ledgerNotices { program.ledgerNotice(notice) }
  }
  Task(executorPreference: work) { @MainActor in
    let opened = await start.work(services: environment.services, screens: screens)
    // In a room the bag is the room's: shown as the room has it from the first frame on.
    let empty = roomAttendee == nil ? nil : BagRootFeature.Action.opened(BookingBag(), notice: nil)
    program.handOver((opened ?? empty).map { [$0] } ?? [])
    startBackgroundWork()
  }
}
dispatchMain()
