import Airline
import FlowOwner
import FoundationEssentials
import Persistence
import SimulatedAirline

/// The data directory, opened as the app opens it: the same place, the same ownership and
/// permission checks, the same folders and the same lock, held until the process ends.
struct DataFolder {
  let path: String
  let store: RecordStore
  let airline: SimulatedAirline
  /// Held for its lifetime: the lock is released when the process exits.
  let lock: SessionLock

  /// The airline's calls, in their order.
  var calls: BookingCalls { BookingCalls(airline.services) }

  /// Opens the directory `explicit` names (or the default one) with prices held `quoteLifetime`.
  static func open(explicit: String?, quoteLifetime: TimeInterval = 15 * 60) throws(Failure)
    -> DataFolder
  {
    let path = DataDirectory.resolveForCurrentProcess(explicit: explicit)
    // Like ssh and gpg: a data directory another user could change is not used at all.
    if let problem = DataDirectory.problem(at: path) {
      throw Failure(code: .badData, message: "will not use the data directory: \(problem)")
    }
    let store = RecordStore(root: path)
    do {
      try store.createRoot()
      try RecordStore(root: path + "/session").createRoot()
    } catch {
      throw Failure(code: .badData, message: "cannot use the data directory: \(error)")
    }
    switch SessionLock.acquire(in: path) {
    case .locked(let lock):
      let airline = SimulatedAirline(
        store: store, clock: .system, configuration: .init(quoteLifetime: quoteLifetime))
      return DataFolder(path: path, store: store, airline: airline, lock: lock)
    case .heldByAnother:
      throw Failure(
        code: .temporary,
        message: "\(path) is in use by another booking process (the app is open?); try again "
          + "when it has closed")
    case .refused(let reason), .unavailable(let reason):
      throw Failure(code: .badData, message: reason)
    }
  }

  /// Settles the payments a crash cut off, as the app does at start; what could not be settled
  /// is said on stderr (the quote it guards then cannot be paid until it can).
  func recoverPayments() async throws(Failure) {
    let recovered: [RecoveredPayment]
    do throws(ServiceError) {
      recovered = try await calls.recoverInterruptedPayments()
    } catch {
      throw Failure(code: .badData, message: "the payment records could not be checked: \(error)")
    }
    for payment in recovered {
      let quote = payment.quoteID.map { "quote \($0)" } ?? "a payment"
      switch payment.outcome {
      case .booked(let reference):
        Output.error("booking-cli: \(quote) cut off earlier was booked: \(reference)\n")
      case .notCharged:
        Output.error("booking-cli: \(quote) cut off earlier was not charged\n")
      case .unresolved(let reason):
        Output.error("booking-cli: \(quote) cannot be settled yet: \(reason)\n")
      }
    }
  }
}
