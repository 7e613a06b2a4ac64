#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a line of a quote is for.
public enum LineItemKind: String, Hashable, Sendable, Codable, CaseIterable {
  /// The fares of the adults.
  case fare
  /// The fares of the children (2 to 11).
  case childFare
  /// An infant on an adult's lap: a tenth of the fare.
  case infant
  case seat, bag, insurance, tax
}

/// One priced line of a quote, such as "Seat 14A".
public struct LineItem: Hashable, Sendable, Codable {
  /// What it is for.
  public let kind: LineItemKind
  /// What a person reads, such as "Seat 14A (Ada Lovelace)".
  public let label: String
  /// The amount.
  public let amount: Money
  /// What the line counts: passengers for the fare, bags for a bag line.
  public let quantity: Int?
  /// The price of one, for the fare (per passenger).
  public let unitPrice: Money?
  /// The seat of a seat line.
  public let seat: SeatDesignator?
  /// The slice of a seat line: 0 the outbound, 1 the return.
  public let slice: Int?
  /// The passenger a seat or bag line is for, by their number in the draft (1 is the first):
  /// a quote is stored apart from its draft, so it carries no names.
  public let passenger: Int?

  /// A line item; the parts after `amount` let a screen word the line in its own language.
  public init(
    kind: LineItemKind, label: String, amount: Money, quantity: Int? = nil,
    unitPrice: Money? = nil, seat: SeatDesignator? = nil, slice: Int? = nil,
    passenger: Int? = nil
  ) {
    self.kind = kind
    self.label = label
    self.amount = amount
    self.quantity = quantity
    self.unitPrice = unitPrice
    self.seat = seat
    self.slice = slice
    self.passenger = passenger
  }
}

/// The airline's word that it re-priced the offer between search and quote (Duffel's
/// `price_changed`): what the party's fare was when it was chosen, and what it is now.
public struct PriceChange: Hashable, Sendable, Codable {
  /// The party's total for the trip when the offer was chosen (taxes in, extras out).
  public let before: Money
  /// The party's total for the trip now.
  public let after: Money
  /// The fare for one adult now.
  public let pricePerAdult: Money
  /// Why, when the airline says: nil for a re-pricing it gives no reason for.
  public let reason: Reason?

  /// Why a price changed.
  public enum Reason: String, Hashable, Sendable, Codable {
    /// The last seats at the offer's fare were sold: the next fare bucket's price.
    case fareSoldOut
  }

  /// A change of price; both totals in one currency.
  public init(before: Money, after: Money, pricePerAdult: Money, reason: Reason? = nil)
    throws(DomainError)
  {
    guard before.currency == after.currency, after.currency == pricePerAdult.currency else {
      throw .currencyMismatch(before.currency.code, after.currency.code)
    }
    self.before = before
    self.after = after
    self.pricePerAdult = pricePerAdult
    self.reason = reason
  }

  private enum CodingKeys: String, CodingKey { case before, after, pricePerAdult, reason }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      before: c.decode(Money.self, forKey: .before), after: c.decode(Money.self, forKey: .after),
      pricePerAdult: c.decode(Money.self, forKey: .pricePerAdult),
      reason: c.decodeIfPresent(Reason.self, forKey: .reason))
  }
}

/// A price locked for a draft and its extras until `expiresAt`.
public struct Quote: Hashable, Sendable, Codable, Identifiable {
  /// The quote's ID.
  public let id: QuoteID
  /// The draft it prices.
  public let draftID: DraftID
  /// The extras it prices, so the same selection can be priced again after expiry.
  public let extras: Extras
  /// The priced lines.
  public let lineItems: [LineItem]
  /// The sum of the lines.
  public let total: Money
  /// When the price stops being honoured.
  public let expiresAt: Date
  /// When the price was given (absent in quotes saved before it was kept), so a countdown can
  /// show how much of the lock is left.
  public let issuedAt: Date?
  /// Set when the airline re-priced the offer since it was chosen: the traveller accepts it
  /// before paying (`BookingFlow.acceptPriceChange`).
  public let priceChange: PriceChange?

  /// Validates that every line and the total are prices (not negative, in the currency's minor
  /// units), that the lines share one currency and that they add up to `total`.
  public init(
    id: QuoteID, draftID: DraftID, extras: Extras, lineItems: [LineItem], total: Money,
    expiresAt: Date, issuedAt: Date? = nil, priceChange: PriceChange? = nil
  ) throws(DomainError) {
    for line in lineItems { _ = try line.amount.validatedAsPrice() }
    _ = try total.validatedAsPrice()
    let sum = try Money.sum(lineItems.map(\.amount), in: total.currency)
    guard sum.amount == total.amount else {
      throw .invalidQuoteTotal(expected: sum.formatted(), found: total.formatted())
    }
    self.id = id
    self.draftID = draftID
    self.extras = extras
    self.lineItems = lineItems
    self.total = total
    self.expiresAt = expiresAt
    self.issuedAt = issuedAt
    self.priceChange = priceChange
  }

  /// How long the price was locked for, in whole seconds, when known.
  public var lockSeconds: Int? {
    issuedAt.map {
      max(1, Int(clamping: expiresAt.timeIntervalSince($0), rounding: .toNearestOrAwayFromZero))
    }
  }

  /// Whether the price still holds at `now`.
  public func isValid(at now: Date) -> Bool { now < expiresAt }

  /// Whole seconds left at `now` (rounded up, so 0 means expired), never negative.
  public func secondsRemaining(at now: Date) -> Int {
    max(0, Int(clamping: expiresAt.timeIntervalSince(now), rounding: .up))
  }

  private enum CodingKeys: String, CodingKey {
    case id, draftID, extras, lineItems, total, expiresAt, issuedAt, priceChange
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(QuoteID.self, forKey: .id), draftID: c.decode(DraftID.self, forKey: .draftID),
      extras: c.decode(Extras.self, forKey: .extras),
      lineItems: c.decode([LineItem].self, forKey: .lineItems),
      total: c.decode(Money.self, forKey: .total),
      expiresAt: c.decode(Date.self, forKey: .expiresAt),
      issuedAt: c.decodeIfPresent(Date.self, forKey: .issuedAt),
      priceChange: c.decodeIfPresent(PriceChange.self, forKey: .priceChange))
  }
}
