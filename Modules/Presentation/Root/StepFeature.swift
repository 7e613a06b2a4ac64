import Canvas
import FlowOwner

/// The screen state of one step on the path; it exists exactly while its step is on the path.
public enum StepFeature: Hashable, Sendable {
  case results(ResultsFeature.State)
  case passengers(PassengersFeature.State)
  case extras(ExtrasFeature.State)
  case payment(PaymentFeature.State)
  case confirmation(ConfirmationFeature.State)

  /// Fresh screen state built from `step`'s input alone.
  public init(_ step: BookingStep) {
    switch step {
    case .results(let criteria): self = .results(.init(criteria: criteria))
    case .passengers(let offer, let prefill):
      self = .passengers(.init(offer: offer, prefill: prefill))
    case .extras(let draft): self = .extras(.init(draft: draft))
    case .payment(let quote): self = .payment(.init(quote: quote))
    case .confirmation(let reference): self = .confirmation(.init(reference: reference))
    }
  }

  /// The step this state belongs to (its input).
  public var step: BookingStep {
    switch self {
    case .results(let state): .results(state.criteria)
    case .passengers(let state): .passengers(state.offer, prefill: state.prefill)
    case .extras(let state): .extras(state.draft)
    case .payment(let state): .payment(state.quote)
    case .confirmation(let state): .confirmation(state.reference)
    }
  }

  /// The kind of personal or card data the field with focus holds, if it holds any.
  public var focusedSensitiveText: RootFeature.SensitiveText? {
    switch self {
    case .passengers(let state):
      switch state.focus {
      case .given, .family: .name
      case .birth: .birthDate
      case .email: .email
      case .phone: .phone
      case .title, .proceed: nil
      }
    case .payment(let state):
      switch state.focus {
      case .number: .cardNumber
      case .expiry: .cardExpiry
      case .cvc: .securityCode
      case .pay: nil
      }
    case .results, .extras, .confirmation: nil
    }
  }

  /// Whether the step is waiting for the airline (a spinner is showing).
  public var isBusy: Bool {
    switch self {
    case .results(let state): state.load == .loading
    case .passengers(let state): state.saving
    case .extras(let state): state.pricing || state.seatMap == .loading
    case .payment(let state): state.paying || state.repricing
    case .confirmation(let state): state.booking == .loading
    }
  }
}

/// The ID of one step's presence on the path: always increasing, never reused, so a reply for a
/// step that left (even if an equal step came back) is told apart.
public struct StepID: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let rawValue: Int
  public init(_ rawValue: Int) { self.rawValue = rawValue }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "#\(rawValue)" }
}

/// A step on the path with its screen state.
public struct StepEntry: Hashable, Sendable {
  public let id: StepID
  public var feature: StepFeature
}

/// A reply or key for one step's feature.
public enum StepAction: Hashable, Sendable {
  case results(ResultsFeature.Action)
  case passengers(PassengersFeature.Action)
  case extras(ExtrasFeature.Action)
  case payment(PaymentFeature.Action)
  case confirmation(ConfirmationFeature.Action)
}
