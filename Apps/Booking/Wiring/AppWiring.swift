import Airline
import Domain
import FlowOwner
import Launch
import Presentation
import Program
import Session
import SimulatedAirline
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The real flow's app, wired once, for `booking` and for the program tests alike: the airline
/// the app books with, the services the program talks to (the airline's, through a journal when
/// one records), the environment the features get, the program on the start's first state, and
/// the start's work (the airline settles its own payments; a restore asks the services). What
/// only a process does (the terminal, the locks, the order of the start's work against the first
/// frame) is in `Live/`.
public struct AppWiring: Sendable {
  public let airline: SimulatedAirline
  public let services: BookingServices
  public let environment: AppEnvironment

  /// The wiring of `airline`, its answers written to `journal` when there is one.
  public init(
    airline: SimulatedAirline, journal: JournalFile?, airports: any AirportLookup,
    clock: WallClock, paymentKeys: PaymentKeys = .random()
  ) {
    self.airline = airline
    services =
      journal.map { JournalServices(recording: airline.services, to: $0).services }
      ?? airline.services
    environment = AppEnvironment(
      services: services, airports: airports, fares: SimulatedFares(), clock: clock,
      paymentKeys: paymentKeys)
  }

  /// The program at `startup`'s first state, drawn on `clients`; it writes its actions to
  /// `journal` when there is one, under a header saying how it started.
  @MainActor
  public func program(
    _ startup: Startup, journal: JournalFile?, now: Date, zone: Zone, language: Language,
    saveProblem: String?, clients: ProgramClients, executor: (any TaskExecutor)?
  ) -> Program {
    let program = Program(
      store: Store(
        state: startup.initialState(
          now: now, zone: zone, language: language, saveProblem: saveProblem),
        environment: environment, executor: executor),
      clients: clients)
    if let journal {
      program.journal(
        to: journal,
        header: startup.journalHeader(
          now: now, zone: zone, language: language, paymentSeed: environment.paymentKeys.seed,
          saveProblem: saveProblem))
    }
    return program
  }

  /// The start's work: the payments a crash cut off settled by the airline itself (never
  /// through a journal), then the flow restored through the services.
  public func startWork(
    _ startup: Startup, clock: WallClock, executor: (any TaskExecutor)?
  ) -> Task<Startup.Found, Never> {
    startup.work(settling: airline, services: services, clock: clock, executor: executor)
  }
}
