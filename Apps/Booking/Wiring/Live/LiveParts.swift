import Airline
import Dispatch
import Domain
import FlowOwner
import Launch
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

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The parts a process finds and opens for the app, each refused in one line before the
/// terminal is touched when it cannot be used: the link, a recording to replay, the terminal,
/// the data directory and its lock, a room attendee's name, the event log, the journal, the
/// airline and the work queue.
@MainActor
public struct LiveParts {
  /// The options.
  public let options: Options
  /// What the app is made of.
  public let app: AppParts
  /// The work queue: every task's nonisolated work, and the airline actor (see
  /// `SerialTaskExecutor` for why not Swift's global executor).
  public let work: SerialTaskExecutor
  /// The terminal the program draws on.
  public let screen: TerminalScreen
  /// The event log, when it can be written.
  public let log: EventLog?
  /// Keys to replay (`--replay`).
  public let replayer: KeyReplayer?
  /// The data directory's lock, when this process holds it: held for as long as the parts are
  /// (`LiveStart` keeps them for the life of the process; the kernel releases it when the
  /// process ends).
  public let lock: SessionLock?

  /// The parts `options` ask for.
  public static func open(_ options: Options) -> LiveParts {
    let refuse = LiveProcess.refuse
    let stop = LiveProcess.stop
    // The workshop room's attendee this process serves, and the room (`--room DIR --attendee
    // KEY`).
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
        replayer = try KeyReplayer(path: path, speed: options.replaySpeed)
      } catch {
        refuse("cannot replay \(error)")
      }
    }
    LiveProcess.requireTerminal()

    let dataDirectory = DataDirectory.resolveForCurrentProcess(
      explicit: roomAttendee.map { $0.room.attendeeDirectory($0.key) } ?? options.dataDirectory)
    // Like ssh and gpg: a data directory another user could change is not used at all.
    if let problem = DataDirectory.problem(at: dataDirectory) {
      stop("will not use the data directory: \(problem)")
    }
    // The airline's records: the data directory's own, or an airline many travellers share.
    let airlineDirectory = DataDirectory.airlineForCurrentProcess(
      explicit: roomAttendee?.room.airline ?? options.airlineDirectory,
      dataDirectory: dataDirectory)
    if airlineDirectory != dataDirectory, let problem = DataDirectory.problem(at: airlineDirectory)
    {
      stop("will not use the airline directory: \(problem)")
    }
    // The airport list is built after the first frame (`LiveStart`); a pay link's restore,
    // which may ask before then, reads its two airports on their own.
    BuiltInAirports.willPrepare()
    var saveProblem: String?
    let store = RecordStore(root: dataDirectory)
    do {
      // The folders (and any missing parents, as on a machine without ~/.local/share), each
      // 0700. A new one's fsync in its parent is left to the store's first save (the search
      // form's, right after the first frame; the airline's), or made beside a restore
      // (`LiveStart`): the first frame does not wait. The log's folder too, so that one made
      // again is as durable as the rest.
      try store.createRootLeavingSync(subfolders: ["session", EventLog.folder])
    } catch {
      saveProblem = SessionFile.reason(error)
    }
    let lock = SessionLock.acquire(in: dataDirectory)
    // Why this process may not pay: without the data directory's lock it may browse, never pay.
    var paymentsOff: String?
    var held: SessionLock?
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
    case .locked(let lock): held = lock
    }
    if roomAttendee != nil { askName(in: store, dataDirectory: dataDirectory) }
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
    let screen = TerminalScreen(colorMode: .automatic, mouse: options.mouse)
    return LiveParts(
      options: options,
      app: AppParts(
        store: store, airline: airline, session: SessionFile(store: store),
        airports: BuiltInAirports(), clock: clock, journal: journal, saveProblem: saveProblem,
        link: deepLink,
        // In a room, one bag for every attendee: a file in the room's airline folder.
        room: roomAttendee.map { attendee in
          RoomBag(
            file: RoomBagFile(path: attendee.room.bagFile),
            attendee: AttendeeName.saved(in: store)?.text ?? "?")
        }, executor: work),
      work: work, screen: screen, log: log, replayer: replayer, lock: held)
  }

  /// A room's attendee chooses the name the presenter's view shows, once, in the terminal's own
  /// line editing, before the screen starts; the end of input (Ctrl-D, a dropped connection)
  /// ends the process with nothing saved.
  private static func askName(in store: RecordStore, dataDirectory: String) {
    guard AttendeeName.saved(in: store) == nil else { return }
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
      LiveProcess.stop("cannot keep your name in \(dataDirectory): \(error)")
    }
  }

  /// New clients for the program (timers of their own each call): this process's terminal and
  /// clock, its session saved in the data directory.
  public func makeClients() -> ProgramClients {
    ProgramClients(
      screen: screen, timers: DispatchTimers(clock: app.clock), clock: app.clock,
      session: app.session, log: log, exit: { code in exit(code) })
  }
}
