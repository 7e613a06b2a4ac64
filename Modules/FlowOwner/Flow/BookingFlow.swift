import Domain

/// The single owner of the booking flow: the path of steps, and every way it may change.
///
/// Rules, in the order the code applies them:
/// - `path` is a chain: `results`, then `passengers`, `extras`, `payment`, each carrying the
///   output of the step before it (`BookingStep.mismatch(after:)`); or `[confirmation]` alone
///   after paying. An empty path means the search form.
/// - A step's output moves the flow only through `advance(to:from:)`. If its origin step is no
///   longer on the path (the person went back, the reply came home late), it is dropped.
/// - An output must come from the step its kind's declaration names (`StepKind.declaration`) and
///   belong to it (a draft for the origin's offer, a quote for the origin's draft); otherwise it
///   is dropped.
/// - A quote the airline re-priced (`Quote.priceChange`) reaches the path only through
///   `acceptPriceChange`, the traveller's answer to old → new; `advance` drops a step holding
///   it unless its origin holds it already (accepted there).
/// - If a step carrying the same output already follows its origin (a double press), it is
///   dropped: the path and every step's screen state stay as they are.
/// - Otherwise the steps after the origin are removed and the new step is pushed. The data of
///   removed steps (the draft, seats, the quote) leaves with them: nothing is cleared by hand.
/// - `back(typed:)` removes the last step, unless its declaration gives it no way back (the
///   confirmation); `pop(to:typed:)` removes the steps after the named one. When a passengers
///   step leaves that way, what it held typed (`typed`, read from its screen by the caller) is
///   kept as `typedTravellers`: the one thing the owner holds beside the path.
/// - `paid` replaces the whole flow with `[confirmation]`: no transition reaches payment again.
/// - `startOver()` replaces the whole flow with an empty one.
/// - Every transition returns a `FlowEvent`, accepted or dropped, with its reason.
/// - `BookingFlow.rules` lists every transition (from, to, what it does to the path), derived
///   from the step declarations; the diagram is drawn from it.
/// - An offer chosen on the results step is pushed as `passengersStep(for:)`: the passengers
///   step with `typedTravellers` as its `prefill`. This is where a change of flight keeps the
///   names typed; seats and extras never carry over (a new draft starts without them).
/// - A path replaced from its first step (a new search, paying, starting over, a restore) keeps
///   nothing typed.
public struct BookingFlow: Hashable, Sendable {
  /// The steps on the path, oldest first.
  public private(set) var path: [BookingStep]
  /// What the last passengers step that left by going back held typed, for the passengers step
  /// of the next offer chosen on this search (`passengersStep(for:)`); empty when nothing was
  /// typed, and after the path is replaced from its first step.
  public private(set) var typedTravellers: PassengerPrefill = .empty

  /// An empty flow: the search form.
  public init() { path = [] }

  /// A flow at `path`, which `restore` has checked is a valid chain.
  init(validPath: [BookingStep]) { path = validPath }

  /// The passengers step for `offer`, chosen on the results step: it starts with what the
  /// passengers step that left by going back held typed (a change of flight keeps the names,
  /// dates of birth and contact), and with nothing after a new search.
  public func passengersStep(for offer: Offer) -> BookingStep {
    .passengers(offer, prefill: typedTravellers)
  }

  /// The step shown as current: the last on the path, or the search form.
  public var current: StepKind { path.last?.kind ?? .search }

  /// Whether Esc goes back a step: from any step whose declaration has a way back.
  public var canGoBack: Bool { path.last?.kind.declaration.hasWayBack ?? false }

  /// A new search replaces the path with its results.
  @discardableResult
  public mutating func searchSubmitted(_ criteria: SearchCriteria) -> FlowEvent {
    let transition = FlowTransition.searchSubmitted(criteria)
    if path == [.results(criteria)] { return dropped(transition, .alreadyAdvanced) }
    return replace(with: [.results(criteria)], transition)
  }

  /// The step `origin` produced the input of `next`, the step that follows it: `next` is pushed
  /// after `origin`, removing any steps after it. Dropped when `origin` is not the step `next`'s
  /// kind follows, when `next` does not carry `origin`'s output, when `origin` has left the
  /// path, and when a step carrying the same output already follows it.
  ///
  /// A passengers step is pushed as `passengersStep(for:)` builds it, whatever `next` prefills.
  @discardableResult
  public mutating func advance(to next: BookingStep, from origin: BookingStep) -> FlowEvent {
    let transition = FlowTransition.advanced(to: next.kind, id: next.carriedID, from: origin.kind)
    if let quote = next.quote, quote.priceChange != nil, origin.quote?.id != quote.id {
      return dropped(transition, .priceChangeNotAccepted(quote.id))
    }
    if case .passengers(let offer, _) = next {
      return push(passengersStep(for: offer), from: origin, transition)
    }
    return push(next, from: origin, transition)
  }

