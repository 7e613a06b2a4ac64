import Airline
import Domain
import FlowOwner
import Persistence
import SimulatedAirline

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The data directory, opened as the app opens it: the same place, the same ownership and
/// permission checks, the same folders. Only `session` takes the app's lock, and only when it is
/// free; the airline's own records (quotes, seats, the ledger) are written under the airline's
/// lock, which `quote`, `pay` and `resolve` wait for as the app does.
struct DataFolder {
  /// Whether a command takes the lock on `session/lock`, which `booking` holds while it runs.
  enum Locking {
    /// Never: the command reads, or writes only the airline's records (offers, quotes, seats,
    /// payments), each under the airline's own lock. It works while the app is open.
    case none
    /// When no other process holds it (`session`, which settles cut-off payments as the app
    /// does at start); while the app is open the command reads only.
    case ifFree
  }

  let path: String
  /// The data directory's own records: the session.
  let store: RecordStore
  /// The airline's records (`--airline-dir`, else the data directory's).
  let airlineStore: RecordStore
  let airline: SimulatedAirline
  /// Held for its lifetime (the lock is released when the process exits); nil when the
  /// command runs without it.
  let lock: SessionLock?

  /// Marks where the lock may go at the earliest: call it in a `defer` after `open`, since a
  /// value may be released after its last use, and the lock with it.
  func keepLock() { withExtendedLifetime(lock) {} }

  /// The airline's calls, in their order.
  var calls: BookingCalls { BookingCalls(airline.services) }

  /// Opens the directory `explicit` names (or the default one), making it when missing, with
  /// prices held `quoteLifetime`, taking the lock as `locking` says.
  static func open(
    explicit: String?, airline: String? = nil, quoteLifetime: TimeInterval = 15 * 60,
    priceChanges: PriceChanges = .seeded, locking: Locking
  ) throws(Failure) -> DataFolder {
    let path = try checkedPath(explicit)
    try requireFolder(path)
    let store = RecordStore(root: path)
    do {
      try store.createRoot()
    } catch {
      throw .unusable("cannot create the data directory \(path): \(Self.reason(error))")
    }
    try requireFolder(path)
    let airlinePath = try Self.airlinePath(airline, dataDirectory: path)
    if airlinePath != path {
      try requireFolder(airlinePath)
      do {
        try RecordStore(root: airlinePath).createRoot()
      } catch {
        throw .unusable(
          "cannot create the airline directory \(airlinePath): \(Self.reason(error))")
      }
    }
    return try make(
      path, store: store, airlinePath: airlinePath, making: true, quoteLifetime: quoteLifetime,
      priceChanges: priceChanges, locking: locking)
  }

  /// Where the airline's records are: `--airline-dir`, else `$BOOKING_AIRLINE_DIR`, else the
  /// data directory itself. Checked as the data directory is.
  private static func airlinePath(_ explicit: String?, dataDirectory: String) throws(Failure)
    -> String
  {
    let path = DataDirectory.airlineForCurrentProcess(
      explicit: explicit, dataDirectory: dataDirectory)
    guard path != dataDirectory else { return path }
    if let problem = DataDirectory.problem(at: path) {
      throw .unusable("will not use the airline directory: \(problem)")
    }
    return path
  }

  /// The offer `id`, still on sale. The airline says the same of an offer it never made and of
  /// one gone stale: one with no record here names nothing (66), one with a record is refused
  /// (69).
  func availableOffer(_ id: OfferID) async throws(Failure) -> Offer {
    do throws(ServiceError) {
      return try await calls.offer(id: id)
    } catch {
      if case .offerNoLongerAvailable = error,
        (try? airlineStore.exists(id: id.rawValue, kind: AirlineRecords.offers)) == false
      {
        throw Self.noOffer(id, in: path)
      }
      throw .airline(error)
    }
  }

  /// No offer `id` in the data directory at `path`: nothing names it (66).
  static func noOffer(_ id: OfferID, in path: String) -> Failure {
    .notFound("no offer \(id) was found in \(path) (see booking-cli search)")
  }

