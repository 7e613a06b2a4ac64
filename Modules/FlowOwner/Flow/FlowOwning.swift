import Domain

/// What the app asks of whatever owns the booking flow: the path its screens are built from, and
/// the transitions the screens' outputs and the keys ask for.
///
/// `BookingFlow` is the owner this project is about. The workshop's `booking --flow bag` runs the
/// same screens on a second conformance built the legacy way (a shared bag of optionals), so the
/// bag's failures can be shown on the real screens. The app chooses one at start and never
/// mixes them: `AnyFlowOwner` holds exactly one.
public protocol FlowOwning: Hashable, Sendable {
  /// The steps on screen, oldest first: each screen is built from its step's input.
  var path: [BookingStep] { get }
  /// The step shown as current.
  var current: StepKind { get }
  /// Whether Esc goes back a step (after paying there is no way back in `BookingFlow`).
  var canGoBack: Bool { get }
  /// What to save so a relaunch resumes here; nil when nothing is saved.
  var savedSnapshot: BookingSnapshot? { get }
  /// Lines for the inspector describing the owner's state; nil to show the path.
  var inspectorLines: [String]? { get }
  /// Whether this is the workshop's broken bag: the header then says so in red.
  var isLegacyBag: Bool { get }

  mutating func searchSubmitted(_ criteria: SearchCriteria) -> FlowEvent
  mutating func offerSelected(_ offer: Offer, from origin: BookingStep) -> FlowEvent
  mutating func passengersSaved(_ draft: BookingDraft, from origin: BookingStep) -> FlowEvent
  mutating func extrasPriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent
  mutating func advance(to next: BookingStep, from origin: BookingStep) -> FlowEvent
  mutating func repriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent
  mutating func paid(_ reference: BookingReference, from origin: BookingStep) -> FlowEvent
  mutating func back() -> FlowEvent
  mutating func startOver() -> FlowEvent
}

extension FlowOwning {
  /// Whether `other` is an owner of this type with an equal value.
  func isEqual(to other: any FlowOwning) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

extension BookingFlow: FlowOwning {
  /// The snapshot of the path: saved on every change.
  public var savedSnapshot: BookingSnapshot? { snapshot }
  /// The inspector shows the path itself.
  public var inspectorLines: [String]? { nil }
  /// The real owner.
  public var isLegacyBag: Bool { false }
}

/// The one flow owner the app runs, chosen at start: `BookingFlow`, or the workshop's bag.
public struct AnyFlowOwner: Hashable, Sendable {
  /// The owner.
  public private(set) var base: any FlowOwning

  /// Wraps `owner`.
  public init(_ owner: any FlowOwning) { base = owner }

  /// The real flow owner, when it is the one running.
  public var owned: BookingFlow? { base as? BookingFlow }

  /// Equal when both hold the same kind of owner with equal values (compared without boxing:
  /// the app compares states on every frame).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.isEqual(to: rhs.base) }

  public func hash(into hasher: inout Hasher) { base.hash(into: &hasher) }

  public var path: [BookingStep] { base.path }
  public var current: StepKind { base.current }
  public var canGoBack: Bool { base.canGoBack }
  public var savedSnapshot: BookingSnapshot? { base.savedSnapshot }
  public var inspectorLines: [String]? { base.inspectorLines }
  public var isLegacyBag: Bool { base.isLegacyBag }

  /// Runs `change` on the owner, whatever its type.
  private mutating func apply<Result>(_ change: (inout any FlowOwning) -> Result) -> Result {
    change(&base)
  }

  @discardableResult
  public mutating func searchSubmitted(_ criteria: SearchCriteria) -> FlowEvent {
    apply { $0.searchSubmitted(criteria) }
  }
  @discardableResult
  public mutating func offerSelected(_ offer: Offer, from origin: BookingStep) -> FlowEvent {
    apply { $0.offerSelected(offer, from: origin) }
  }
  @discardableResult
  public mutating func passengersSaved(_ draft: BookingDraft, from origin: BookingStep)
    -> FlowEvent
  {
    apply { $0.passengersSaved(draft, from: origin) }
  }
  @discardableResult
  public mutating func extrasPriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent {
    apply { $0.extrasPriced(quote, from: origin) }
  }
  @discardableResult
  public mutating func advance(to next: BookingStep, from origin: BookingStep) -> FlowEvent {
    apply { $0.advance(to: next, from: origin) }
  }
  @discardableResult
  public mutating func repriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent {
    apply { $0.repriced(quote, from: origin) }
  }
  @discardableResult
  public mutating func paid(_ reference: BookingReference, from origin: BookingStep)
    -> FlowEvent
  {
    apply { $0.paid(reference, from: origin) }
  }
  @discardableResult
  public mutating func back() -> FlowEvent { apply { $0.back() } }
  @discardableResult
  public mutating func startOver() -> FlowEvent { apply { $0.startOver() } }
}
