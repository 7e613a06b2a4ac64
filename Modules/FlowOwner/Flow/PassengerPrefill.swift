import Domain

/// Passenger details a passengers step starts with: its input, decided where the step is built.
///
/// The flow owner decides it in one place (`BookingFlow.passengersStep(for:)`): a change of
/// flight after going back starts with what the departed passengers step held typed. A restore
/// rebuilds the passengers step of a saved draft with the draft's travellers. Only names, dates
/// of birth and contact are prefilled: seats and extras never are.
public enum PassengerPrefill: Hashable, Sendable {
  /// Start with empty forms.
  case empty
  /// Start with the travellers and contact of a saved draft.
  case fromDraft(passengers: [Passenger], contact: Contact)
  /// Start with the fields a passengers step held typed when it left the path, valid or not.
  case typed(passengers: [TypedPassenger], email: String, phone: String)

  /// The travellers and contact of `draft`.
  public init(_ draft: BookingDraft) {
    self = .fromDraft(passengers: draft.passengers, contact: draft.contact)
  }

  /// The passengers carried, each as a form shows them, if any.
  public var passengers: [TypedPassenger] {
    switch self {
    case .empty: []
    case .typed(let passengers, _, _): passengers
    case .fromDraft(let passengers, _):
      passengers.map {
        TypedPassenger(
          title: $0.title, givenName: $0.givenName, familyName: $0.familyName,
          dateOfBirth: $0.dateOfBirth.iso)
      }
    }
  }

  /// The contact's email and phone as a form shows them.
  public var contact: (email: String, phone: String) {
    switch self {
    case .empty: ("", "")
    case .typed(_, let email, let phone): (email, phone)
    case .fromDraft(_, let contact): (contact.email, contact.phone)
    }
  }
}
