import Airline
import BookingWiring
import Canvas
import FlowOwner
import Foundation
import Launch
import Persistence
import Presentation
import Program
import Runtime
import Session
import SimulatedAirline
import Workshop

/// `booking --flow bag` in this process, as `booking` runs it: the program over the workshop's
/// root, with the test clients `Run` has, the real simulated airline (no latency) and the bag's
/// saved screens in a temporary data directory. In a room, the airline is the room's shared one
/// and the bag's data is the room's bag.
@MainActor
final class BagRun: Driving {
  let root: String
  let clock: ManualClock
  let timers: VirtualTimers
  let screen: TestScreen
  let log = MemoryLog()
  let airline: SimulatedAirline
  let screens: SavedScreensFile
  let app: BagBookingApp
  let program: FeatureProgram<BagRootFeature>

  /// A bag program started with `arguments` (booking's options) on the data directory `root`
  /// (a new one when nil), its clock at `now`. In a room (`room`), its airline is the one in
  /// `airlineRoot`, shared with the room's other attendees, as `booking --airline-dir` has it.
  init(
    _ arguments: [String] = [], root: String? = nil, now: Date = Run.start,
    airlineRoot: String? = nil, room: RoomBag? = nil
  ) throws {
    let options = try Options.parse(arguments)
    let root = root ?? NSTemporaryDirectory() + "booking-program-" + UUID().uuidString
    self.root = root
    let clock = ManualClock(now)
    self.clock = clock
    timers = VirtualTimers(clock: clock)
    screen = TestScreen(columns: 100, rows: 30)
    let store = RecordStore(root: root)
    airline = SimulatedAirline(
      store: airlineRoot.map { RecordStore(root: $0) } ?? store, clock: clock.wallClock,
      configuration: .init(
        quoteLifetime: options.quoteTTL, latency: .none,
        traveller: airlineRoot.flatMap {
          .of(dataDirectory: root, airlineDirectory: $0, making: true)
        }))
    // The app as `booking --flow bag` makes it, of test parts.
    let parts = AppParts(
      store: store, airline: airline, session: SessionFile(store: store),
      airports: AirportDirectory.builtIn, clock: clock.wallClock,
      paymentKeys: PaymentKeys(seed: 7),
      link: try options.openURL.map { try DeepLink(parsing: $0) }, room: room)
    var bag = options
    bag.flow = .bag
    guard case .bag(let app) = BookingApp.make(options: bag, parts: parts) else {
      preconditionFailure("--flow bag makes the bag's app")
    }
    self.app = app
    screens = app.screens
    program = app.program(
      now: now, zone: .utc,
      clients: ProgramClients(
        screen: screen, timers: timers, clock: clock.wallClock,
        session: SessionFile(store: store), log: log, exit: { _ in }))
  }

  /// Removes the data directory.
  func remove() { try? FileManager.default.removeItem(atPath: root) }

  /// Draws the first frame, does the bag's start (a link, or the saved screens) and hands it
  /// over, as `booking --flow bag` does, then runs to rest.
  func start() async {
    program.run()
    program.handOver(await app.opened())
    await settle()
  }

  func settle() async { await program.settle(timers) }

  func press(_ keys: [Key]) async {
    program.received(keys)
    await settle()
  }

  var text: String { screen.text }

  var replayer: KeyReplayer? {
    get { program.replayer }
    set { program.replayer = newValue }
  }
}
