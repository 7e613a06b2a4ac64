#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ID of a `ChangeOffer`.
public typealias ChangeOfferID = Identifier<ChangeOffer>
/// The ID of a `ChangeQuote`.
public typealias ChangeQuoteID = Identifier<ChangeQuote>

/// What a traveller asks to change of a booking (Duffel's order change request): one slice
/// (0 the outbound, 1 the return) moved to another day, on the same route and cabin.
public struct ChangeCriteria: Hashable, Sendable, Codable {
  /// The booking.
  public let reference: BookingReference
  /// The slice to move: 0 the outbound, 1 the return.
  public let slice: Int
  /// The new day of that slice's departure, in its origin's calendar.
  public let departure: CalendarDay

  /// A change of `reference`'s slice `slice` to `departure`.
  public init(reference: BookingReference, slice: Int, departure: CalendarDay) {
    self.reference = reference
    self.slice = slice
    self.departure = departure
  }
}

/// What a change costs or gives back: the new fare less the fare it replaces, plus the fare's
/// change penalty (Duffel's `change_total_amount`). Positive is paid with a card; negative goes
/// back to the booking's card. Kept as two amounts that are never negative, at most one of them
/// above zero, because every amount on disk is a price.
public struct ChangeTotal: Hashable, Sendable, Codable {
  /// The new slice's fare, taxes in.
  public let newFare: Money
  /// The fare of the flight the new slice replaces: its share of the fare paid, or what its last
  /// change paid for it.
  public let oldFare: Money
  /// The fare's change penalty (zero when the change is free).
  public let penalty: Money
  /// What the traveller pays: `newFare - oldFare + penalty` when that is above zero.
  public let toPay: Money
  /// What goes back to the card: the same sum's opposite when it is below zero.
  public let toRefund: Money

  /// Checks one currency and works out `toPay` and `toRefund`.
  public init(newFare: Money, oldFare: Money, penalty: Money) throws(DomainError) {
    let currency = oldFare.currency
    for amount in [newFare, penalty] where amount.currency != currency {
      throw .currencyMismatch(currency.code, amount.currency.code)
    }
    _ = try newFare.validatedAsPrice()
    _ = try oldFare.validatedAsPrice()
    _ = try penalty.validatedAsPrice()
    self.newFare = newFare
    self.oldFare = oldFare
    self.penalty = penalty
    let sum = newFare.amount - oldFare.amount + penalty.amount
    toPay = Money(max(sum, 0), currency)
    toRefund = Money(max(-sum, 0), currency)
  }

  /// The signed total, as Duffel's `change_total_amount` (positive: pay; negative: refund).
  public var signedAmount: Decimal { toPay.amount - toRefund.amount }
  /// Whether a card is charged.
  public var pays: Bool { toPay.amount > 0 }
  /// Whether money goes back to the card.
  public var refunds: Bool { toRefund.amount > 0 }

  private enum CodingKeys: String, CodingKey { case newFare, oldFare, penalty }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      newFare: c.decode(Money.self, forKey: .newFare),
      oldFare: c.decode(Money.self, forKey: .oldFare),
      penalty: c.decode(Money.self, forKey: .penalty))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(newFare, forKey: .newFare)
    try c.encode(oldFare, forKey: .oldFare)
    try c.encode(penalty, forKey: .penalty)
  }
}

/// A flight a booking's slice can move to (Duffel's order change offer): the whole trip as it
/// would be, and what the move costs or gives back. Valid until `expiresAt`.
public struct ChangeOffer: Hashable, Sendable, Codable, Identifiable {
  /// The change offer's ID.
  public let id: ChangeOfferID
  /// The booking it changes.
  public let reference: BookingReference
  /// The version of the booking it was made for: a booking changed since refuses it.
  public let version: Int
  /// The slice it moves.
  public let slice: Int
  /// The trip after the change: the booking's slices with `slice` replaced, at the booking's
  /// cabin and fare conditions.
  public let offer: Offer
  /// What the change costs or gives back.
  public let total: ChangeTotal
  /// When the airline stops honouring it.
  public let expiresAt: Date

