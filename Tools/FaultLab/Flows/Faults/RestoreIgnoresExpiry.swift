import Airline
import FlowOwner
import Foundation

/// Fault: restore opens payment on an expired quote. It runs the real restore, but with a clock
/// stuck when the price was given, so the price lock never looks expired. (Stuck at the start of
/// time instead, every search would also look too far ahead to book, and this fault would show
/// up where it should not.)
struct RestoreIgnoresExpiry: WrapsRealFlow {
  var base = RealFlow()

  mutating func restore(_ json: String, using lookup: some BookingLookup, now: Date) async {
    await base.restore(json, using: lookup, now: LabFixtures.now)
  }
}
