import Airline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `booking-cli` ends, as the exit codes of BSD's `sysexits.h`.
enum ExitCode: Int32 {
  case ok = 0
  /// The command line was wrong: a missing or bad value, an unknown command or option.
  case usage = 64
  /// A record on disk cannot be read (corrupt, or from a newer version).
  case badData = 65
  /// The airline said no (an offer gone, a quote expired, a card declined), with its reason.
  case refused = 69
  /// The data directory cannot be used: it cannot be created or written (a full disk or quota,
  /// a read-only file system, a file or device where a folder should be, no permission), or it
  /// is refused as unsafe (a symbolic link, another user's folder, a folder others can write, a
  /// folder above it another user could change).
  case cannotUseData = 73
  /// Try again later: a command that writes found the data directory locked by another process
  /// (the app is open); or a payment was taken and its booking could not be saved yet.
  case temporary = 75

  /// The code's short name, the `kind` of a `--json` error document.
  var name: String {
    switch self {
    case .ok: "ok"
    case .usage: "usage"
    case .badData: "badData"
    case .refused: "refused"
    case .cannotUseData: "cannotUseData"
    case .temporary: "temporary"
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

  /// The airline's refusal, coded by whether it is the data, the moment, or a no.
  static func airline(_ error: ServiceError) -> Failure {
    switch error {
    case .cannotWrite: Failure(code: .cannotUseData, message: error.description)
    case .storage, .paymentUnresolved: Failure(code: .badData, message: error.description)
    case .chargedButNotSaved(let reason):
      Failure(
        code: .temporary,
        message: "the payment was taken but its booking could not be saved (\(reason)); run the "
          + "same pay command again to finish it: the card is not charged twice")
    case .ledgerBusy: Failure(code: .temporary, message: error.description)
    case .paymentsUnavailable: Failure(code: .cannotUseData, message: error.description)
    default: Failure(code: .refused, message: error.description)
    }
  }
}
