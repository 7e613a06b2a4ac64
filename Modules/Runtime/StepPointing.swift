import Canvas

/// What the pointer does over a place a step's view marked (`Canvas.record`): a left press, or a
/// turn of the wheel.
public enum Pointing: Hashable, Sendable {
  case press
  case wheel(down: Bool)

  /// How many lines one turn of the wheel moves.
  public static let wheelLines = 3

  /// Presses `key` through `press` until `done` holds of the step's state, at most `limit`
  /// times; the state then, or nil when it never held or the step stopped being current.
  public static func press<State, Action>(
    _ key: Key, from state: State, until done: (State) -> Bool, limit: Int,
    _ press: (StepPress<Action>) -> State?
  ) -> State? {
    var state = state
    var count = 0
    while !done(state) {
      guard count < limit, let next = press(.key(key)) else { return nil }
      state = next
      count += 1
    }
    return state
  }

  /// A click on a form's `field`: focused with Shift-Tab (at most `fields` presses), as a person
  /// reaches it from the keyboard, then pressed with Enter when it is the form's `button`.
  public static func click<State, Action, Field: Equatable>(
    _ field: Field, on state: State, focus: (State) -> Field, fields: Int, button: Field,
    _ press: (StepPress<Action>) -> State?
  ) {
    guard
      Pointing.press(.backTab, from: state, until: { focus($0) == field }, limit: fields, press)
        != nil, field == button
    else { return }
    _ = press(.key(.enter))
  }

  /// Moves a list's highlight from `from` to `to` with the arrows; false when the step stopped
  /// being current on the way.
  public static func move<State, Action>(
    from: Int, to: Int, _ press: (StepPress<Action>) -> State?
  ) -> Bool {
    let key: Key = to > from ? .down : .up
    for _ in 0..<abs(to - from) where press(.key(key)) == nil { return false }
    return true
  }
}

/// What a step asks for while it acts on the pointer: a key, handled as if pressed, or an action
/// of its own, sent to it as its work's replies are.
public enum StepPress<Action: Sendable>: Sendable {
  case key(Key)
  case action(Action)
}

extension StepFeature {
  /// The value a view recorded, when it is one of this step's targets.
  public static func target(_ drawn: any Sendable) -> Target? { drawn as? Target }

  /// The wheel scrolls none of the step's targets.
  public static func scrolls(_ target: Target) -> Bool { false }

  /// Pointing at a target does nothing.
  public static func point(
    _ pointing: Pointing, at target: Target, on state: State,
    press: (StepPress<Action>) -> State?
  ) {}
}
