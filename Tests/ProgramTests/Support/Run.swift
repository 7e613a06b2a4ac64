import Airline
import BookingWiring
import Canvas
import Domain
import FlowOwner
import Foundation
import Launch
import Persistence
import Presentation
import Program
import Session
import SimulatedAirline
import Testing

/// The whole program in this process, as `booking` runs it but with its test clients: a test
/// screen that keeps every frame, virtual timers on a hand-moved clock, the event log in memory,
/// and the real session file and simulated airline (no latency) in a temporary data directory.
/// Nothing waits on the wall clock: a test runs the program to rest (`settle`) or moves the
/// clock (`advance`).
@MainActor
final class Run: Driving {
  /// 2026-11-29 12:00:00 UTC.
  nonisolated static let start = Date(timeIntervalSince1970: 1_795_953_600)

  let root: String
  let clock: ManualClock
  let timers: VirtualTimers
  let screen: TestScreen
  let log = MemoryLog()
  let store: RecordStore
  let airline: SimulatedAirline
  let session: any SessionStore
  let startup: Startup
  let program: Program

  /// A program started with `arguments` (booking's options) on the data directory `root` (a
  /// new one when nil), its clock at `now`.
  init(
    _ arguments: [String] = [], root: String? = nil, now: Date = Run.start,
    session: (any SessionStore)? = nil, columns: Int = 100, rows: Int = 30,
    journal: String? = nil
  ) throws {
    let options = try Options.parse(arguments)
    self.root = root ?? NSTemporaryDirectory() + "booking-program-" + UUID().uuidString
    clock = ManualClock(now)
    timers = VirtualTimers(clock: clock)
    screen = TestScreen(columns: columns, rows: rows)
    store = RecordStore(root: self.root)
    let airline = SimulatedAirline(
      store: store, clock: clock.wallClock,
      configuration: .init(quoteLifetime: options.quoteTTL, latency: .none))
    self.airline = airline
    let session = session ?? SessionFile(store: store)
    self.session = session
    let link = try options.openURL.map { try DeepLink(parsing: $0) }
    let journalFile = try journal.map { try JournalFile(path: $0, replacing: false) }
    // The app as `booking` makes it, of test parts; the app's own airports when journaling: a
    // replay reads the journal with them.
    let parts = AppParts(
      store: store, airline: airline, session: session,
      airports: journal == nil ? AirportDirectory.builtIn : BuiltInAirports(),
      clock: clock.wallClock, paymentKeys: PaymentKeys(seed: 7), journal: journalFile,
      link: link)
    guard case .real(let app) = BookingApp.make(options: options, parts: parts) else {
      throw RunError.notTheRealFlow
    }
    self.app = app
    startup = app.startup
    program = app.program(
      now: now, zone: .utc,
      clients: Program.Clients(
        screen: screen, timers: timers, clock: clock.wallClock, session: session, log: log,
        exit: { _ in }))
  }

  /// Why a `Run` could not be made.
  enum RunError: Error { case notTheRealFlow }

  /// The app, made as `booking` makes it: its wiring (the airline, its services through a
  /// journal when one records, the environment) and its start.
  let app: RealBookingApp

  /// Removes the data directory.
  func remove() { try? FileManager.default.removeItem(atPath: root) }

  /// Draws the first frame, does the start's work (payments a crash cut off, a restore) and
  /// hands it over, as `booking` does, then runs to rest.
  func start() async {
    program.run()
    let found = await app.startWork().value
    if startup.restoring == nil { program.startFresh() }
    startup.deliver(found, to: program)
    program.restoredPathSaved(
      startup.save(found, through: session, restoredSave: RestoredSave()))
    await settle()
  }

  /// Runs the program until nothing is left to do now: work queued for after this turn (a
  /// frame), and the airline's replies.
  func settle() async { await program.settle(timers) }

  /// Keys as the terminal reads them, then the program at rest.
  func press(_ keys: [Key]) async {
    program.received(keys)
    await settle()
  }

  /// Plays keys for `--replay`.
  var replayer: KeyReplayer? {
    get { program.replayer }
    set { program.replayer = newValue }
  }

  /// The screen's text now.
  var text: String { screen.text }

  /// The header row.
  var header: String { String(text.prefix { $0 != "\n" }) }

  /// The flow's current step.
  var current: StepKind { program.store.state.current }

  /// The code the program ended with, if it has.
  var exitCode: Int32? { program.exitCode }
}