  /// A change offer from its parts; `slice` must be one of `offer`'s.
  public init(
    id: ChangeOfferID, reference: BookingReference, version: Int, slice: Int, offer: Offer,
    total: ChangeTotal, expiresAt: Date
  ) throws(DomainError) {
    guard offer.slices.indices.contains(slice) else { throw .invalidSliceCount(slice + 1) }
    self.id = id
    self.reference = reference
    self.version = version
    self.slice = slice
    self.offer = offer
    self.total = total
    self.expiresAt = expiresAt
  }

  /// The new slice.
  public var newSlice: Slice { offer.slices[slice] }

  private enum CodingKeys: String, CodingKey {
    case id, reference, version, slice, offer, total, expiresAt
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(ChangeOfferID.self, forKey: .id),
      reference: c.decode(BookingReference.self, forKey: .reference),
      version: c.decode(Int.self, forKey: .version), slice: c.decode(Int.self, forKey: .slice),
      offer: c.decode(Offer.self, forKey: .offer),
      total: c.decode(ChangeTotal.self, forKey: .total),
      expiresAt: c.decode(Date.self, forKey: .expiresAt))
  }
}

/// A change offer the airline locks (Duffel's order change, before it is confirmed): its price,
/// the seats it holds on the new flight for the booking's seated travellers, the card a refund
/// goes back to, and until when it holds. Only the booking's most recent change quote can be
/// confirmed, and only before it expires.
public struct ChangeQuote: Hashable, Sendable, Codable, Identifiable {
  /// The quote's ID.
  public let id: ChangeQuoteID
  /// The change offer it locks.
  public let offerID: ChangeOfferID
  /// The booking it changes.
  public let reference: BookingReference
  /// The booking's version it changes.
  public let version: Int
  /// The slice it moves.
  public let slice: Int
  /// The trip after the change.
  public let offer: Offer
  /// The booking's extras after the change: on the new slice, each seat the traveller had kept
  /// where it is free on the new flight, or the nearest free seat; held by this quote.
  public let extras: Extras
  /// What the change costs or gives back.
  public let total: ChangeTotal
  /// The card a refund goes back to (brand and last four).
  public let refundTo: PaymentMethod
  /// When the quote was given.
  public let issuedAt: Date
  /// When the quote stops being honoured, and its seats are let go.
  public let expiresAt: Date

  /// A change quote from its parts.
  public init(
    id: ChangeQuoteID, offerID: ChangeOfferID, reference: BookingReference, version: Int,
    slice: Int, offer: Offer, extras: Extras, total: ChangeTotal, refundTo: PaymentMethod,
    issuedAt: Date, expiresAt: Date
  ) {
    self.id = id
    self.offerID = offerID
    self.reference = reference
    self.version = version
    self.slice = slice
    self.offer = offer
    self.extras = extras
    self.total = total
    self.refundTo = refundTo
    self.issuedAt = issuedAt
    self.expiresAt = expiresAt
  }

  /// The new slice.
  public var newSlice: Slice { offer.slices[min(slice, offer.slices.count - 1)] }

  /// Whether it can still be confirmed at `now`.
  public func isValid(at now: Date) -> Bool { now < expiresAt }

  /// Whole seconds left at `now` (rounded up, so 0 means expired), never negative.
  public func secondsRemaining(at now: Date) -> Int {
    max(0, Int(clamping: expiresAt.timeIntervalSince(now), rounding: .up))
  }
}

/// One confirmed change of a booking, kept in its history: the quote it confirmed, the card a
/// positive total was paid with, and when.
public struct BookingChange: Hashable, Sendable, Codable {
  /// The booking's version this change made (the first change makes version 2).
  public let version: Int
  /// The quote confirmed.
  public let quote: ChangeQuote
  /// The card charged for a positive total (brand and last four); nil when nothing was paid.
  public let paidWith: PaymentMethod?
  /// When the booking was changed.
  public let changedAt: Date

  /// A confirmed change.
  public init(version: Int, quote: ChangeQuote, paidWith: PaymentMethod?, changedAt: Date) {
    self.version = version
    self.quote = quote
    self.paidWith = paidWith
    self.changedAt = changedAt
  }
}
