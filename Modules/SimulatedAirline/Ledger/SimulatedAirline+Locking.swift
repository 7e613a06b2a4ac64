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
  /// one payment's reads and writes.
  func lockAirline() async throws(ServiceError) -> LedgerLock {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.lockWait)
    var pause = 1000
    var random = SystemRandomNumberGenerator()
    while true {
      switch lockLedger() {
      case .locked(let lock):
        return lock
      case .unavailable(let reason):
        throw .paymentsUnavailable(reason)
      case .busy:
        guard clock.now < deadline else { throw .ledgerBusy }
        // Spread out, so that a room of waiting processes does not wake in step. Timed as the
        // latency is (`Latency.wait`), not with `Task.sleep`, whose timer would leave the
        // process waking every second from then on.
        let jitter = Int.random(in: 0...1000, using: &random)
        await Latency.wait(microseconds: pause + jitter)
        pause = min(pause * 2, 20_000)
      }
    }
  }

  /// The ledger lock, tried once. The key of the airline's seal is readied first: made, it
  /// seals what was there under this same lock, which a process cannot take twice.
  func lockLedger() -> LedgerLock.Outcome {
    store.prepareSeal()
    return store.lockLedger()
  }
}
