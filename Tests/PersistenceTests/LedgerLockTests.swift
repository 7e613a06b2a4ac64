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

  @Test(
    "a waiter blocks in the kernel and is handed the lock when its holder lets go",
    .timeLimit(.minutes(1)))
  func waiterHandedTheLock() async throws {
    try await Scratch.run { scratch in
      let store = RecordStore(root: scratch.path)
      let waiter: Task<LedgerLock.Outcome, Never>
      do {
        guard case .locked(let first) = store.lockLedger() else {
          Issue.record("no first lock")
          return
        }
        waiter = Task { await store.lockLedger(waitingUpTo: 60) }
        // The holder lets go once the kernel lists the waiter as blocked on the folder.
        while try Self.blockedWaiters(on: scratch.path) == 0 { await Task.yield() }
        withExtendedLifetime(first) {}
      }
      guard case .locked = await waiter.value else {
        Issue.record("the waiter was not handed the lock")
        return
      }
    }
  }

  @Test(
    "a wait that runs out is busy, and the lock its thread gets later is let go at once",
    .timeLimit(.minutes(1)))
  func waitRunsOut() async throws {
    try await Scratch.run { scratch in
      let store = RecordStore(root: scratch.path)
      do {
        guard case .locked(let first) = store.lockLedger() else {
          Issue.record("no first lock")
          return
        }
        guard case .busy = await store.lockLedger(waitingUpTo: 0.05) else {
          Issue.record("a second lock was granted while the first is held")
          return
        }
        // The wait that ran out still blocks in the kernel, until the first goes: its thread
        // may reach the kernel after the answer (on a loaded machine), so the test waits for
        // the kernel to list it, and then for nothing else.
        while try Self.blockedWaiters(on: scratch.path) == 0 { await Task.yield() }
        #expect(try Self.blockedWaiters(on: scratch.path) == 1)
        withExtendedLifetime(first) {}
      }
      guard case .locked = await store.lockLedger(waitingUpTo: 60) else {
        Issue.record("the lock stayed held by the wait that ran out")
        return
      }
    }
  }

  /// How many `flock`s the kernel lists as blocked on the folder at `path` (`/proc/locks`'
  /// lines marked `->`, by the folder's device and inode).
  static func blockedWaiters(on path: String) throws -> Int {
    var status = stat()
    guard stat(path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
    let device = UInt64(status.st_dev)
    let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
    let minor = (device & 0xff) | ((device >> 12) & ~0xff)
    func hex(_ value: UInt64) -> String {
      let digits = String(value, radix: 16)
      return digits.count < 2 ? "0" + digits : digits
    }
    let identity = "\(hex(major)):\(hex(minor)):\(status.st_ino)"
    let locks = try String(contentsOfFile: "/proc/locks", encoding: .utf8)
    return locks.split(separator: "\n").filter {
      $0.contains("->") && $0.contains("FLOCK") && $0.contains(" \(identity) ")
    }.count
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