  /// The step `origin` produced `output`: the step whose declaration says `origin`'s output
  /// arrives at it (`StepDeclaration.arrival`), built from `output` (`BookingStep.init(_:from:)`),
  /// is pushed as `advance(to:from:)` pushes it. Dropped when no step follows `origin`, and when
  /// `output` lacks the record that step carries.
  @discardableResult
  public mutating func advance(with output: BookingStep.Records, from origin: BookingStep)
    -> FlowEvent
  {
    guard let kind = origin.kind.next else {
      return dropped(
        .advanced(to: origin.kind, id: origin.carriedID, from: origin.kind),
        .mismatchedOutput("no step's output arrives from \(origin.kind)"))
    }
    guard let next = BookingStep(kind, from: output) else {
      let carried = kind.declaration.carries.map { "\($0)" } ?? "record"
      return dropped(
        .advanced(to: kind, id: "", from: origin.kind),
        .mismatchedOutput("the output of \(origin.kind) holds no \(carried) for \(kind)"))
    }
    return advance(to: next, from: origin)
  }

  /// The airline re-priced the offer when the extras step asked for a quote, and the traveller
  /// accepted the new price: the first step holding a quote (`StepKind.firstHoldingQuote`, the
  /// payment), built from `quote` (`BookingStep.init(_:from:)`), is pushed after `origin` as
  /// `advance` pushes it. A quote without a change of price is dropped (it goes through
  /// `advance`).
  @discardableResult
  public mutating func acceptPriceChange(_ quote: Quote, from origin: BookingStep) -> FlowEvent {
    let transition = FlowTransition.priceChangeAccepted(quote.id, from: origin.kind)
    guard quote.priceChange != nil else {
      return dropped(transition, .mismatchedOutput("the quote's price did not change"))
    }
    guard let holding = StepKind.firstHoldingQuote,
      let next = BookingStep(holding, from: .init(quote: quote))
    else {
      return dropped(transition, .mismatchedOutput("no step holds a quote"))
    }
    return push(next, from: origin, transition)
  }

  private mutating func push(
    _ next: BookingStep, from origin: BookingStep, _ transition: FlowTransition
  ) -> FlowEvent {
    guard let arrival = next.kind.declaration.arrival else {
      return dropped(transition, .mismatchedOutput("no step's output pushes \(next.kind)"))
    }
    guard origin.kind == arrival.from else {
      return dropped(transition, .wrongOrigin(expected: arrival.from, found: origin.kind))
    }
    if let mismatch = next.mismatch(after: origin) {
      return dropped(transition, .mismatchedOutput(mismatch))
    }
    guard let index = path.lastIndex(of: origin) else {
      return dropped(transition, .originNotOnPath(origin.kind))
    }
    let nextIndex = path.index(after: index)
    if nextIndex < path.endIndex, path[nextIndex].kind == next.kind,
      path[nextIndex].carriedID == next.carriedID
    {
      return dropped(transition, .alreadyAdvanced)
    }
    let removed = path[nextIndex...].map(\.kind)
    path.removeSubrange(nextIndex...)
    path.append(next)
    return accepted(transition, removed: removed)
  }

  /// The results step produced an offer: `advance` to the first step carrying an offer (the
  /// passengers, built with `passengersStep(for:)`).
  @discardableResult
  public mutating func offerSelected(_ offer: Offer, from origin: BookingStep) -> FlowEvent {
    advance(toStepCarrying: .offer, .init(offer: offer), from: origin)
  }

  /// The passengers step produced a draft: `advance` to the first step carrying a draft (the
  /// extras).
  @discardableResult
  public mutating func passengersSaved(_ draft: BookingDraft, from origin: BookingStep)
    -> FlowEvent
  {
    advance(toStepCarrying: .draft, .init(draft: draft), from: origin)
  }

  /// The extras step produced a quote: `advance` to the first step holding a quote (the
  /// payment).
  @discardableResult
  public mutating func extrasPriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent {
    advance(toStepCarrying: .quote, .init(quote: quote), from: origin)
  }

  /// `advance` to the first kind on the chain carrying `record`, built from `records`
  /// (`BookingStep.init(_:from:)`).
  private mutating func advance(
    toStepCarrying record: CarriedRecord, _ records: BookingStep.Records,
    from origin: BookingStep
  ) -> FlowEvent {
    guard let kind = StepKind.firstCarrying(record),
      let next = BookingStep(kind, from: records)
    else {
      return dropped(
        .advanced(to: origin.kind, id: origin.carriedID, from: origin.kind),
        .mismatchedOutput("no step carries a \(record)"))
    }
    return advance(to: next, from: origin)
  }

