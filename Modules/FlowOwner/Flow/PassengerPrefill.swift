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
  /// Start with what was typed, and not saved, in a passengers step that left the path.
  case typed(TypedTravellers)

  /// The travellers and contact of `draft`.
  public init(_ draft: BookingDraft) {
    self = .fromDraft(passengers: draft.passengers, contact: draft.contact)
  }

  /// The passengers carried, each as a form shows them, if any.
  public var passengers: [TypedPassenger] {
    switch self {
    case .empty: []
    case .fromDraft(let passengers, _):
      passengers.map {
        TypedPassenger(
          title: $0.title, givenName: $0.givenName, familyName: $0.familyName,
          dateOfBirth: $0.dateOfBirth.iso)
      }
    case .typed(let typed): typed.passengers
    }
  }

  /// The contact's email and phone as a form shows them.
  public var contact: (email: String, phone: String) {
    switch self {
    case .empty: ("", "")
    case .fromDraft(_, let contact): (contact.email, contact.phone)
    case .typed(let typed): (typed.email, typed.phone)
    }
  }
}
