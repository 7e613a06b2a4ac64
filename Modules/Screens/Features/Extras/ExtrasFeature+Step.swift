import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

extension ExtrasFeature: StepFeature {
  /// A booking step.
  public typealias Composition = BookingSteps

  /// `.extras(draft)`.
  public static func step(of state: State) -> BookingStep {
    .extras(state.draft, chosen: state.chosen)
  }

  /// `.key(key)`.
  public static func keyAction(_ key: Key) -> Action { .key(key) }

  /// `reduce(_:_:environment:strings:)`, its output as a step output.
  public static func reduce(_ state: inout State, _ action: Action, context: StepEnvironment)
    -> FeatureReply<Action, StepOutput>
  {
    reduce(&state, action, environment: context.environment, strings: context.strings)
      .mapOutput {
        switch $0 {
        case .extrasPriced(let quote): .produced(.init(quote: quote))
        case .priceChangeAccepted(let quote): .priceChangeAccepted(quote)
        }
      }
  }

  /// Loads the seat maps.
  public static func onAppear(_ state: State, context: StepEnvironment) -> Effect<Action> {
    onAppear(state, environment: context.environment)
  }

  /// While the seat maps load or the extras are priced.
  public static func isBusy(_ state: State) -> Bool {
    state.pricing || state.seatMaps == .loading
  }

  /// `ExtrasView`.
  public static func draw(
    _ state: State, on canvas: inout Canvas, in rect: Rect, context: StepDrawing
  ) -> [KeyHint] {
    ExtrasView.draw(
      state, on: &canvas, in: rect, theme: context.theme, strings: context.strings,
      language: context.language, spinner: context.spinner)
    return ExtrasView.hints(state, strings: context.strings)
  }
}

extension ExtrasFeature {
  /// Seats, bags and insurance for `draft`: what they carry is its passengers, and what was
  /// chosen there the extras the quote of the step after it prices.
  public static func definition(draft: BookingDraft, chosen: Extras) -> StepDefinition {
    StepDefinition(
      screen: screen(.init(draft: draft, chosen: chosen)),
      summaries: { [$0.strings.passengersSummary(draft.passengers.count)] },
      chosen: { next, language in
        guard let quote = next.quote else { return nil }
        let parts = ChosenExtras.words(quote.extras, language.strings)
        let total = quote.total.formatted(language.moneyStyle)
        guard !parts.isEmpty else { return [total] }
        return [parts.joined(separator: ", "), parts.first ?? total]
      })
  }
}

extension ExtrasFeature {
  /// What the extras draw for the pointer.
  public enum Target: Hashable, Sendable {
    /// A part of the panel (bags, insurance, Continue): focus it, or press it.
    case part(Focus)
    /// A seat on the seat map: pick it for the passenger choosing, as Enter on it does.
    case seat(SeatDesignator)
    /// A passenger's line under the seat map, by their number in the draft: they choose next.
    case seatPassenger(Int)
    /// A passenger's bags line, by their place in the draft.
    case bagPassenger(Int)
    /// The answer to a price the airline changed: accept it, as Enter does.
    case acceptPriceChange
    /// The seat map, which the wheel scrolls.
    case seatMap
  }

  /// One of the extras' targets, or a seat the seat map drew (`SeatMapView.SeatClick`).
  public static func target(_ drawn: any Sendable) -> Target? {
    if let seat = drawn as? SeatMapView.SeatClick { return .seat(seat.seat) }
    return drawn as? Target
  }

  /// The seat map scrolls.
  public static func scrolls(_ target: Target) -> Bool { target == .seatMap }

  /// Each target is reached with Tab and acted on with the key that acts there: Space ticks the
  /// insurance, Enter continues, picks a seat or accepts a new price, a passenger's number
  /// chooses who picks; nothing while pricing or while a new price waits for an answer (but
  /// accepting it).
  public static func point(
    _ pointing: Pointing, at target: Target, on state: State,
    press: (StepPress<Action>) -> State?
  ) {
    switch (pointing, target) {
    case (.wheel(let down), .seatMap):
      guard focus(.seats, state, press) != nil else { return }
      for _ in 0..<Pointing.wheelLines where press(.key(down ? .down : .up)) == nil { return }
    case (.press, .part(let part)):
      guard focus(part, state, press) != nil else { return }
      switch part {
      case .insurance: _ = press(.key(.character(" ")))
      case .proceed: _ = press(.key(.enter))
      case .seats, .bags: break
      }
    case (.press, .seatPassenger(let number)):
      guard (1...9).contains(number), focus(.seats, state, press) != nil else { return }
      _ = press(.key(.character(Character(String(number)))))
    case (.press, .bagPassenger(let index)):
      guard let focused = focus(.bags, state, press) else { return }
      _ = Pointing.move(from: focused.bagPassenger, to: index, press)
    case (.press, .seat(let seat)):
      pick(seat, state, press)
    case (.press, .acceptPriceChange):
      guard state.priceChange != nil else { return }
      _ = press(.key(.enter))
    case (.press, .seatMap), (.wheel, _):
      break
    }
  }

  /// Moves the focus to `part` with Tab; the state then, nil if it could not.
  private static func focus(
    _ part: Focus, _ state: State, _ press: (StepPress<Action>) -> State?
  ) -> State? {
    guard !state.pricing, state.priceChange == nil else { return nil }
    return Pointing.press(
      .tab, from: state, until: { $0.focus == part }, limit: Focus.allCases.count, press)
  }

  /// Moves the seat cursor to `seat` with the arrows and picks it, as Enter does.
  private static func pick(
    _ seat: SeatDesignator, _ state: State, _ press: (StepPress<Action>) -> State?
  ) {
    guard let focused = focus(.seats, state, press), let map = focused.shownMap,
      let cursor = focused.cursor
    else { return }
    let letters = map.columns.compactMap { column -> Character? in
      if case .seat(let letter) = column { return letter.first }
      return nil
    }
    guard let fromColumn = letters.firstIndex(of: cursor.letter),
      let toColumn = letters.firstIndex(of: seat.letter),
      let fromRow = map.rows.firstIndex(of: cursor.row),
      let toRow = map.rows.firstIndex(of: seat.row)
    else { return }
    var now: State? = focused
    let across: Key = toColumn > fromColumn ? .right : .left
    for _ in 0..<abs(toColumn - fromColumn) { now = press(.key(across)) }
    let along: Key = toRow > fromRow ? .down : .up
    for _ in 0..<abs(toRow - fromRow) { now = press(.key(along)) }
    guard now?.cursor == seat else { return }
    _ = press(.key(.enter))
  }
}
