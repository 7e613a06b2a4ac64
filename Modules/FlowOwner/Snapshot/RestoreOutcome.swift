import Airline
import Domain

/// What restoring a snapshot did, so the app can tell the person in one line.
public enum RestoreOutcome: Hashable, Sendable, CustomStringConvertible {
  /// There was nothing to resume: the search form.
  case fresh
  /// The flow is back where it was.
  case resumed(at: StepKind)
  /// A link opened where it points (`BookingFlow.open(_:using:now:)`).
  case opened(at: StepKind)
  /// Part of the flow could not be brought back; it resumed at the furthest step still valid.
  case fellBack(to: StepKind, because: FallbackReason)

  /// The step the flow resumed at.
  public var step: StepKind {
    switch self {
    case .fresh: .search
    case .resumed(let step), .opened(let step), .fellBack(let step, _): step
    }
  }

  public var description: String {
    switch self {
    case .fresh: "Nothing to resume."
    case .resumed(let step): "Resumed at \(step)."
    case .opened(let step): "Opened \(step) from the link."
    case .fellBack(.extras, .quoteUnavailable):
      "That price quote was not found - review your extras to price them again."
    case .fellBack(.passengers, .quoteUnavailable), .fellBack(.passengers, .draftUnavailable):
      "Your passenger details were not found - enter them again."
    case .fellBack(_, let reason): reason.description
    }
  }
}

/// Why restoring stopped short of the saved position.
public enum FallbackReason: Hashable, Sendable, CustomStringConvertible {
  /// The quote's price lock ran out: the extras are priced again.
  case quoteExpired
  /// The quote was paid already: this is its booking.
  case alreadyPaid(BookingReference)
  /// The quote could not be found.
  case quoteUnavailable
  /// The draft (passenger details) could not be found.
  case draftUnavailable
  /// The offer expired or sold out.
  case offerUnavailable
  /// A snapshot from a deep link named a flight whose search could not be rebuilt.
  case searchUnavailable
  /// The airline's records could not be read.
  case lookupFailed(String)
  /// Whether the quote was paid cannot be told yet: it is not offered for payment.
  case paymentUnresolved(String)
  /// The search's day is further ahead than flights are sold (a link, or a session from
  /// elsewhere): the search form, never a request for it.
  case beyondBookingWindow(CalendarDay)

  public var description: String {
    switch self {
    case .quoteExpired: "Your price expired - review your extras."
    case .alreadyPaid(let reference): "That price was paid already: booking \(reference)."
    case .quoteUnavailable: "That price quote was not found - start from the results."
    case .draftUnavailable: "Your passenger details were not found - pick an offer again."
    case .offerUnavailable: "That offer is no longer available - pick another."
    case .searchUnavailable: "That booking could not be reopened - search again."
    case .lookupFailed(let reason): "Could not reopen your booking: \(reason)"
    case .paymentUnresolved(let reason):
      "Whether this price was paid cannot be told yet, so it cannot be paid: \(reason)"
    case .beyondBookingWindow(let day):
      "\(day) is more than \(SearchCriteria.bookingWindowDays) days ahead: flights cannot be "
        + "booked that far yet - search again."
    }
  }

  init(_ error: ServiceError, otherwise reason: FallbackReason) {
    if case .storage(let message) = error {
      self = .lookupFailed(message)
    } else if case .cannotWrite(let message) = error {
      self = .lookupFailed(message)
    } else if case .offerNoLongerAvailable = error {
      self = .offerUnavailable
    } else {
      self = reason
    }
  }
}
