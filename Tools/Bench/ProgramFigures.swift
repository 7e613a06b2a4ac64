import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Persistence
import Presentation
import Program
import Session
import SimulatedAirline

/// A program at rest on virtual timers and a screen that keeps nothing: keys go in, and `settle`
/// runs what they started (frames, the airline's replies) to its end.
@MainActor
final class BenchProgram {
  let timers: VirtualTimers
  let program: Program

  init(airline: SimulatedAirline, clock: ManualClock, screen: any Screen) {
    timers = VirtualTimers(clock: clock)
    let environment = AppEnvironment(
      services: airline.services, airports: AirportDirectory.builtIn, fares: SimulatedFares(),
      clock: clock.wallClock, paymentKeys: PaymentKeys(seed: 1))
    program = Program(
      store: Store(state: RootFeature.State(now: clock.now), environment: environment),
      clients: Program.Clients(
        screen: screen, timers: timers, clock: clock.wallClock, session: MemorySession(),
        exit: { _ in }))
    program.run()
  }

  func settle() async { await program.settle(timers) }

  func send(_ keys: [Key]) async {
    program.received(keys)
    await settle()
  }
}

/// The keys from the search form to payment, one traveller, as a person types them, in the
/// batches a terminal delivers them: the one walk of the bench's that presses a key per screen.
let keysToPayment: [[Key]] = {
  func typed(_ text: String) -> [Key] { text.map { Key.character($0) } }
  return [
    typed("ist"), [.enter], typed("ams"), [.enter], [.control("s")],  // search → results
    [.enter],  // the first offer → passengers
    [.right, .tab], typed("Ada"), [.tab], typed("Lovelace"), [.tab], typed("1990-01-01"), [.tab],
    typed("ada@example.com"), [.tab], typed("+905551234567"), [.tab, .enter],  // → extras
    typed("c"),  // → payment
  ]
}()

/// The keys of a whole booking from the search form: to payment, then the card and Pay.
let wholeBookingKeys: [[Key]] =
  keysToPayment + [
    "4242424242424242".map { Key.character($0) }, [.tab], "1230".map { Key.character($0) },
    [.tab], "123".map { Key.character($0) }, [.tab, .enter],
  ]

/// A key through the program, and a whole booking in process, each beside what the app did
/// before the program existed (the store, then a whole redraw), in one run.
@MainActor
func programFigures(scratch: String, clock: ManualClock) async throws -> [Measurement] {
  var figures: [Measurement] = []
  let airline = SimulatedAirline(
    store: RecordStore(root: scratch + "/program"), clock: clock.wallClock,
    configuration: .init(latency: .none))
  // At the results of one search: Down and Up move the selection.
  let atResults = BenchProgram(airline: airline, clock: clock, screen: NoScreen())
  for keys in wholeBookingKeys.prefix(5) { await atResults.send(keys) }
  guard atResults.program.store.state.current == .results else { fail("not at the results") }
  var flip = false
  figures.append(
    await Measurement.timeAsync(
      "a key through the program (results, 100x30, no terminal)", unit: .microseconds,
      target: "-", runs: 2000
    ) {
      flip.toggle()
      await atResults.send([flip ? .down : .up])
    })
  // At the search form, typing into From as the room's attendees do: three letters, then three
  // Backspaces, each key drawn with the airports it suggests.
  let atSearch = BenchProgram(airline: airline, clock: clock, screen: NoScreen())
  let typing: [Key] =
    Array("ist").map { Key.character($0) } + Array(repeating: .backspace, count: 3)
  var typed = 0
  figures.append(
    await Measurement.timeAsync(
      "a key typed in From, its airports suggested (search form, no terminal)",
      unit: .microseconds, target: "-", runs: 2000
    ) {
      await atSearch.send([typing[typed % typing.count]])
      typed += 1
    })
  let store = atResults.program.store
  var canvas = Canvas(width: 100, height: 30)
  figures.append(
    Measurement.time(
      "a key through the store and a whole redraw (results, 100x30)", unit: .microseconds,
      target: "-", runs: 2000
    ) {
      flip.toggle()
      store.send(.key(flip ? .down : .up))
      RootView.draw(store.state, on: &canvas, theme: .color)
    })
  figures.append(
    try await Measurement.timeAsync(
      "a whole booking in process (keys to confirmation, zero latency)", target: "-", runs: 20
    ) {
      let booking = BenchProgram(airline: airline, clock: clock, screen: NoScreen())
      for keys in wholeBookingKeys { await booking.send(keys) }
      guard booking.program.store.state.current == .confirmation else {
        throw BenchFailure("the booking ended at \(booking.program.store.state.current)")
      }
    })
  figures.append(
    try await Measurement.timeAsync(
      "a whole booking through the store and whole redraws, no program", target: "-", runs: 20
    ) {
      let environment = AppEnvironment(
        services: airline.services, airports: AirportDirectory.builtIn, fares: SimulatedFares(),
        clock: clock.wallClock, paymentKeys: PaymentKeys(seed: 1))
      let store = Store(state: RootFeature.State(now: clock.now), environment: environment)
      var canvas = Canvas(width: 100, height: 30)
      store.send(.key(.resize(width: 100, height: 30)))
      for keys in wholeBookingKeys {
        for key in keys { store.send(.key(key)) }
        await store.idle()
        RootView.draw(store.state, on: &canvas, theme: .color)
      }
      guard store.state.current == .confirmation else {
        throw BenchFailure("the booking ended at \(store.state.current)")
      }
    })
  return figures
}

struct BenchFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
