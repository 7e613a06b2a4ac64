import Airline
import Domain
import FlowOwner
import Launch
import Persistence
import Presentation
import Program
import Runtime
import Session
import SimulatedAirline
import Workshop

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the app is made of that it does not make itself: what a process finds and opens (the
/// live parts, `LiveParts`) or a test makes (a temporary data directory, a virtual clock).
public struct AppParts: Sendable {
  /// The data directory's records (the session, the bag's screens).
  public let store: RecordStore
  /// The airline the app books with.
  public let airline: SimulatedAirline
  /// Where the real flow's session is saved.
  public let session: any SessionStore
  /// The airports the search form completes.
  public let airports: any AirportLookup
  /// The wall clock.
  public let clock: WallClock
  /// The keys payments are signed with.
  public let paymentKeys: PaymentKeys
  /// Where the program writes its actions and the airline's answers, if anywhere.
  public let journal: JournalFile?
  /// Why nothing can be saved, if the data directory said so before the first frame.
  public let saveProblem: String?
  /// The link the app was opened with.
  public let link: DeepLink?
  /// In a workshop room: the room's one bag, for `--flow bag`.
  public let room: RoomBag?
  /// Where the tasks' nonisolated work runs (nil: Swift's global executor).
  public let executor: (any TaskExecutor)?

  /// Parts.
  public init(
    store: RecordStore, airline: SimulatedAirline, session: any SessionStore,
    airports: any AirportLookup, clock: WallClock, paymentKeys: PaymentKeys = .random(),
    journal: JournalFile? = nil, saveProblem: String? = nil, link: DeepLink? = nil,
    room: RoomBag? = nil, executor: (any TaskExecutor)? = nil
  ) {
    self.store = store
    self.airline = airline
    self.session = session
    self.airports = airports
    self.clock = clock
    self.paymentKeys = paymentKeys
    self.journal = journal
    self.saveProblem = saveProblem
    self.link = link
    self.room = room
    self.executor = executor
  }
}

/// The app, made once from its options and parts, for `booking` and for the program tests
/// alike: the real flow (its wiring and its start) or the workshop's bag (its start and its
/// screens' file). Its program is then made on the clients it draws on.
public enum BookingApp: Sendable {
  /// The real flow.
  case real(RealBookingApp)
  /// `--flow bag`: the workshop's bag on the same screens, under its own root. It never reads or
  /// writes the real flow's session, and keeps its screens (not its data) in a file of its own.
  case bag(BagBookingApp)

  /// The app `options` ask for, made of `parts`.
  public static func make(options: Options, parts: AppParts) -> BookingApp {
    let wiring = AppWiring(
      airline: parts.airline, journal: parts.journal, airports: parts.airports,
      clock: parts.clock, paymentKeys: parts.paymentKeys)
    switch options.flow {
    case .real:
      return .real(
        RealBookingApp(
          options: options, parts: parts, wiring: wiring,
          startup: Startup(options: options, link: parts.link, session: parts.session)))
    case .bag:
      return .bag(
        BagBookingApp(
          options: options, parts: parts, environment: wiring.environment,
          start: BagStart(link: parts.link, fresh: options.fresh, language: options.language),
          screens: SavedScreensFile(store: parts.store)))
    }
  }
}

/// The real flow's app: the wiring and what the start restores.
public struct RealBookingApp: Sendable {
  /// The options it was made with.
  public let options: Options
  /// Its parts.
  public let parts: AppParts
  /// The airline's services and the features' environment.
  public let wiring: AppWiring
  /// What the start restores, read from the link or the saved session.
  public let startup: Startup

  /// The program at the start's first state at `now` in `zone`, drawn on `clients`; it writes
  /// its actions to the journal when there is one.
  @MainActor
  public func program(now: Date, zone: Zone, clients: ProgramClients) -> Program {
    wiring.program(
      startup, journal: parts.journal, now: now, zone: zone, language: options.language,
      saveProblem: parts.saveProblem, clients: clients, executor: parts.executor)
  }

  /// The start's work: the payments a crash cut off settled by the airline itself, then the
  /// flow restored through the services.
  public func startWork() -> Task<Startup.Found, Never> {
    wiring.startWork(startup, clock: parts.clock, executor: parts.executor)
  }

  /// The line the log starts with, and the first of the start's notices.
  public var startLog: [String] {
    [startup.startLine(options: options)] + startup.notices.prefix(1).map { "notice: " + $0 }
  }
}

/// The workshop bag's app: its start (a link, or the saved screens) and its screens' file.
public struct BagBookingApp: Sendable {
  /// The options it was made with.
  public let options: Options
  /// Its parts.
  public let parts: AppParts
  /// What the features are given.
  public let environment: AppEnvironment
  /// What the bag opens with.
  public let start: BagStart
  /// Where the bag keeps its screens.
  public let screens: SavedScreensFile

  /// The bag's program at `now` in `zone`, drawn on `clients`.
  @MainActor
  public func program(
    now: Date, zone: Zone, clients: ProgramClients
  ) -> FeatureProgram<BagRootFeature> {
    let state = BagRootFeature.State(
      now: now, zone: zone, language: options.language,
      saveProblem: parts.saveProblem.map(options.language.strings.cannotSave))
    let clock = parts.clock
    return FeatureProgram<BagRootFeature>(
      store: FeatureStore(
        BagRootFeature.self, state: state,
        environment: BagRootFeature.Environment(
          app: environment, screens: screens, room: parts.room),
        now: { clock.now() }, executor: parts.executor),
      clients: clients)
  }

  /// The bag's start: what it opens with, or, in a room, the room's bag as the room has it
  /// from the first frame on.
  @MainActor
  public func opened() async -> [BagRootFeature.Action] {
    let opened = await start.work(services: environment.services, screens: screens)
    let empty = parts.room == nil ? nil : BagRootFeature.Action.opened(BookingBag(), notice: nil)
    return (opened ?? empty).map { [$0] } ?? []
  }

  /// The line the log starts with.
  public var startLog: [String] {
    ["start: \(Options.version), bag, \(options.language.rawValue)"]
  }
}
