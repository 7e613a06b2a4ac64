import Domain

/// Passenger details a new passengers step starts with, decided explicitly by the flow owner.
///
/// When a person changes flight after saving passengers, retyping every name would be hostile;
/// but which data survives a change of flight must be a visible decision, not a leftover in a
/// shared object. Only names, dates of birth and contact survive: seats and extras never do.
public enum PassengerPrefill: Hashable, Sendable {
  /// Start with empty forms.
  case empty
  /// Start with the travellers and contact of a draft that left the path.
  case fromDraft(passengers: [Passenger], contact: Contact)

  /// The travellers and contact of `draft`.
  public init(_ draft: BookingDraft) {
    self = .fromDraft(passengers: draft.passengers, contact: draft.contact)
  }

  /// The passengers carried, if any.
  public var passengers: [Passenger] {
    switch self {
    case .empty: []
    case .fromDraft(let passengers, _): passengers
    }
  }
}
