import FlowOwner
import Foundation

/// Fault: restore opens payment on an expired quote. It runs the real restore, but with a clock
/// stuck in the past, so the price lock never looks expired.
struct RestoreIgnoresExpiry: WrapsRealFlow {
  var base = RealFlow()

  mutating func restore(_ json: String, using lookup: MemoryLookup, now: Date) async {
    await base.restore(json, using: lookup, now: .distantPast)
  }
}
