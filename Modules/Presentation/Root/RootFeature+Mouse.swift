import Canvas
import Domain
import Runtime
import Widgets

extension RootFeature {
  /// What the view drew on top at column `x`, row `y` of the screen `state` shows (at the size
  /// the shell knows), of what `accepting` takes: a `ClickTarget`, or the current step's own
  /// target (`StepFeature.Target`). The state is rendered once with its regions kept; nothing is
  /// rendered this way unless the mouse is used.
  public static func target(
    atX x: Int, y: Int, in state: State, accepting: (any Sendable) -> Bool = { _ in true }
  ) -> (any Sendable)? {
    var canvas = Canvas(width: state.shell.screenWidth, height: state.shell.screenHeight)
    canvas.recordRegions()
    RootView.draw(state, on: &canvas, theme: .monochrome)
    for region in (canvas.regions ?? []).reversed()
    where region.rect.x <= x && x < region.rect.maxX && region.rect.y <= y && y < region.rect.maxY
      && accepting(region.target)
    {
      return region.target
    }
    return nil
  }

  /// A click or a turn of the wheel: what is under the pointer, done as the keys that do it
  /// would be (each one through `keyReduce`, so the path's rules hold: a click never does what
  /// keys could not). The search form, the trips and the path's panels are the root's; the
  /// current step's own targets are its feature's to act on (`StepFeature.point`). While help
  /// or the inspector is open the wheel scrolls it, and nothing else acts while a box is open or
  /// a saved flow is being restored; a press with Shift, Alt or Ctrl held, a release or another
  /// button does nothing.
  static func mouse(_ state: inout State, _ event: MouseEvent, _ environment: AppEnvironment)
    -> Effect<Action>
  {
    state.lastKey = .ignored
    let plain = event.pressed && !event.shift && !event.alt && !event.control
    var keys = KeyRun(environment: environment)
    if plain, event.isWheel, state.shell.modal == .help || state.shell.modal == .inspector {
      for _ in 0..<Pointing.wheelLines {
        keys.send(event.button == .wheelDown ? .down : .up, &state)
      }
      state.lastKey = .used
      return keys.effect
    }
    guard plain, event.button == .left || event.isWheel, state.shell.modal == nil,
      state.restoring == nil
    else { return .none }
    if event.isWheel {
      let current = state.trips == nil ? state.steps.last?.screen : nil
      guard
        let drawn = target(
          atX: event.x, y: event.y, in: state,
          accepting: { drawn in
            (drawn as? ClickTarget) == .tripList || current?.scrolls(drawn) == true
          })
      else { return .none }
      if drawn as? ClickTarget == .tripList {
        keys.scrollTrips(down: event.button == .wheelDown, in: &state)
      } else {
        keys.point(.wheel(down: event.button == .wheelDown), at: drawn, in: &state)
      }
    } else {
      guard let drawn = target(atX: event.x, y: event.y, in: state) else { return .none }
      if let target = drawn as? ClickTarget {
        keys.click(target, in: &state)
      } else {
        keys.point(.press, at: drawn, in: &state)
      }
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

  /// Points at `drawn`, one of the current step's targets: its feature asks for keys and
  /// actions, each sent as if pressed or as the step's work replies are, while the step stays
  /// current and no box opens.
  mutating func point(
    _ pointing: Pointing, at drawn: any Sendable, in state: inout RootFeature.State
  ) {
    guard state.trips == nil, let entry = state.steps.last else { return }
    _ = entry.screen.point(pointing, at: drawn) { asked in
      guard state.steps.last?.id == entry.id, state.shell.modal == nil else { return nil }
      switch asked {
      case .key(let key):
        send(key, &state)
      case .action(let action):
        acted = true
        let context = RootFeature.stepEnvironment(state, environment)
        guard
          let reply = state.stack.send(
            action, to: entry.id, context: context, embed: RootFeature.embed)
        else { return nil }
        effect = .batch([effect, RootFeature.handle(&state, reply, environment).effect])
      }
      guard let last = state.steps.last, last.id == entry.id else { return nil }
      return last.screen
    }
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
    case .trip(let index):
      guard let trips = state.trips, trips.opened == nil else { return }
      move(from: trips.selected, to: index, &state)
      send(.enter, &state)
    case .tripList:
      break
    }
  }

  /// One turn of the wheel over the trips list: the arrows, `Pointing.wheelLines` times.
  mutating func scrollTrips(down: Bool, in state: inout RootFeature.State) {
    guard let trips = state.trips, trips.opened == nil else { return }
    for _ in 0..<Pointing.wheelLines { send(down ? .down : .up, &state) }
  }
}
