import Domain

/// One step on the booking path. Each case carries exactly what the step before it produced, so a
/// step cannot exist without its input: there is no "payment without a quote".
///
/// The search form is the root under the path and is not a case: an empty path means "searching".
public enum BookingStep: Hashable, Sendable {
  /// Offers for a search; `chosen`, the offer the panel starts highlighted (a restore: the offer
  /// the path went on with; none in the flow owner's own transitions).
  case results(SearchCriteria, chosen: OfferID? = nil)
  /// Passenger details for the chosen offer, with details carried over from an earlier draft or
  /// typed in an earlier passengers step.
  case passengers(Offer, prefill: PassengerPrefill)
  /// Seats, bags and insurance for a saved draft; `chosen`, what the panel starts with (none in
  /// the flow owner's own transitions: a new draft starts without seats).
  case extras(BookingDraft, chosen: Extras = .none)
  /// Paying a price-locked quote; `card`, a number and expiry typed in an earlier payment step
  /// (never the security code).
  case payment(Quote, card: CardPrefill? = nil)
  /// The paid booking.
  case confirmation(BookingReference)

  /// Which step this is.
  public var kind: StepKind {
    switch self {
    case .results: .results
    case .passengers: .passengers
    case .extras: .extras
    case .payment: .payment
    case .confirmation: .confirmation
    }
  }
}

/// The kinds of step, in flow order; `search` is the root under the path.
public enum StepKind: Int, Hashable, Sendable, Codable, CaseIterable, Comparable,
  CustomStringConvertible
{
  case search, results, passengers, extras, payment, confirmation

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String {
    switch self {
    case .search: "search"
    case .results: "results"
    case .passengers: "passengers"
    case .extras: "extras"
    case .payment: "payment"
    case .confirmation: "confirmation"
    }
  }
}
