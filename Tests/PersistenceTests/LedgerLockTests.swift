import Foundation
import Testing

@testable import Persistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The data directory's ledger lock: one holder at a time, and a released lock is free even
/// while a copy of its descriptor lives on (a child forked while it was held, until it execs).
@Suite("The ledger lock")
struct LedgerLockTests {
  @Test("a second lock is refused while the first is held, and granted once it is released")
  func oneHolder() throws {
    try Scratch.run { scratch in
      let store = RecordStore(root: scratch.path)
      guard case .locked(let first) = store.lockLedger() else {
        Issue.record("no first lock")
        return
      }
      guard case .busy = store.lockLedger() else {
        Issue.record("a second lock was granted while the first is held")
        return
      }
      withExtendedLifetime(first) {}
    }
  }

  @Test("a lock released while a copy of its descriptor is open (as after a fork) is free")
  func releasedDespiteACopy() throws {
    try Scratch.run { scratch in
      let store = RecordStore(root: scratch.path)
      var copy: Int32 = -1
      do {
        guard case .locked(let lock) = store.lockLedger() else {
          Issue.record("no lock")
          return
        }
        copy = dup(lock.descriptor)
      }
      defer { close(copy) }
      #expect(copy >= 0)
      guard case .locked = store.lockLedger() else {
        Issue.record("the lock stayed held by the copy of its descriptor")
        return
      }
    }
  }

  @Test("a missing data directory is no lock, and says why")
  func missing() {
    guard case .unavailable(let reason) = LedgerLock.acquire("/nonexistent/booking") else {
      Issue.record("locked a folder that does not exist")
      return
    }
    #expect(reason.contains("/nonexistent/booking"))
  }
}
