import Runtime

extension BagRootFeature {
  /// How many times the observers are told of their own writes before the root stops telling
  /// them: an observer that always wrote something new would otherwise never let the key end.
  static let observerRounds = 8

  /// "We'll just make it observable": runs `write`, then, while the bag is observable (Ctrl-R),
  /// tells its observer, the trip bar, what the write changed. Told that the extras changed, the
  /// trip bar computes the price again from the quote's lines and writes it back into the bag.
  /// That write is a change too, told back to the observers in turn, until a round sets nothing
  /// off: here the next one, as the observer's own write leaves the extras as they were. The
  /// event log says each step, so the inspector answers "why is the price calculated twice".
  static func observed(
    _ state: inout State, _ write: (inout State) -> Effect<Action>
  ) -> Effect<Action> {
    let before = state.bag
    let effect = write(&state)
    guard state.observable else { return effect }
    var said: [Command] = []
    let words = state.words
    var told = before
    for round in 0..<observerRounds {
      let seen = state.bag
      guard state.bag.tripBarObserved(since: told) != nil else {
        if round > 0 { said += state.shell.note(words.loopEnds) }
        break
      }
      if round == 0, !seen.holdsSame(.totalPrice, as: before) {
        let writer = seen.writers[.totalPrice].map(words.inspector.writer) ?? "?"
        said += state.shell.note(
          words.priceComputed(by: writer, seen.value(of: .totalPrice, words.inspector)))
      }
      said += state.shell.note(
        words.priceComputedAgain(state.bag.value(of: .totalPrice, words.inspector)))
      told = seen
    }
    return .batch([effect, .commands(said)])
  }
}
