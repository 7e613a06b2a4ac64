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
    case .price:
      // In whole ten-thousandths (a price is in whole minor units, three places at most), read
      // from each price's own fields: a `Decimal` comparison costs about half a microsecond, and
      // a sort makes a dozen per offer. As decimals if a price cannot be read so.
      let exact = offers.compactMap { $0.total.amount.wholeNumber(scale: 4) }
      guard exact.count == offers.count else { return Self.sorted(offers) { $0.total.amount } }
      var next = exact.makeIterator()
      return Self.sorted(offers) { _ in next.next() ?? 0 }
    case .departure: return Self.sorted(offers) { _ in 0 }
    case .duration: return Self.sorted(offers) { $0.durationMinutes }
    }
  }

  /// `offers` by `first` (called once for each offer, in order), then departure, then ID. Each
  /// offer's keys are read once, not at every comparison (a departure and a duration walk the
  /// offer's slices), and the sort moves indices, not offers.
  private static func sorted<First: Comparable>(
    _ offers: [Offer], by first: (Offer) -> First
  ) -> [Offer] {
    let keys = offers.map { (first: first($0), departure: $0.departure.instant, id: $0.id) }
    return keys.indices.sorted { keys[$0] < keys[$1] }.map { offers[$0] }
  }
}
