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

  /// A booking from its parts.
  public init(
    reference: BookingReference, draftID: DraftID, quoteID: QuoteID, offer: Offer,
    passengers: [Passenger], contact: Contact, extras: Extras, totalPaid: Money,
    paymentMethod: PaymentMethod, paidAt: Date, cancellation: Cancellation? = nil
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
  }

  /// This booking as cancelled by `cancellation` (nil: as it stands).
  public func with(cancellation: Cancellation?) -> Booking {
    Booking(
      reference: reference, draftID: draftID, quoteID: quoteID, offer: offer,
      passengers: passengers, contact: contact, extras: extras, totalPaid: totalPaid,
      paymentMethod: paymentMethod, paidAt: paidAt, cancellation: cancellation)
  }

  /// Whether it was cancelled.
  public var isCancelled: Bool { cancellation != nil }
}
