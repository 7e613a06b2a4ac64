import Domain

/// What was asked of the flow: one value per transition, for logs, the inspector and tests.
public enum FlowTransition: Hashable, Sendable, CustomStringConvertible {
  case searchSubmitted(SearchCriteria)
  /// The step `from` produced the input of a step of kind `to`, which carries `id`; named in the
  /// log by `to`'s declared arrival ("offerSelected").
  case advanced(to: StepKind, id: String, from: StepKind)
  case repriced(QuoteID, from: StepKind)
  /// The traveller accepted the price the airline changed (`Quote.priceChange`).
  case priceChangeAccepted(QuoteID, from: StepKind)
  case paid(BookingReference, from: StepKind)
  case back
  case popped(to: StepKind)
  case startedOver
  case restored(RestoreOutcome)

  public var description: String {
    switch self {
    case .searchSubmitted(let c):
      "searchSubmitted(\(c.origin)->\(c.destination) \(c.departure)"
        + (c.returning.map { " return \($0)" } ?? "") + " x\(c.party))"
    case .advanced(let to, let id, let from):
      "\(to.declaration.arrival?.output ?? "advance(to: \(to))")(\(id), from: \(from))"
    case .repriced(let id, let from): "repriced(\(id), from: \(from))"
    case .priceChangeAccepted(let id, let from): "priceChangeAccepted(\(id), from: \(from))"
    case .paid(let reference, let from): "paid(\(reference), from: \(from))"
    case .back: "back()"
    case .popped(let kind): "pop(to: \(kind))"
    case .startedOver: "startOver()"
    case .restored(let outcome): "restore -> \(outcome)"
    }
  }
}

/// Why the flow ignored an output or a navigation.
public enum DropReason: Hashable, Sendable, CustomStringConvertible {
  /// The step that produced the output has left the path (the person went back, or the reply
  /// came home late).
  case originNotOnPath(StepKind)
  /// The same output already follows its origin (a double press or a repeated reply).
  case alreadyAdvanced
  /// The output came from a step that does not produce it.
  case wrongOrigin(expected: StepKind, found: StepKind)
  /// The output does not belong to its origin (e.g. a draft for another offer).
  case mismatchedOutput(String)
  /// Back at the root: there is no step to go back from.
  case atRoot
  /// `pop(to:)` named a step that is not on the path.
  case targetNotOnPath(StepKind)
  /// Back from a step its declaration gives no way back from (the confirmation: it is paid).
  case noWayBack(StepKind)
  /// A quote whose price the airline changed, pushed without the traveller accepting it.
  case priceChangeNotAccepted(QuoteID)

  public var description: String {
    switch self {
    case .originNotOnPath(let kind): "its origin (\(kind)) is no longer on the path"
    case .alreadyAdvanced: "the same output already follows its origin"
    case .wrongOrigin(let expected, let found): "expected it from \(expected), not \(found)"
    case .mismatchedOutput(let why): why
    case .atRoot: "already at the search form"
    case .targetNotOnPath(let kind): "\(kind) is not on the path"
    case .noWayBack(let kind): "there is no way back from \(kind)"
    case .priceChangeNotAccepted(let id):
      "the airline changed the price of \(id): the traveller must accept it first"
    }
  }
}

/// A transition and what became of it.
public struct FlowEvent: Hashable, Sendable, CustomStringConvertible {
  /// Whether the path changed.
  public enum Outcome: Hashable, Sendable {
    /// The path changed; `removed` lists the steps that left it, in path order.
    case accepted(removed: [StepKind])
    /// The path did not change.
    case dropped(DropReason)
  }

  /// What was asked.
  public let transition: FlowTransition
  /// What happened.
  public let outcome: Outcome
  /// The kinds on the path afterwards.
  public let pathAfter: [StepKind]

  /// An event.
  public init(transition: FlowTransition, outcome: Outcome, pathAfter: [StepKind]) {
    self.transition = transition
    self.outcome = outcome
    self.pathAfter = pathAfter
  }

  /// Whether the path changed.
  public var isAccepted: Bool {
    if case .accepted = outcome { true } else { false }
  }

  public var description: String {
    let path = "[" + pathAfter.map(\.description).joined(separator: ", ") + "]"
    switch outcome {
    case .accepted(let removed) where removed.isEmpty:
      return "accepted \(transition) -> \(path)"
    case .accepted(let removed):
      let gone = removed.map(\.description).joined(separator: ", ")
      return "accepted \(transition) -> \(path), removed \(gone)"
    case .dropped(let reason):
      return "dropped \(transition): \(reason)"
    }
  }
}
