import Airline

/// The booking made. It never sees the bag: the booking is its input.
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
