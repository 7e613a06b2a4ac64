import Airline

/// A step of the flow, carrying what it was given: the output of the step before.
public enum BookingStep: Equatable, Sendable {
  case search
  case results(ResultsInput)
  case passengers(PassengersInput)
  case extras(Draft)
  case payment(PaymentInput)
  case confirmation(Booking)

  /// Which screen the step is.
  public var route: Route {
    switch self {
    case .search: .search
    case .results: .results
    case .passengers: .passengers
    case .extras: .extras
    case .payment: .payment
    case .confirmation: .confirmation
    }
  }
}

/// The screens of the flow.
public enum Route: Equatable, Sendable {
  case search, results, passengers, extras, payment, confirmation
}
