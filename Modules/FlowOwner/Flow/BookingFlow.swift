import Domain

/// The single owner of the booking flow: the path of steps, and every way it may change.
///
/// Rules, in the order the code applies them:
/// - `path` is a chain: `results`, then `passengers`, `extras`, `payment`, each carrying the
///   output of the step before it; or `[confirmation]` alone after paying. An empty path means
///   the search form.
/// - An output moves the flow only through `advance(from:to:)`. If its origin step is no longer
///   on the path (the person went back, the reply came home late), it is dropped.
/// - An output must come from the step that produces it and belong to it (a draft for the
///   origin's offer, a quote for the origin's draft); otherwise it is dropped.
/// - If the same output already follows its origin (a double press), it is dropped: the path
///   and every step's screen state stay as they are.
/// - Otherwise the steps after the origin are removed and the output's step is pushed. The data
///   of removed steps (the draft, seats, the quote) leaves with them: nothing is cleared by hand.
/// - When steps holding a draft leave the path, its travellers and contact are kept as
///   `carriedTravellers`, and the next passengers step pushed takes them as its explicit
///   `prefill`. Seats and extras are never carried.
/// - What a step held typed and unsaved when it left the path (`keepUnsaved`) is newer than any
///   draft: a passengers step's fields become `carriedTravellers` (when anything was typed), a
///   payment step's number and expiry become `carriedCard` (nil when they were cleared). A step
///   still on the path keeps its own input. The next payment step pushed takes `carriedCard` as
///   its `card`; a price given again takes the card its payment step reported with it.
/// - What is carried is handed on once: pushing the step that takes it empties it.
/// - `back()` removes the last step; `pop(to:)` removes the steps after the named one.
/// - `paid` replaces the whole flow with `[confirmation]`: no transition reaches payment again.
/// - `startOver()` replaces the whole flow with an empty one.
/// - Every transition returns a `FlowEvent`, accepted or dropped, with its reason.
/// - `BookingFlow.rules` declares every transition (from, to, what it does to the path); the
///   outputs take the step they must come from from it, and the diagram is drawn from it.
public struct BookingFlow: Hashable, Sendable {
  /// The steps on the path, oldest first.
  public private(set) var path: [BookingStep]
  /// Travellers from the last draft or passengers step that left the path, waiting for the next
  /// passengers step.
  public private(set) var carriedTravellers: PassengerPrefill
  /// A card number and expiry typed in a payment step that left the path, waiting for the next
  /// payment step.
  public private(set) var carriedCard: CardPrefill?

  /// An empty flow: the search form.
  public init() {
    path = []
    carriedTravellers = .empty
    carriedCard = nil
  }

  /// A flow at `path`, which `restore` has checked is a valid chain.
  init(validPath: [BookingStep]) {
    path = validPath
    carriedTravellers = .empty
    carriedCard = nil
  }

  /// The step shown as current: the last on the path, or the search form.
  public var current: StepKind { path.last?.kind ?? .search }

  /// A new search replaces the path with its results.
  @discardableResult
  public mutating func searchSubmitted(_ criteria: SearchCriteria) -> FlowEvent {
    let transition = FlowTransition.searchSubmitted(criteria)
    if path == [.results(criteria)] { return dropped(transition, .alreadyAdvanced) }
    return replace(with: [.results(criteria)], transition)
  }

  /// The results step produced an offer.
  @discardableResult
  public mutating func offerSelected(_ offer: Offer, from origin: BookingStep) -> FlowEvent {
    let transition = FlowTransition.offerSelected(offer.id, from: origin.kind)
    guard case .results(let criteria, _) = origin else {
      return dropped(
        transition, .wrongOrigin(expected: Self.origin(of: "offerSelected"), found: origin.kind))
    }
    if let mismatch = Self.mismatch(offer, for: criteria) {
      return dropped(transition, .mismatchedOutput(mismatch))
    }
    if let index = path.lastIndex(of: origin), path.index(after: index) < path.endIndex,
      case .passengers(let shown, _) = path[path.index(after: index)], shown == offer
    {
      return dropped(transition, .alreadyAdvanced)
    }
    let prefill = prefillForNewPassengers(after: origin)
    return advance(from: origin, to: .passengers(offer, prefill: prefill), transition)
  }

