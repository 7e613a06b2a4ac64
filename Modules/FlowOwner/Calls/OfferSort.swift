import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    case .price: Self.sorted(offers) { $0.total.amount }
    case .departure: Self.sorted(offers) { _ in 0 }
    case .duration: Self.sorted(offers) { $0.durationMinutes }
    }
  }

  /// `offers` by `first`, then departure, then ID. Each offer's keys are read once, not at
  /// every comparison (a departure and a duration walk the offer's slices), and the sort moves
  /// indices, not offers.
  private static func sorted<First: Comparable>(
    _ offers: [Offer], by first: (Offer) -> First
  ) -> [Offer] {
    let keys = offers.map { (first: first($0), departure: $0.departure.instant, id: $0.id) }
    return keys.indices.sorted { keys[$0] < keys[$1] }.map { offers[$0] }
  }
}
