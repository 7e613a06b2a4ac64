import Airline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `booking-cli` ends, as the exit codes of BSD's `sysexits.h`: the one table of them, which
/// `--help` and docs/CLI.md print.
enum ExitCode: Int32, CaseIterable {
  case ok = 0
  /// Something typed is wrong, in its form or its value: an unknown command or option, a
  /// missing value, a malformed date, an unknown airport, a past day, the same airport twice, a
  /// passenger or seat the offer cannot take, a bad card field. The line names the value.
  case usage = 64
  /// A record on disk cannot be read (corrupt, or from a newer version).
  case badData = 65
  /// An ID names nothing: no booking, quote, offer or draft has it.
  case notFound = 66
  /// The airline said no to something that exists: a quote expired, a card declined, an offer
  /// gone stale, a draft another quote booked.
  case refused = 69
  /// The data directory cannot be used: it cannot be created or written (a full disk or quota,
  /// a read-only file system, a file or device where a folder should be, no permission), or it
  /// is refused as unsafe (a symbolic link, another user's folder, a folder others can write, a
  /// folder above it another user could change).
  case cannotUseData = 73
  /// Standard output could not be written (a full disk, `> /dev/full`). A reader that went
  /// away (`| head -1`) is not this: the command then ends quietly by SIGPIPE, as git does.
  case ioError = 74
  /// Try again later: a command that writes found the data directory locked by another process
  /// (the app is open); or a payment was taken and its booking could not be saved yet.
  case temporary = 75

  /// The code's short name, the `kind` of a `--json` error document.
  var name: String {
    switch self {
    case .ok: "ok"
    case .usage: "usage"
    case .badData: "badData"
    case .notFound: "notFound"
    case .refused: "refused"
    case .cannotUseData: "cannotUseData"
    case .ioError: "ioError"
    case .temporary: "temporary"
    }
  }

  /// What the code means, in a few words for `--help`'s table.
  var meaning: String {
    switch self {
    case .ok: "done"
    case .usage:
      "something typed is wrong, in form or value: an unknown command or option, a missing "
        + "value, a malformed or past date, an unknown airport, the same airport twice, "
        + "passengers the offer cannot take, a seat the aircraft does not have, a bad or expired "
        + "card; the value is named on stderr"
    case .badData: "a record on disk cannot be read"
    case .notFound: "no booking, quote, offer or draft has that ID"
    case .refused:
      "the airline said no to something that exists: a seat taken, a quote expired, a card "
        + "declined, an offer gone stale, a draft another quote booked"
    case .cannotUseData:
      "the data directory cannot be created or written (a full disk, a read-only file "
        + "system), or it is unsafe (a link, another user's, writable by others)"
    case .ioError:
      "standard output could not be written (a full disk); a reader that goes away (| head) "
        + "ends the command quietly by SIGPIPE instead, 141 in the shell, as git"
    case .temporary:
      "try again later: the airline stayed busy with other bookings for longer than a "
        + "command waits (5 s), or a payment taken whose booking could not be saved (run the "
        + "same pay command again)"
    }
  }
}

/// Why a command stopped: one line for stderr, and the exit code.
struct Failure: Error {
  let code: ExitCode
  let message: String
  /// Whether the command wrote its document on standard output before failing (`trips --json`
  /// lists the bookings it could read): then no error document follows it.
  var outputWritten = false

  /// A usage error: the line names the bad value.
  static func usage(_ message: String) -> Failure { Failure(code: .usage, message: message) }

  /// The data directory cannot be used (73), with the reason.
  static func unusable(_ message: String) -> Failure {
    Failure(code: .cannotUseData, message: message)
  }

  /// An ID that names nothing (66).
  static func notFound(_ message: String) -> Failure { Failure(code: .notFound, message: message) }

  /// The airline's answer, coded by what it says: a value typed that breaks a rule, an ID that
  /// names nothing, a no to something that exists, the data, or the moment. Every case is
  /// decided here, so a new one cannot fall into a code by default.
  static func airline(_ error: ServiceError) -> Failure {
    switch error {
    case .invalid, .invalidPassengers, .invalidExtras, .unknownAirport, .dayPassed,
      .beyondBookingWindow, .cardExpired:
      Failure(code: .usage, message: error.description)
    case .draftNotFound, .quoteNotFound, .bookingNotFound, .cancellationQuoteNotFound,
      .changeOfferNotFound, .changeQuoteNotFound, .noSuchSlice:
      Failure(code: .notFound, message: error.description)
    case .offerNoLongerAvailable, .seatTaken, .quoteExpired, .fareSoldOut, .cardDeclined,
      .insufficientFunds,
      .quoteAlreadyPaid, .idempotencyKeyReused, .quoteNotHonoured, .invalidPayment,
      .bookingCancelled, .departed, .cancellationQuoteExpired, .cancellationQuoteSuperseded,
      .notChangeable, .changeQuoteExpired, .changeQuoteSuperseded, .changeNeedsPayment:
      Failure(code: .refused, message: error.description)
    case .cannotWrite, .paymentsUnavailable:
      Failure(code: .cannotUseData, message: error.description)
    case .storage, .paymentUnresolved: Failure(code: .badData, message: error.description)
    case .chargedButNotSaved(let reason):
      Failure(
        code: .temporary,
        message: "the payment was taken but its booking could not be saved (\(reason)); run the "
          + "same pay command again to finish it: the card is not charged twice")
    case .ledgerBusy: Failure(code: .temporary, message: error.description)
    }
  }
}
