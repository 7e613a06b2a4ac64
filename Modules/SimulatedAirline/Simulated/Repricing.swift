import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// When the simulated airline re-prices an offer as it quotes it (Duffel's `price_changed`).
public enum PriceChanges: String, Sendable, CaseIterable {
  /// About one offer in six, chosen by the offer's ID: the same offers on every run.
  case seeded
  /// Every offer, for demos and tests of the change.
  case always
  /// None.
  case never
}

/// The re-priced fare of an offer: the same for the same offer on every run and in every process,
/// whatever `PriceChanges` says, so a quote carrying it can be checked at payment.
enum Repricing {
  /// The fare for one adult after the change: 3 to 11 percent up, rounded as fares are.
  static func fare(for offer: Offer) -> Money {
    let percent = Decimal(3 + Int(SeededGenerator.hash("reprice-\(offer.id)") % 9))
    return LocalCurrency(for: offer.origin).fare(offer.pricePerAdult.amount * (100 + percent) / 100)
  }

  /// Whether `mode` re-prices `offer`.
  static func applies(to offer: Offer, _ mode: PriceChanges) -> Bool {
    switch mode {
    case .always: true
    case .never: false
    case .seeded: SeededGenerator.hash("reprice?\(offer.id)") % 6 == 0
    }
  }

  /// The change `offer` is quoted with under `mode`, or nil when its price holds.
  static func change(for offer: Offer, _ mode: PriceChanges) -> PriceChange? {
    guard applies(to: offer, mode) else { return nil }
    return change(for: offer)
  }

  /// The one change the airline ever makes to `offer`'s price.
  static func change(for offer: Offer) -> PriceChange? {
    let fare = fare(for: offer)
    let after = QuotePricing.partyTotal(
      pricePerAdult: fare, party: offer.party, slices: offer.slices.count,
      currency: LocalCurrency(for: offer.origin))
    return try? PriceChange(before: offer.total, after: after, pricePerAdult: fare)
  }
}