  /// The passengers step produced a draft.
  @discardableResult
  public mutating func passengersSaved(_ draft: BookingDraft, from origin: BookingStep)
    -> FlowEvent
  {
    let transition = FlowTransition.passengersSaved(draft.id, from: origin.kind)
    guard case .passengers(let offer, _) = origin else {
      return dropped(
        transition, .wrongOrigin(expected: Self.origin(of: "passengersSaved"), found: origin.kind))
    }
    guard draft.offer.id == offer.id else {
      return dropped(transition, .mismatchedOutput("the draft is for offer \(draft.offer.id)"))
    }
    return advance(from: origin, to: .extras(draft), transition)
  }

  /// The extras step produced a quote.
  @discardableResult
  public mutating func extrasPriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent {
    let transition = FlowTransition.extrasPriced(quote.id, from: origin.kind)
    guard case .extras(let draft, _) = origin else {
      return dropped(
        transition, .wrongOrigin(expected: Self.origin(of: "extrasPriced"), found: origin.kind))
    }
    guard quote.draftID == draft.id else {
      return dropped(transition, .mismatchedOutput("the quote is for draft \(quote.draftID)"))
    }
    return advance(from: origin, to: .payment(quote, card: carriedCard), transition)
  }

  /// The payment step's price expired and the same draft and extras were priced again: the new
  /// quote takes the payment step's place (the steps before it stay as they are), with `card`,
  /// the number and expiry the step held. It must be for the same draft with the same extras,
  /// and the payment step must be the last on the path.
  @discardableResult
  public mutating func repriced(
    _ quote: Quote, card: CardPrefill? = nil, from origin: BookingStep
  ) -> FlowEvent {
    let transition = FlowTransition.repriced(quote.id, from: origin.kind)
    guard case .payment(let expired, _) = origin else {
      return dropped(
        transition, .wrongOrigin(expected: Self.origin(of: "repriced"), found: origin.kind))
    }
    guard path.last == origin else { return dropped(transition, .originNotOnPath(.payment)) }
    guard quote.draftID == expired.draftID, quote.extras == expired.extras else {
      return dropped(
        transition, .mismatchedOutput("the quote is not for the same draft and extras"))
    }
    guard quote.id != expired.id else { return dropped(transition, .alreadyAdvanced) }
    path[path.index(before: path.endIndex)] = .payment(quote, card: card)
    return accepted(transition, removed: [.payment])
  }

  /// The payment step produced a booking: the path becomes the confirmation alone.
  @discardableResult
  public mutating func paid(_ reference: BookingReference, from origin: BookingStep)
    -> FlowEvent
  {
    let transition = FlowTransition.paid(reference, from: origin.kind)
    guard case .payment = origin else {
      return dropped(
        transition, .wrongOrigin(expected: Self.origin(of: "paid"), found: origin.kind))
    }
    guard path.contains(origin) else { return dropped(transition, .originNotOnPath(.payment)) }
    let removed = path.map(\.kind)
    self = BookingFlow(validPath: [.confirmation(reference)])
    return accepted(transition, removed: removed)
  }

  /// Goes back one step.
  @discardableResult
  public mutating func back() -> FlowEvent {
    guard !path.isEmpty else { return dropped(.back, .atRoot) }
    return truncate(keeping: path.count - 1, .back)
  }

  /// Goes back to `step`, removing the steps after it (clicking a panel on the path).
  @discardableResult
  public mutating func pop(to step: BookingStep) -> FlowEvent {
    let transition = FlowTransition.popped(to: step.kind)
    guard let index = path.lastIndex(of: step) else {
      return dropped(transition, .targetNotOnPath(step.kind))
    }
    return truncate(keeping: index + 1, transition)
  }

