import Canvas
import Domain
import Runtime
import Widgets

extension RootFeature {
  /// How many lines one turn of the wheel moves.
  public static let wheelLines = 3

  /// The click target drawn on top at column `x`, row `y` of the screen `state` shows (at the
  /// size the shell knows), of those `accepting` takes: the state rendered once with its regions
  /// kept. Nothing is rendered this way unless the mouse is used.
  public static func target(
    atX x: Int, y: Int, in state: State, accepting: (ClickTarget) -> Bool = { _ in true }
  ) -> ClickTarget? {
    var canvas = Canvas(width: state.shell.screenWidth, height: state.shell.screenHeight)
    canvas.recordRegions()
    RootView.draw(state, on: &canvas, theme: .monochrome)
    for region in (canvas.regions ?? []).reversed()
    where region.rect.x <= x && x < region.rect.maxX && region.rect.y <= y && y < region.rect.maxY {
      let target: ClickTarget? =
        if let target = region.target as? ClickTarget {
          target
        } else if let seat = region.target as? SeatMapView.SeatClick {
          .seat(seat.seat)
        } else {
          nil
        }
      if let target, accepting(target) { return target }
    }
    return nil
  }

  /// A click or a turn of the wheel: what is under the pointer, done as the keys that do it
  /// would be (each one through `keyReduce`, so the path's rules hold: a click never does what
  /// keys could not). While help or the inspector is open the wheel scrolls it, and nothing else
  /// acts while a box is open or a saved flow is being restored; a press with Shift, Alt or Ctrl
  /// held, a release or another button does nothing.
  static func mouse(_ state: inout State, _ event: MouseEvent, _ environment: AppEnvironment)
    -> Effect<Action>
  {
    state.lastKey = .ignored
    let plain = event.pressed && !event.shift && !event.alt && !event.control
    var keys = KeyRun(environment: environment)
    if plain, event.isWheel, state.shell.modal == .help || state.shell.modal == .inspector {
      for _ in 0..<wheelLines { keys.send(event.button == .wheelDown ? .down : .up, &state) }
      state.lastKey = .used
      return keys.effect
    }
    guard plain, event.button == .left || event.isWheel, state.shell.modal == nil,
      state.restoring == nil
    else { return .none }
    if event.isWheel {
      guard
        case .scrolls(let scroller)? = target(
          atX: event.x, y: event.y, in: state,
          accepting: { if case .scrolls = $0 { true } else { false } })
      else { return .none }
      keys.scroll(scroller, down: event.button == .wheelDown, in: &state)
    } else {
      guard let target = target(atX: event.x, y: event.y, in: state) else { return .none }
      keys.click(target, in: &state)
    }
    state.lastKey = keys.acted ? .used : .ignored
    return keys.effect
  }
}

/// Keys sent one after another on behalf of a click, with their work gathered.
private struct KeyRun {
  let environment: AppEnvironment
  var effect: Effect<RootFeature.Action> = .none
  /// Whether any key was sent.
  var acted = false

  init(environment: AppEnvironment) { self.environment = environment }

  /// Sends `key` as if pressed.
  mutating func send(_ key: Key, _ state: inout RootFeature.State) {
    acted = true
    effect = .batch([effect, RootFeature.keyReduce(&state, key, environment)])
  }

  /// Sends `key` until `done` holds, at most `limit` times; false if it never did.
  @discardableResult
  mutating func send(
    _ key: Key, until done: (RootFeature.State) -> Bool, limit: Int,
    _ state: inout RootFeature.State
  ) -> Bool {
    var count = 0
    while !done(state) {
      guard count < limit, state.shell.modal == nil else { return false }
      send(key, &state)
      count += 1
    }
    return true
  }

  /// Moves a list's highlight from `from` to `to` with the arrows.
  mutating func move(from: Int, to: Int, _ state: inout RootFeature.State) {
    let key: Key = to > from ? .down : .up
    for _ in 0..<abs(to - from) { send(key, &state) }
  }

  /// The state of the current step's screen, when it is shown by `feature`.
  static func screen<Feature: StepFeature>(_ feature: Feature.Type, _ state: RootFeature.State)
    -> Feature.State? where Feature.Composition == BookingSteps
  {
    guard state.trips == nil else { return nil }
    return state.steps.last?.screen.state(feature)
  }