  /// The payment step's price expired and the same draft and extras were priced again: the new
  /// quote takes the payment step's place (the steps before it stay as they are). It must be for
  /// the same draft with the same extras, and the payment step must be the last on the path.
  @discardableResult
  public mutating func repriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent {
    let transition = FlowTransition.repriced(quote.id, from: origin.kind)
    guard case .payment(let expired) = origin else {
      return dropped(transition, .wrongOrigin(expected: .payment, found: origin.kind))
    }
    guard path.last == origin else { return dropped(transition, .originNotOnPath(.payment)) }
    guard quote.draftID == expired.draftID, quote.extras == expired.extras else {
      return dropped(
        transition, .mismatchedOutput("the quote is not for the same draft and extras"))
    }
    guard quote.id != expired.id else { return dropped(transition, .alreadyAdvanced) }
    path[path.index(before: path.endIndex)] = .payment(quote)
    return accepted(transition, removed: [.payment])
  }

  /// The payment step produced a booking: the path becomes the confirmation alone.
  @discardableResult
  public mutating func paid(_ reference: BookingReference, from origin: BookingStep)
    -> FlowEvent
  {
    let transition = FlowTransition.paid(reference, from: origin.kind)
    guard case .payment = origin else {
      return dropped(transition, .wrongOrigin(expected: .payment, found: origin.kind))
    }
    guard path.contains(origin) else { return dropped(transition, .originNotOnPath(.payment)) }
    let removed = path.map(\.kind)
    self = BookingFlow(validPath: [.confirmation(reference)])
    return accepted(transition, removed: removed)
  }

  /// Goes back one step. `typed` is what a passengers step leaving the path held typed (its
  /// screen's fields); it is kept for the next offer's passengers step.
  @discardableResult
  public mutating func back(typed: PassengerPrefill = .empty) -> FlowEvent {
    guard let last = path.last else { return dropped(.back, .atRoot) }
    guard last.kind.declaration.hasWayBack else { return dropped(.back, .noWayBack(last.kind)) }
    return truncate(keeping: path.count - 1, .back, typed: typed)
  }

  /// Goes back to `step`, removing the steps after it (clicking a panel on the path); `typed` as
  /// in `back(typed:)`.
  @discardableResult
  public mutating func pop(to step: BookingStep, typed: PassengerPrefill = .empty) -> FlowEvent {
    let transition = FlowTransition.popped(to: step.kind)
    guard let index = path.lastIndex(of: step) else {
      return dropped(transition, .targetNotOnPath(step.kind))
    }
    return truncate(keeping: index + 1, transition, typed: typed)
  }

  /// Goes back to the search form, forgetting everything.
  @discardableResult
  public mutating func startOver() -> FlowEvent {
    let removed = path.map(\.kind)
    self = BookingFlow()
    return accepted(.startedOver, removed: removed)
  }

  /// Records a restoration as an event (the path itself comes from `restore`).
  static func restoredEvent(_ outcome: RestoreOutcome, path: [BookingStep]) -> FlowEvent {
    FlowEvent(
      transition: .restored(outcome), outcome: .accepted(removed: []),
      pathAfter: path.map(\.kind))
  }

  // MARK: - Changes of the whole path

  private mutating func replace(with newPath: [BookingStep], _ transition: FlowTransition)
    -> FlowEvent
  {
    let removed = path.map(\.kind)
    path = newPath
    typedTravellers = .empty
    return accepted(transition, removed: removed)
  }

  private mutating func truncate(
    keeping count: Int, _ transition: FlowTransition, typed: PassengerPrefill
  ) -> FlowEvent {
    let removed = path[count...].map(\.kind)
    path.removeSubrange(count...)
    if removed.contains(.passengers) { typedTravellers = typed }
    return accepted(transition, removed: removed)
  }

  private func dropped(_ transition: FlowTransition, _ reason: DropReason) -> FlowEvent {
    FlowEvent(transition: transition, outcome: .dropped(reason), pathAfter: path.map(\.kind))
  }

  private func accepted(_ transition: FlowTransition, removed: [StepKind]) -> FlowEvent {
    FlowEvent(
      transition: transition, outcome: .accepted(removed: removed), pathAfter: path.map(\.kind))
  }

  /// Why `offer` cannot answer `criteria`, if it cannot.
  static func mismatch(_ offer: Offer, for criteria: SearchCriteria) -> String? {
    if offer.origin.code != criteria.origin || offer.destination.code != criteria.destination {
      return "the offer flies \(offer.origin.code)->\(offer.destination.code)"
    }
    if offer.party != criteria.party {
      return "the offer is priced for party \(offer.party), not \(criteria.party)"
    }
    if offer.departure.day != criteria.departure {
      return "the offer departs on \(offer.departure.day)"
    }
    if offer.inbound?.departure.day != criteria.returning {
      return offer.inbound.map { "the offer returns on \($0.departure.day)" }
        ?? "the offer is one way"
    }
    return nil
  }
}
