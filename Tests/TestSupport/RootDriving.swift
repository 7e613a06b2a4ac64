import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import Runtime

/// Something that holds the environment the root feature runs in (a test's airline and clock).
public protocol AppWorld {
  var environment: AppEnvironment { get }
}

/// Runs `effect` to completion, feeding each result back into `reduce`, in order (what follows
/// a group of a sequence once its jobs are back); returns every command asked for on the way,
/// in order, `effect`'s own first.
@discardableResult
public func settle<State, Action: Sendable>(
  _ state: inout State, _ effect: Effect<Action>,
  _ reduce: (inout State, Action) -> Effect<Action>
) async -> [Runtime.Command] {
  var commands = effect.commands
  var pending = effect.groups
  while !pending.isEmpty {
    let group = pending.removeFirst()
    for job in group.jobs {
      let action = await job.run()
      let next = reduce(&state, action)
      commands += next.commands
      pending += next.groups
    }
    if let rest = group.continuation {
      commands += rest.commands
      pending += rest.groups
    }
  }
  return commands
}

/// Sends `actions` to the root feature one by one, running every effect to completion; returns
/// the commands they asked for, in order.
@discardableResult
public func drive(
  _ state: inout RootFeature.State, _ actions: [RootFeature.Action], _ world: some AppWorld
) async -> [Runtime.Command] {
  var commands: [Runtime.Command] = []
  let edges = PathEdges.current
  for action in actions {
    let before = state.flow.path
    let effect = RootFeature.reduce(
      &state, action, at: world.environment.clock.now(), environment: world.environment)
    edges?.note(from: before, to: state.flow.path)
    commands += await settle(&state, effect) { state, action in
      let before = state.flow.path
      defer { edges?.note(from: before, to: state.flow.path) }
      return RootFeature.reduce(
        &state, action, at: world.environment.clock.now(), environment: world.environment)
    }
  }
  return commands
}

/// Keys for a string typed character by character.
public func typed(_ text: String) -> [Key] { text.map { Key.character($0) } }

/// Root key actions for a string typed character by character.
public func keys(_ text: String) -> [RootFeature.Action] { typed(text).map { .key($0) } }

/// Root key actions typing a card on the payment form: number, Tab, expiry 12/30, Tab, CVC 123
/// (focus ends on the CVC).
public func cardKeys(_ number: String = "4242424242424242") -> [RootFeature.Action] {
  keys(number) + [.key(.tab)] + keys("1230") + [.key(.tab)] + keys("123")
}

extension RootFeature.State {
  /// The root resumed at payment on a literal quote expiring `seconds` after `Fixture.now`, its
  /// flow walked from the fixture search (its screens built, their work not run); and the quote.
  public static func atPayment(expiringIn seconds: TimeInterval = 15 * 60) throws -> (
    state: Self, quote: Quote
  ) {
    let offer = try Fixture.offer("o1")
    let draft = try Fixture.draft("d1", for: offer)
    let quote = try Fixture.quote(
      "q1", for: draft, expiresAt: Fixture.now.addingTimeInterval(seconds))
    var flow = BookingFlow()
    let criteria = try Fixture.criteria()
    _ = flow.searchSubmitted(criteria)
    _ = flow.offerSelected(offer, from: .results(criteria))
    _ = flow.passengersSaved(draft, from: .passengers(offer, prefill: .empty))
    _ = flow.extrasPriced(quote, from: .extras(draft))
    var state = RootFeature.State(now: Fixture.now)
    _ = RootFeature.reduce(
      &state, .restored(Restoration(flow: flow, outcome: .resumed(at: .payment))),
      at: AppEnvironment.test().clock.now(), environment: .test())
    return (state, quote)
  }
}

/// The arrow keys that move the extras' seat cursor to the first taken seat after it, row by
/// row (its own row first): a scene that shows a taken seat refused reaches one whatever the
/// flight's cabin holds. None when the extras are not shown or no later seat is taken.
public func arrowsToTakenSeat(_ state: RootFeature.State) -> [RootFeature.Action] {
  guard let extras = state.steps.last?.screen.state(ExtrasFeature.self),
    let map = extras.shownMap, let cursor = extras.cursor,
    let target = map.seats.first(where: { $0.occupied && $0.designator > cursor })
  else { return [] }
  let letters = map.columns.compactMap { column -> Character? in
    if case .seat(let letter) = column { return letter.first }
    return nil
  }
  guard let fromRow = map.rows.firstIndex(of: cursor.row),
    let toRow = map.rows.firstIndex(of: target.row),
    let fromColumn = letters.firstIndex(of: cursor.letter),
    let toColumn = letters.firstIndex(of: target.letter)
  else { return [] }
  let across: Key = toColumn >= fromColumn ? .right : .left
  return Array(repeating: RootFeature.Action.key(.down), count: toRow - fromRow)
    + Array(repeating: .key(across), count: abs(toColumn - fromColumn))
}