  mutating func click(_ target: ClickTarget, in state: inout RootFeature.State) {
    switch target {
    case .pathStep(let index):
      // Esc, as many times as it takes: a screen may use the first to close what it has open.
      let limit = 2 * state.steps.count
      send(
        .escape, until: { $0.steps.count <= index + 1 || !$0.flow.canGoBack }, limit: limit, &state)
    case .searchField(let field):
      guard state.trips == nil, state.steps.isEmpty else { return }
      // Shift-Tab moves focus and takes no suggestion on the way (Tab would).
      send(
        .backTab, until: { $0.search.focus == field }, limit: SearchFeature.Field.allCases.count,
        &state)
    case .suggestion(let index):
      guard state.trips == nil, state.steps.isEmpty else { return }
      move(from: state.search.suggestion, to: index, &state)
      send(.enter, &state)
    case .searchButton:
      guard state.trips == nil, state.steps.isEmpty else { return }
      send(.control("s"), &state)
    case .offer(let index):
      guard let results = Self.screen(ResultsFeature.self, state), !results.choosingAirlines,
        !results.showsDetails, results.listed.indices.contains(index)
      else { return }
      move(from: results.selected, to: index, &state)
      send(.enter, &state)
    case .fareDay(let day):
      guard Self.screen(ResultsFeature.self, state) != nil, let entry = state.steps.last else {
        return
      }
      acted = true
      let context = RootFeature.stepEnvironment(state, environment)
      guard
        let reply = state.stack.send(
          ResultsFeature.action(.chooseDay(day)), to: entry.id, context: context,
          embed: RootFeature.embed)
      else { return }
      effect = .batch([effect, RootFeature.handle(&state, reply, environment).effect])
    case .airline(let index):
      guard let results = Self.screen(ResultsFeature.self, state), results.choosingAirlines,
        results.airlines.indices.contains(index)
      else { return }
      move(from: results.airlineCursor, to: index, &state)
      send(.character(" "), &state)
    case .passengerField(let field):
      guard let form = Self.screen(PassengersFeature.self, state), !form.saving else { return }
      let reached = send(
        .backTab,
        until: { Self.screen(PassengersFeature.self, $0)?.focus == field },
        limit: form.fieldOrder.count, &state)
      if reached, field == .proceed { send(.enter, &state) }
    case .paymentField(let field):
      guard let form = Self.screen(PaymentFeature.self, state), !form.paying else { return }
      let reached = send(
        .backTab,
        until: { Self.screen(PaymentFeature.self, $0)?.focus == field },
        limit: PaymentFeature.Field.allCases.count, &state)
      if reached, field == .pay { send(.enter, &state) }
    case .extras(let focus):
      guard focusExtras(focus, &state) else { return }
      switch focus {
      case .insurance: send(.character(" "), &state)
      case .proceed: send(.enter, &state)
      case .seats, .bags: break
      }
    case .seatPassenger(let number):
      guard (1...9).contains(number), focusExtras(.seats, &state) else { return }
      send(.character(Character(String(number))), &state)
    case .bagPassenger(let index):
      guard focusExtras(.bags, &state), let extras = Self.screen(ExtrasFeature.self, state) else {
        return
      }
      move(from: extras.bagPassenger, to: index, &state)
    case .seat(let seat):
      pick(seat, &state)
    case .acceptPriceChange:
      guard Self.screen(ExtrasFeature.self, state)?.priceChange != nil else { return }
      send(.enter, &state)
    case .trip(let index):
      guard let trips = state.trips, trips.opened == nil else { return }
      move(from: trips.selected, to: index, &state)
      send(.enter, &state)
    case .scrolls:
      break
    }
  }

  /// Moves the extras panel's focus to `focus` with Tab; false if it could not.
  mutating func focusExtras(_ focus: ExtrasFeature.Focus, _ state: inout RootFeature.State)
    -> Bool
  {
    guard let extras = Self.screen(ExtrasFeature.self, state), !extras.pricing,
      extras.priceChange == nil
    else { return false }
    return send(
      .tab, until: { Self.screen(ExtrasFeature.self, $0)?.focus == focus },
      limit: ExtrasFeature.Focus.allCases.count, &state)
  }

  /// Moves the seat cursor to `seat` with the arrows and picks it, as Enter does.
  mutating func pick(_ seat: SeatDesignator, _ state: inout RootFeature.State) {
    guard focusExtras(.seats, &state), let extras = Self.screen(ExtrasFeature.self, state),
      let map = extras.shownMap
    else { return }
    let letters = map.columns.compactMap { column -> Character? in
      if case .seat(let letter) = column { return letter.first }
      return nil
    }
    guard let cursor = extras.cursor, let fromColumn = letters.firstIndex(of: cursor.letter),
      let toColumn = letters.firstIndex(of: seat.letter),
      let fromRow = map.rows.firstIndex(of: cursor.row),
      let toRow = map.rows.firstIndex(of: seat.row)
    else { return }
    let across: Key = toColumn > fromColumn ? .right : .left
    for _ in 0..<abs(toColumn - fromColumn) { send(across, &state) }
    let along: Key = toRow > fromRow ? .down : .up
    for _ in 0..<abs(toRow - fromRow) { send(along, &state) }
    guard Self.screen(ExtrasFeature.self, state)?.cursor == seat else { return }
    send(.enter, &state)
  }

  /// One turn of the wheel over `scroller`: the arrows, `RootFeature.wheelLines` times.
  mutating func scroll(
    _ scroller: ClickTarget.Scroller, down: Bool, in state: inout RootFeature.State
  ) {
    let results = Self.screen(ResultsFeature.self, state)
    switch scroller {
    case .results:
      guard let results, !results.choosingAirlines, !results.showsDetails else { return }
    case .airlines:
      guard results?.choosingAirlines == true else { return }
    case .details:
      guard results?.showsDetails == true else { return }
    case .trips:
      guard let trips = state.trips, trips.opened == nil else { return }
    case .seatMap:
      guard focusExtras(.seats, &state) else { return }
    }
    for _ in 0..<RootFeature.wheelLines { send(down ? .down : .up, &state) }
  }
}
