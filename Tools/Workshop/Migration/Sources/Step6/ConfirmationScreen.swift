import Airline

/// The booking made, its input.
@MainActor
public final class ConfirmationScreen {
  public let booking: Booking

  public init(booking: Booking) {
    self.booking = booking
  }

  public var lines: [String] {
    let draft = booking.quote.draft
    return [
      "Booked: \(booking.reference)",
      "\(draft.passengers.count) passenger(s) on \(draft.offer.flight)",
      "Sent to \(draft.email)",
    ]
  }
}