  /// Goes back to the search form, forgetting everything.
  @discardableResult
  public mutating func startOver() -> FlowEvent {
    let removed = path.map(\.kind)
    self = BookingFlow()
    return accepted(.startedOver, removed: removed)
  }

  /// Keeps what `step`, which has left the path, held typed and unsaved, for the next step of its
  /// kind. Returns whether it was kept: input from a step still on the path, or of another kind
  /// than its step's, is not.
  @discardableResult
  public mutating func keepUnsaved(_ input: UnsavedInput, from step: BookingStep) -> Bool {
    guard !path.contains(step) else { return false }
    switch (input, step) {
    case (.travellers(let typed), .passengers):
      if typed != .empty { carriedTravellers = typed }
      return true
    case (.card(let card), .payment):
      carriedCard = card
      return true
    default:
      return false
    }
  }

  /// Records a restoration as an event (the path itself comes from `restore`).
  static func restoredEvent(_ outcome: RestoreOutcome, path: [BookingStep]) -> FlowEvent {
    FlowEvent(
      transition: .restored(outcome), outcome: .accepted(removed: []),
      pathAfter: path.map(\.kind))
  }

  // MARK: - The one way forward

  private mutating func advance(
    from origin: BookingStep, to next: BookingStep, _ transition: FlowTransition
  ) -> FlowEvent {
    guard let index = path.lastIndex(of: origin) else {
      return dropped(transition, .originNotOnPath(origin.kind))
    }
    let nextIndex = path.index(after: index)
    if nextIndex < path.endIndex, path[nextIndex] == next {
      return dropped(transition, .alreadyAdvanced)
    }
    let removedSteps = Array(path[nextIndex...])
    carry(from: removedSteps)
    if case .passengers = next { carriedTravellers = .empty }
    if case .payment = next { carriedCard = nil }
    path.removeSubrange(nextIndex...)
    path.append(next)
    return accepted(transition, removed: removedSteps.map(\.kind))
  }

  private mutating func replace(with newPath: [BookingStep], _ transition: FlowTransition)
    -> FlowEvent
  {
    let removedSteps = path
    carry(from: removedSteps)
    path = newPath
    return accepted(transition, removed: removedSteps.map(\.kind))
  }

  private mutating func truncate(keeping count: Int, _ transition: FlowTransition) -> FlowEvent {
    let removedSteps = Array(path[count...])
    carry(from: removedSteps)
    path.removeSubrange(count...)
    return accepted(transition, removed: removedSteps.map(\.kind))
  }

  /// Keeps the travellers of the latest draft (or prefill) among `removed`.
  private mutating func carry(from removed: [BookingStep]) {
    for step in removed.reversed() {
      switch step {
      case .extras(let draft, _):
        carriedTravellers = PassengerPrefill(draft)
        return
      case .passengers(_, let prefill) where prefill != .empty:
        carriedTravellers = prefill
        return
      default:
        continue
      }
    }
  }

  /// The prefill for a passengers step pushed after `origin`: the latest draft among the steps
  /// about to be removed, else the carried travellers.
  private func prefillForNewPassengers(after origin: BookingStep) -> PassengerPrefill {
    guard let index = path.lastIndex(of: origin) else { return carriedTravellers }
    for step in path[path.index(after: index)...].reversed() {
      switch step {
      case .extras(let draft, _): return PassengerPrefill(draft)
      case .passengers(_, let prefill) where prefill != .empty: return prefill
      default: continue
      }
    }
    return carriedTravellers
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
    if offer.passengerCount != criteria.passengerCount {
      return "the offer is priced for \(offer.passengerCount) passengers"
    }
    if offer.departure.day != criteria.departure {
      return "the offer departs on \(offer.departure.day)"
    }
    return nil
  }
}
