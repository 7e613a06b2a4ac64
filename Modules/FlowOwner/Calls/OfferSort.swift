import Domain

/// An order for a list of offers, as the results list and `booking-cli search` sort them.
public enum OfferSort: String, Hashable, Sendable, CaseIterable {
  /// Cheapest first.
  case price
  /// Earliest departure first.
  case departure
  /// Shortest journey first.
  case duration

  /// `offers` in this order; ties are broken by departure, then ID, so the order is stable.
  public func sorted(_ offers: [Offer]) -> [Offer] {
    switch self {
    case .price:
      offers.sorted {
        ($0.total.amount, $0.departure.instant, $0.id)
          < ($1.total.amount, $1.departure.instant, $1.id)
      }
    case .departure:
      offers.sorted { ($0.departure.instant, $0.id) < ($1.departure.instant, $1.id) }
    case .duration:
      offers.sorted {
        ($0.durationMinutes, $0.departure.instant, $0.id)
          < ($1.durationMinutes, $1.departure.instant, $1.id)
      }
    }
  }
}
