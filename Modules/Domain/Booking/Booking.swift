#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A paid booking, as the airline keeps it.
public struct Booking: Hashable, Sendable, Codable {
  /// The record locator.
  public let reference: BookingReference
  /// The draft that was paid for.
  public let draftID: DraftID
  /// The quote that was paid.
  public let quoteID: QuoteID
  /// The flights.
  public let offer: Offer
  /// Who travels.
  public let passengers: [Passenger]
  /// Who the airline contacts.
  public let contact: Contact
  /// The extras bought (seats, bags, insurance).
  public let extras: Extras
  /// What was paid.
  public let totalPaid: Money
  /// How it was paid: brand and last four digits only.
  public let paymentMethod: PaymentMethod
  /// When the payment went through.
  public let paidAt: Date
  /// Its cancellation, once confirmed (the refund with it); nil while it stands. The airline
  /// keeps it beside the booking's record and gives it with the booking.
  public let cancellation: Cancellation?
  /// Its confirmed changes, oldest first: `offer`, `extras` and `totalPaid` are as the last one
  /// left them. The airline keeps them beside the booking's record and gives them with it.
  public let changes: [BookingChange]

  /// A booking from its parts.
  public init(
    reference: BookingReference, draftID: DraftID, quoteID: QuoteID, offer: Offer,
    passengers: [Passenger], contact: Contact, extras: Extras, totalPaid: Money,
    paymentMethod: PaymentMethod, paidAt: Date, cancellation: Cancellation? = nil,
    changes: [BookingChange] = []
  ) {
    self.reference = reference
    self.draftID = draftID
    self.quoteID = quoteID
    self.offer = offer
    self.passengers = passengers
    self.contact = contact
    self.extras = extras
    self.totalPaid = totalPaid
    self.paymentMethod = paymentMethod
    self.paidAt = paidAt
    self.cancellation = cancellation
    self.changes = changes
  }

  /// This booking as cancelled by `cancellation` (nil: as it stands).
  public func with(cancellation: Cancellation?) -> Booking {
    Booking(
      reference: reference, draftID: draftID, quoteID: quoteID, offer: offer,
      passengers: passengers, contact: contact, extras: extras, totalPaid: totalPaid,
      paymentMethod: paymentMethod, paidAt: paidAt, cancellation: cancellation,
      changes: changes)
  }

  /// This booking after `change`: its trip and extras the change quote's, what was paid moved
  /// by the change's total, and the change added to its history.
  public func applying(_ change: BookingChange) -> Booking {
    let total = change.quote.total
    let paid =
      total.toPay.currency == totalPaid.currency
      ? Money(
        max(totalPaid.amount + total.toPay.amount - total.toRefund.amount, 0), totalPaid.currency)
      : totalPaid
    return Booking(
      reference: reference, draftID: draftID, quoteID: quoteID, offer: change.quote.offer,
      passengers: passengers, contact: contact, extras: change.quote.extras, totalPaid: paid,
      paymentMethod: paymentMethod, paidAt: paidAt, cancellation: cancellation,
      changes: changes + [change])
  }

  /// This booking after each of `changes`, in order.
  public func applying(_ changes: [BookingChange]) -> Booking {
    changes.reduce(self) { $0.applying($1) }
  }

  /// Whether it was cancelled.
  public var isCancelled: Bool { cancellation != nil }

  /// Its version: 1 as booked, one more with each change.
  public var version: Int { changes.count + 1 }

  private enum CodingKeys: String, CodingKey {
    case reference, draftID, quoteID, offer, passengers, contact, extras, totalPaid
    case paymentMethod, paidAt, cancellation, changes
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      reference: try c.decode(BookingReference.self, forKey: .reference),
      draftID: try c.decode(DraftID.self, forKey: .draftID),
      quoteID: try c.decode(QuoteID.self, forKey: .quoteID),
      offer: try c.decode(Offer.self, forKey: .offer),
      passengers: try c.decode([Passenger].self, forKey: .passengers),
      contact: try c.decode(Contact.self, forKey: .contact),
      extras: try c.decode(Extras.self, forKey: .extras),
      totalPaid: try c.decode(Money.self, forKey: .totalPaid),
      paymentMethod: try c.decode(PaymentMethod.self, forKey: .paymentMethod),
      paidAt: try c.decode(Date.self, forKey: .paidAt),
      cancellation: try c.decodeIfPresent(Cancellation.self, forKey: .cancellation),
      changes: try c.decodeIfPresent([BookingChange].self, forKey: .changes) ?? [])
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(reference, forKey: .reference)
    try c.encode(draftID, forKey: .draftID)
    try c.encode(quoteID, forKey: .quoteID)
    try c.encode(offer, forKey: .offer)
    try c.encode(passengers, forKey: .passengers)
    try c.encode(contact, forKey: .contact)
    try c.encode(extras, forKey: .extras)
    try c.encode(totalPaid, forKey: .totalPaid)
    try c.encode(paymentMethod, forKey: .paymentMethod)
    try c.encode(paidAt, forKey: .paidAt)
    try c.encodeIfPresent(cancellation, forKey: .cancellation)
    if !changes.isEmpty { try c.encode(changes, forKey: .changes) }
  }
}
