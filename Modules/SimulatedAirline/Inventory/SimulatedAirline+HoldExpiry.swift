import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The sweep of expired holds.
extension SimulatedAirline {
  /// The airline's sweep of its holds: every flight whose record still names a hold that has
  /// expired is written again without it, one flight at a time under the ledger lock, taken
  /// without waiting (another process at work: the sweep stops, for the next start). An expired
  /// hold keeps no one from its seat before this runs; the sweep only keeps the records small.
  /// Returns how many holds went.
  @discardableResult
  public func releaseExpiredHolds() async -> Int {
    let now = clock.now()
    var released = 0
    for id in (try? store.ids(of: AirlineRecords.inventory)) ?? [] {
      guard
        let found = try? store.loadIfPresent(
          FlightInventory.self, id: id, kind: AirlineRecords.inventory, policy: .report),
        found.holds.values.contains(where: { !$0.isLive(at: now) })
      else { continue }
      guard case .locked(let lock) = lockLedger() else { break }
      let done = withExtendedLifetime(lock) { () -> Int in
        // Read again under the lock: another process may have written it since.
        guard
          case .found(let current) = try? readGuard(
            FlightInventory.self, id: id, kind: AirlineRecords.inventory)
        else { return 0 }
        var next = current
        next.holds = current.holds.filter { $0.value.isLive(at: now) }
        guard next != current,
          (try? save(next, id: id, kind: AirlineRecords.inventory)) != nil
        else { return 0 }
        return current.holds.count - next.holds.count
      }
      released += done
      // The app's own calls go first: the sweep holds the airline for one flight at a time.
      await Task.yield()
    }
    return released
  }
}
