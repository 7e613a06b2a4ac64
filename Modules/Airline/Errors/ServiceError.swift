import Domain

/// Why the airline said no, with a message a person can read.
public enum ServiceError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The offer expired or sold out; search again.
  case offerNoLongerAvailable(OfferID)
  /// No airport the airline knows has this code (a hand-written search link).
  case unknownAirport(IATACode)
  /// Every flight of that day has left (a search link, or a session resumed days later).
  case dayPassed(CalendarDay)
  /// The day is further ahead than flights are sold (a link, or a record from elsewhere).
  case beyondBookingWindow(CalendarDay)
  /// No draft has that ID.
  case draftNotFound(DraftID)
  /// No quote has that ID.
  case quoteNotFound(QuoteID)
  /// No booking has that reference.
  case bookingNotFound(BookingReference)
  /// The quote's price lock ran out; price again.
  case quoteExpired(QuoteID)
  /// The last seats at the quote's fare were sold since it was made: pricing again gives the
  /// next fare.
  case fareSoldOut(QuoteID)
  /// The seat on the slice's first flight (0 the outbound, 1 the return) was held or sold to
  /// someone else after it was chosen: choose another.
  case seatTaken(SeatDesignator, slice: Int)
  /// A value broke a rule (a name, an email, a seat...).
  case invalid(DomainError)
  /// The passengers cannot travel together as given (e.g. more infants than adults).
  case invalidPassengers(String)
  /// The extras do not fit the seat map or the rules.
  case invalidExtras(String)
  /// The card issuer declined the payment.
  case cardDeclined
  /// The card has insufficient funds.
  case insufficientFunds
  /// The card's expiry date has passed.
  case cardExpired
  /// The quote's draft is booked already (with this quote or another): this is its booking.
  case quoteAlreadyPaid(BookingReference)
  /// Whether the quote was paid cannot be told: a record guarding it cannot be read, and the
  /// bookings could not answer. It cannot be paid until they can (the reason names the file).
  case paymentUnresolved(String)
  /// The card was charged but the booking could not be saved (a full disk): paying again with
  /// the same attempt finishes the booking without a second charge.
  case chargedButNotSaved(String)
  /// The idempotency key was used before with different payment details.
  case idempotencyKeyReused
  /// The quote's record does not hold the price the airline gives for its draft and extras (a
  /// changed file): it is not paid. The reason says what differs.
  case quoteNotHonoured(QuoteID, String)
  /// The airline stayed busy with other travellers' holds and payments for longer than a
  /// payment waits (`SimulatedAirline.lockWait`): try again.
  case ledgerBusy
  /// A decision about a payment that does not apply (nothing is open, or its records decide).
  case invalidPayment(String)
  /// This program may not pay at all: it could not lock its data directory (the reason names
  /// the path and why). Searching and pricing still work.
  case paymentsUnavailable(String)
  /// The booking was cancelled: it cannot be cancelled or changed again.
  case bookingCancelled(BookingReference)
  /// The booking's first flight has left: it can no longer be cancelled or changed.
  case departed(BookingReference)
  /// No cancellation quote of the booking has that ID.
  case cancellationQuoteNotFound(CancellationQuoteID)
  /// The cancellation quote's hold ran out: ask for a new one.
  case cancellationQuoteExpired(CancellationQuoteID)
  /// A newer cancellation quote was given for the booking since this one: only the most
  /// recent can be confirmed.
  case cancellationQuoteSuperseded(CancellationQuoteID)
  /// The booking's fare does not allow changes (it may still be cancelled).
  case notChangeable(BookingReference)
  /// The booking has no such slice (0 the outbound, 1 the return).
  case noSuchSlice(BookingReference, Int)
  /// No change offer of the booking has that ID, or it expired.
  case changeOfferNotFound(ChangeOfferID)
  /// No change quote of the booking has that ID.
  case changeQuoteNotFound(ChangeQuoteID)
  /// The change quote's hold ran out: ask for change offers again.
  case changeQuoteExpired(ChangeQuoteID)
  /// A newer change quote was given for the booking since this one, or the booking changed
  /// since it was made: only the most recent, of the booking as it stands, can be confirmed.
  case changeQuoteSuperseded(ChangeQuoteID)
  /// The change costs money and no card was given for it.
  case changeNeedsPayment(Money)
  /// The airline's records could not be read or written.
  case storage(String)
  /// The data directory cannot be written: a full disk or quota, a read-only file system, no
  /// permission, an I/O error (the reason names the path and the system's words).
  case cannotWrite(String)

  public var description: String {
    switch self {
    case .offerNoLongerAvailable: "That offer is no longer available - pick another."
    case .unknownAirport(let code): "No airport has the code \(code) - search again."
    case .dayPassed(let day): "\(day) has passed - search for a later day."
    case .beyondBookingWindow(let day):
      "Flights can be booked up to \(SearchCriteria.bookingWindowDays) days ahead: \(day) is too "
        + "far - search for an earlier day."
    case .draftNotFound(let id): "No booking draft \(id) was found."
    case .quoteNotFound(let id): "No price quote \(id) was found."
    case .bookingNotFound(let reference): "No booking \(reference) was found."
    case .quoteExpired: "Your price expired - price your extras again."
    case .fareSoldOut:
      "The last seats at this fare were sold - price your extras again for the next fare."
    case .seatTaken(let seat, _): "\(seat) was just taken - choose another."
    case .invalid(let error): error.description
    case .invalidPassengers(let reason): reason
    case .invalidExtras(let reason): reason
    case .cardDeclined: "The card was declined. Try another card."
    case .insufficientFunds: "The card has insufficient funds. Try another card."
    case .cardExpired: "The card has expired. Try another card."
    case .quoteAlreadyPaid(let reference): "Already booked: \(reference)."
    case .paymentUnresolved(let reason):
      "It cannot be told whether this was paid, so it cannot be paid now: \(reason)"
    case .chargedButNotSaved(let reason):
      "The payment was taken but its booking could not be saved (\(reason)). Press Pay again to "
        + "finish it: you will not be charged twice."
    case .idempotencyKeyReused:
      "This payment attempt was already used with different details. Start the payment again."
    case .quoteNotHonoured(_, let reason):
      "This price quote cannot be paid: \(reason) Price your extras again."
    case .ledgerBusy:
      "The airline is busy with other bookings right now. Try again in a moment."
    case .invalidPayment(let reason): "Nothing to decide: \(reason)."
    case .paymentsUnavailable(let reason): "Paying is off: \(reason)"
    case .bookingCancelled(let reference): "Booking \(reference) is cancelled."
    case .departed(let reference):
      "Booking \(reference) has departed: it can no longer be cancelled or changed."
    case .cancellationQuoteNotFound(let id): "No cancellation quote \(id) was found."
    case .cancellationQuoteExpired:
      "This cancellation quote expired - ask for a new one."
    case .cancellationQuoteSuperseded:
      "A newer cancellation quote was given for this booking - confirm that one."
    case .notChangeable(let reference):
      "Booking \(reference)'s fare does not allow changes - it can still be cancelled."
    case .noSuchSlice(let reference, let slice):
      "Booking \(reference) has no flight \(slice + 1) to change."
    case .changeOfferNotFound(let id): "No change offer \(id) was found - ask for offers again."
    case .changeQuoteNotFound(let id): "No change quote \(id) was found."
    case .changeQuoteExpired: "This change quote expired - ask for change offers again."
    case .changeQuoteSuperseded:
      "The booking changed, or a newer change quote was given - confirm the newest one."
    case .changeNeedsPayment(let amount):
      "This change costs \(amount.formatted()) - pay it with a card."
    case .storage(let reason): "The booking records could not be used: \(reason)"
    case .cannotWrite(let reason): "The booking records could not be written: \(reason)"
    }
  }
}