  /// Opens the directory `explicit` names (or the default one) for a command that only reads:
  /// nothing is made, and the airline repairs nothing it reads (an unreadable booking is
  /// reported). The folder is nil when nothing is at its path: nothing was saved there.
  static func openExisting(explicit: String?, airline: String? = nil) throws(Failure) -> (
    path: String, folder: DataFolder?
  ) {
    let path = try checkedPath(explicit)
    var status = stat()
    guard stat(path, &status) == 0 else {
      let code = errno
      if code == ENOENT { return (path, nil) }
      throw .unusable("cannot use the data directory \(path): \(String(cString: strerror(code)))")
    }
    try requireFolder(path)
    let airlinePath = try Self.airlinePath(airline, dataDirectory: path)
    if airlinePath != path, stat(airlinePath, &status) != 0 { return (path, nil) }
    let folder = try make(
      path, store: RecordStore(root: path), airlinePath: airlinePath, making: false,
      quoteLifetime: 15 * 60, priceChanges: .seeded, locking: .none, repairs: false)
    return (path, folder)
  }

  /// The data directory's path, once it is known to be safe to use.
  private static func checkedPath(_ explicit: String?) throws(Failure) -> String {
    let path = DataDirectory.resolveForCurrentProcess(explicit: explicit)
    // Like ssh and gpg: a data directory another user could change is not used at all.
    if let problem = DataDirectory.problem(at: path) {
      throw .unusable("will not use the data directory: \(problem)")
    }
    return path
  }

  /// Fails when something other than a folder is at `path`: every read there would fail.
  private static func requireFolder(_ path: String) throws(Failure) {
    if let kind = DataDirectory.nonFolderKind(at: path) {
      throw .unusable("cannot use the data directory \(path): it is \(kind), not a folder")
    }
  }

  private static func make(
    _ path: String, store: RecordStore, airlinePath: String, making: Bool,
    quoteLifetime: TimeInterval, priceChanges: PriceChanges, locking: Locking,
    repairs: Bool = true
  ) throws(Failure) -> DataFolder {
    let airlineStore = airlinePath == path ? store : RecordStore(root: airlinePath)
    let airline = SimulatedAirline(
      store: airlineStore, clock: .system,
      configuration: .init(
        quoteLifetime: quoteLifetime, priceChanges: priceChanges,
        traveller: .of(dataDirectory: path, airlineDirectory: airlinePath, making: making),
        repairs: repairs))
    let lock: SessionLock?
    switch locking {
    case .none: lock = nil
    case .ifFree: lock = try Self.lock(path, store: store)
    }
    return DataFolder(
      path: path, store: store, airlineStore: airlineStore, airline: airline, lock: lock)
  }

  /// The lock on `path/session/lock`; nil when another process holds it.
  private static func lock(_ path: String, store: RecordStore) throws(Failure)
    -> SessionLock?
  {
    do {
      try store.createFolder(of: .session(schema: 1))
    } catch {
      throw .unusable("cannot write to the data directory \(path): \(Self.reason(error))")
    }
    switch SessionLock.acquire(in: path) {
    case .locked(let lock):
      return lock
    case .heldByAnother:
      return nil
    case .unavailable(let reason):
      throw .unusable("cannot write to the data directory \(path): \(reason)")
    case .refused(let reason):
      throw .unusable("will not use the data directory: \(reason)")
    }
  }

  /// Why a folder could not be made, reason first ("Read-only file system (could not ...)").
  static func reason(_ error: StoreError) -> String {
    if case .io(let operation, let path, let code) = error {
      return "\(String(cString: strerror(code))) (could not \(operation) \(path))"
    }
    return error.description
  }

  /// Settles the payments a crash cut off, as the app does at start; each is said on stderr
  /// (one that could not be settled keeps its quote from being paid until it can), except a
  /// booking of `quiet`, which the caller reports. Only under the lock: settling writes the
  /// ledger, which the app may be writing. Returns what was settled.
  @discardableResult
  func recoverPayments(quiet: QuoteID? = nil) async throws(Failure) -> [RecoveredPayment] {
    guard lock != nil else { return [] }
    let recovered: [RecoveredPayment]
    do throws(ServiceError) {
      recovered = try await calls.recoverInterruptedPayments()
    } catch {
      throw Failure(code: .badData, message: "the payment records could not be checked: \(error)")
    }
    for payment in recovered {
      let quote = payment.quoteID.map { "quote \($0)" } ?? "a payment"
      switch payment.outcome {
      case .booked where quiet != nil && payment.quoteID == quiet: break
      case .booked(let reference):
        Output.error("booking-cli: \(quote) cut off earlier was booked: \(reference)\n")
      case .notCharged:
        Output.error("booking-cli: \(quote) cut off earlier was not charged\n")
      case .unresolved(let reason):
        Output.error("booking-cli: \(quote) cannot be settled yet: \(reason)\n")
      }
    }
    return recovered
  }
}
