import Airline
import Canvas
import Foundation
import Program
import SimulatedAirline
import TestSupport
import Testing

/// A whole program in this process that a test types into: the app's (`Run`) or the workshop
/// bag's (`BagRun`). What a person types is written once, here, for both.
@MainActor
protocol Driving: AnyObject {
  /// The data directory.
  var root: String { get }
  /// The simulated airline on it.
  var airline: SimulatedAirline { get }
  /// The hand-moved clock and the timers on it.
  var clock: ManualClock { get }
  var timers: VirtualTimers { get }
  /// The event log.
  var log: MemoryLog { get }
  /// The screen's text now.
  var text: String { get }
  /// Plays keys for `--replay`.
  var replayer: KeyReplayer? { get set }
  /// Draws the first frame, does the start's work and hands it over, then runs to rest.
  func start() async
  /// Runs the program until nothing is left to do now.
  func settle() async
  /// Keys as the terminal reads them, then the program at rest.
  func press(_ keys: [Key]) async
  /// Removes the data directory.
  func remove()
}

extension Driving {
  /// Keys as the terminal reads them, then the program at rest.
  func press(_ keys: Key...) async { await press(keys) }

  /// `text` typed character by character, then the program at rest.
  func type(_ text: String) async { await press(text.map { Key.character($0) }) }

  /// Moves the clock `seconds` on, firing the timers due (the countdown's seconds, spinner
  /// frames), then runs to rest.
  func advance(by seconds: TimeInterval) async {
    timers.advance(by: seconds)
    await settle()
  }

  // MARK: - Replays

  /// Moves the clock from one timer's deadline to the next (the replayed keys' times, the
  /// countdown's seconds) until the replay has sent its last key, then runs to rest. At most
  /// `steps` moves.
  func replayToEnd(steps: Int = 20_000) async {
    guard let replayer else { return }
    var moves = 0
    while replayer.isPlaying, moves < steps {
      let next = timers.nextDeadline.map { max(0, $0.timeIntervalSince(clock.now)) } ?? 0
      await advance(by: next)
      moves += 1
    }
    await settle()
  }

  /// Moves the clock `seconds` on from one timer's deadline to the next, running to rest at
  /// each: a replayed key held until the program was idle goes at once, and the next one
  /// keeps its gap after it.
  func replay(for seconds: TimeInterval) async {
    let end = clock.now.addingTimeInterval(seconds)
    while let next = timers.nextDeadline, next <= end {
      await advance(by: max(0, next.timeIntervalSince(clock.now)))
    }
    await advance(by: max(0, end.timeIntervalSince(clock.now)))
  }

  // MARK: - A booking, as a person types it

  /// IST to AMS on the form's default day for `passengers`, submitted; at the results.
  func searchIstanbulToAmsterdam(passengers: Int = 1) async {
    await type("ist")
    await press(.enter)
    await type("ams")
    await press(.enter)
    if passengers > 1 {
      await press(.tab)
      for _ in 1..<passengers { await type("+") }
    }
    await press(.control("s"))
  }

  /// The first offer chosen; at passengers.
  func chooseOffer() async { await press(.enter) }

  /// Ada Lovelace and a contact; at extras.
  func fillPassengers() async {
    await press(.right, .tab)
    await type("Ada")
    await press(.tab)
    await type("Lovelace")
    await press(.tab)
    await type("1990-01-01")
    await press(.tab)
    await type("ada@example.com")
    await press(.tab)
    await type("+905551234567")
    await press(.tab, .enter)
  }

  /// Extras as they are; at payment.
  func continueToPayment() async { await type("c") }

  /// A card typed and Pay pressed.
  func pay(card: String = "4242424242424242") async {
    await type(card)
    await press(.tab)
    await type("1230")
    await press(.tab)
    await type("123")
    await press(.tab, .enter)
  }

  /// From the search form to the payment form, one traveller.
  func bookUntilPayment() async {
    await searchIstanbulToAmsterdam()
    await chooseOffer()
    await fillPassengers()
    await continueToPayment()
  }
  // MARK: - Keys

  /// Every traveller typed, then the contact, then Continue (from a form whose focus is on the
  /// first Title); at extras.
  func fill(_ travellers: [Traveller]) async {
    for traveller in travellers {
      await press(.right, .tab)
      await type(traveller.given)
      await press(.tab)
      await type(traveller.family)
      await press(.tab)
      await type(traveller.born)
      await press(.tab)
    }
    await type("ada@example.com")
    await press(.tab)
    await type("+905551234567")
    await press(.tab, .enter)
  }

  /// The cursor's first seat for the first traveller, then the next free seat read off the seat
  /// map for each further one; the seats as the Seats list shows them.
  func pickSeats(for travellers: [Traveller]) async throws -> [String] {
    var seats: [String] = []
    for (index, traveller) in travellers.enumerated() {
      if index > 0 {
        let grid = try #require(SeatGrid(screen: text), "no seat map:\n\(text)")
        let from = try #require(grid.position(of: Character(String(index))), "\(text)")
        let to = try #require(grid.firstFree(after: from), "\(text)")
        await press(SeatGrid.keys(from: from, to: to))
        await press(.enter)
        let seat = try #require(Run.seat(of: traveller, in: text), "\(text)")
        #expect(seat == grid.designator(to), "\(text)")
        seats.append(seat)
      } else {
        await press(.enter)
        seats.append(try #require(Run.seat(of: traveller, in: text), "\(text)"))
      }
    }
    return seats
  }

  /// A card, an expiry and a CVC typed, and Pay pressed.
  func pay(card: String, expiry: String, cvc: String = "123") async {
    await type(card)
    await press(.tab)
    await type(expiry)
    await press(.tab)
    await type(cvc)
    await press(.tab, .enter)
  }

  /// `q`, then yes.
  func quit() async {
    await type("q")
    #expect(text.contains("Quit?"), "\(text)")
    await type("y")
  }
}
