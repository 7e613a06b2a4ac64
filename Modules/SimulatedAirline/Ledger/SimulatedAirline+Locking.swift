import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The airline's one lock (`LedgerLock`), held by a quote's seat holds and by a payment for all
/// of their reads and writes.
extension SimulatedAirline {
  /// How long a hold or a payment waits for another traveller's hold or payment to finish
  /// before it says the airline is busy (`ledgerBusy`).
  public static let lockWait: Duration = .seconds(5)

  /// The ledger lock, waited for up to `lockWait`: each holder keeps it only for one quote's or
  /// one payment's reads and writes, and the kernel hands it to the next waiter as it is let go.
  func lockAirline() async throws(ServiceError) -> LedgerLock {
    paymentStatesFound = [:]
    quotesFound = [:]
    store.prepareSeal()
    let (seconds, attoseconds) = Self.lockWait.components
    switch await store.lockLedger(waitingUpTo: Double(seconds) + Double(attoseconds) / 1e18) {
    case .locked(let lock): return lock
    case .unavailable(let reason): throw .paymentsUnavailable(reason)
    case .busy: throw .ledgerBusy
    }
  }

  /// The ledger lock, tried once. The key of the airline's seal is readied first: made, it
  /// seals what was there under this same lock, which a process cannot take twice.
  func lockLedger() -> LedgerLock.Outcome {
    // What a recovery's hold found of a quote is told only before this airline takes the
    // ledger again, for anything.
    paymentStatesFound = [:]
    quotesFound = [:]
    store.prepareSeal()
    return store.lockLedger()
  }
}
