import Domain

/// Why a text is not a link the app can open, naming what is wrong.
public enum DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
  case tooLong(Int)
  case notALink(String)
  case wrongScheme(String)
  case missingHost
  case unknownHost(String)
  case unexpectedPath(String)
  case unexpectedQuery(String)
  case missingQuoteID
  case missingReference
  case invalidReference(String)
  case invalidQuoteID(String)
  case invalidEncoding(String)
  case unknownParameter(String)
  case duplicateParameter(String)
  case missingParameter(String)
  case invalidParameter(name: String, reason: String)
  /// A search link's day has passed everywhere on Earth.
  case dayPassed(CalendarDay)
  /// A search link's day is beyond the last day that can be booked.
  case beyondBookingWindow(CalendarDay)

  public var description: String {
    let q = DomainError.quoted
    return switch self {
    case .tooLong(let length): "The link is \(length) bytes long; links are at most 2048."
    case .notALink(let text): "\(q(text)) is not a link: expected booking://pay/<quote ID>."
    case .wrongScheme(let scheme): "Links must start with booking://, not \(q(scheme + "://"))."
    case .missingHost:
      "The link names no action: use booking://pay/<quote ID>, booking://search or "
        + "booking://trip/<reference>."
    case .unknownHost(let host):
      "\(q(host)) is not a link action: use booking://pay/<quote ID>, booking://search?... or "
        + "booking://trip/<reference>."
    case .unexpectedPath(let path): "The link has an unexpected path \(q(path))."
    case .unexpectedQuery(let host): "A \(host) link takes no ?parameters."
    case .missingQuoteID: "The payment link names no quote: use booking://pay/<quote ID>."
    case .missingReference: "The trip link names no booking: use booking://trip/<reference>."
    case .invalidReference(let reference):
      "\(q(reference)) is not a booking reference: use six letters or digits, like K7Q2ZP."
    case .invalidQuoteID(let id):
      "\(q(id)) is not a quote ID: use 1 to 64 letters, digits, '-' or '_'."
    case .invalidEncoding(let name):
      "The link's \(name) has a broken %-escape or a control character."
    case .unknownParameter(let name):
      "\(q(name)) is not a search parameter: use from, to, date, return, adults, children and infants."
    case .duplicateParameter(let name): "The link gives \(q(name)) twice."
    case .missingParameter(let name): "The search link needs \(name)=..."
    case .invalidParameter(let name, let reason): "The link's \(name) is wrong: \(reason)"
    case .dayPassed(let day): "\(day) has passed: a search link needs a day from today on."
    case .beyondBookingWindow(let day):
      "\(day) is more than \(SearchCriteria.bookingWindowDays) days ahead: flights cannot be "
        + "booked that far ahead."
    }
  }
}
