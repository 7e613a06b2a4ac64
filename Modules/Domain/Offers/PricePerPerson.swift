#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What one traveller of each type pays for a trip, taxes and fees included, as the airline
/// splits an offer's total: an adult's always, a child's and an infant's (on a lap) when the
/// party has them.
public struct PricePerPerson: Hashable, Sendable, Codable {
  /// One adult's price.
  public let adult: Money
  /// One child's, when the party has children.
  public let child: Money?
  /// One infant's, when the party has infants.
  public let infant: Money?

  /// The prices; they must share the adult's currency.
  public init(adult: Money, child: Money? = nil, infant: Money? = nil) throws(DomainError) {
    for other in [child, infant].compactMap({ $0 }) where other.currency != adult.currency {
      throw .currencyMismatch(adult.currency.code, other.currency.code)
    }
    self.adult = adult
    self.child = child
    self.infant = infant
  }

  /// `total` split evenly over the party's travellers, each the same (exact for a party of
  /// adults alone): for an offer whose airline gave no split.
  public init(evenSplitOf total: Money, party: Party) {
    let each = Money(
      total.amount / Decimal(max(1, party.adults + party.children + party.infants)),
      total.currency
    ).rounded()
    adult = each
    child = party.children > 0 ? each : nil
    infant = party.infants > 0 ? each : nil
  }
}
