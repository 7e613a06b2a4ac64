#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ID of a `CancellationQuote`.
public typealias CancellationQuoteID = Identifier<CancellationQuote>

/// What the airline offers for cancelling a booking (Duffel's order cancellation): the refund,
/// the card it goes back to, and until when the offer holds. Only the booking's most recent
/// cancellation quote can be confirmed, and only before it expires.
public struct CancellationQuote: Hashable, Sendable, Codable, Identifiable {
  /// The quote's ID.
  public let id: CancellationQuoteID
  /// The booking it cancels.
  public let reference: BookingReference
  /// The version of the booking it was quoted for (`Booking.version`): a booking changed since
  /// refuses it.
  public let version: Int
  /// What was paid for the booking.
  public let paid: Money
  /// What the airline keeps: the fare's penalty, or, for a fare that refunds nothing but its
  /// taxes, everything else.
  public let kept: Money
  /// What goes back to the card: `paid` less `kept`, never below zero.
  public let refund: Money
  /// Whether the fare allows a refund (false: only its taxes come back).
  public let refundable: Bool
  /// The card the refund goes back to (brand and last four).
  public let refundTo: PaymentMethod
  /// When the quote was given.
  public let issuedAt: Date
  /// When the quote stops being honoured.
  public let expiresAt: Date

  /// Checks that the three amounts share a currency and that `refund` is `paid` less `kept`.
  public init(
    id: CancellationQuoteID, reference: BookingReference, version: Int = 1, paid: Money,
    kept: Money, refund: Money, refundable: Bool, refundTo: PaymentMethod, issuedAt: Date,
    expiresAt: Date
  ) throws(DomainError) {
    _ = try paid.validatedAsPrice()
    _ = try kept.validatedAsPrice()
    _ = try refund.validatedAsPrice()
    let sum = try Money.sum([kept, refund], in: paid.currency)
    guard sum == paid else {
      throw .invalidQuoteTotal(expected: paid.formatted(), found: sum.formatted())
    }
    self.id = id
    self.reference = reference
    self.version = version
    self.paid = paid
    self.kept = kept
    self.refund = refund
    self.refundable = refundable
    self.refundTo = refundTo
    self.issuedAt = issuedAt
    self.expiresAt = expiresAt
  }

  /// Whether it can still be confirmed at `now`.
  public func isValid(at now: Date) -> Bool { now < expiresAt }

  /// Whole seconds left at `now` (rounded up, so 0 means expired), never negative.
  public func secondsRemaining(at now: Date) -> Int {
    max(0, Int(clamping: expiresAt.timeIntervalSince(now), rounding: .up))
  }

  private enum CodingKeys: String, CodingKey {
    case id, reference, version, paid, kept, refund, refundable, refundTo, issuedAt, expiresAt
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(CancellationQuoteID.self, forKey: .id),
      reference: c.decode(BookingReference.self, forKey: .reference),
      version: c.decodeIfPresent(Int.self, forKey: .version) ?? 1,
      paid: c.decode(Money.self, forKey: .paid), kept: c.decode(Money.self, forKey: .kept),
      refund: c.decode(Money.self, forKey: .refund),
      refundable: c.decode(Bool.self, forKey: .refundable),
      refundTo: c.decode(PaymentMethod.self, forKey: .refundTo),
      issuedAt: c.decode(Date.self, forKey: .issuedAt),
      expiresAt: c.decode(Date.self, forKey: .expiresAt))
  }
}

/// A booking's cancellation, once confirmed: the quote it confirmed and when. The refund is
/// the quote's.
public struct Cancellation: Hashable, Sendable, Codable {
  /// The quote confirmed.
  public let quote: CancellationQuote
  /// When the booking was cancelled.
  public let cancelledAt: Date

  /// A confirmed cancellation.
  public init(quote: CancellationQuote, cancelledAt: Date) {
    self.quote = quote
    self.cancelledAt = cancelledAt
  }

  /// What went back to the card.
  public var refund: Money { quote.refund }
}
