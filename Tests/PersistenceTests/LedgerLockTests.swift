import Foundation
import Synchronization
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

  @Test("a waiter blocks in the kernel and is handed the lock when its holder lets go")
  func waiterHandedTheLock() async throws {
    try await Scratch.run { scratch in
      let store = RecordStore(root: scratch.path)
      // The holder lets go on a thread of its own once the kernel lists the waiter as blocked on
      // the folder: nothing between the waiter's start and its answer waits for a turn on the
      // global executor, which a loaded run can hold for many seconds. The lock is the
      // holder's alone (this scope keeps no reference to it).
      let holder: AsyncStream<Bool>
      do {
        guard case .locked(let first) = store.lockLedger() else {
          Issue.record("no first lock")
          return
        }
        holder = Self.letGo(first, once: 1, blockOn: scratch.path)
      }
      let outcome = await store.lockLedger(waitingUpTo: 60)
      let sawWaiter = await Self.answer(of: holder)
      #expect(sawWaiter, "the kernel never listed the waiter as blocked")
      guard case .locked = outcome else {
        Issue.record("the waiter was not handed the lock: \(outcome)")
        return
      }
    }
  }

  @Test("a wait that runs out is busy, and the lock its thread gets later is let go at once")
  func waitRunsOut() async throws {
    try await Scratch.run { scratch in
      let store = RecordStore(root: scratch.path)
      let holder: AsyncStream<Bool>
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
        // may reach the kernel after the answer (on a loaded machine), so the first is let go
        // once the kernel lists it, and then the folder is free to lock.
        holder = Self.letGo(first, once: 1, blockOn: scratch.path)
      }
      let sawWaiter = await Self.answer(of: holder)
      #expect(sawWaiter, "the kernel never listed the wait that ran out as blocked")
      guard case .locked = await store.lockLedger(waitingUpTo: 60) else {
        Issue.record("the lock stayed held by the wait that ran out")
        return
      }
    }
  }

  /// Lets go of `lock` on a thread of its own, started here and now (no turn on the global
  /// executor comes first), once the kernel lists `count` `flock`s blocked on the folder at
  /// `path` (`blockedWaiters`, read every millisecond: the kernel tells no one when a waiter
  /// blocks); its one answer is true when it saw them, false when it let go after 120 s of
  /// watching without (a waiter that never reached the kernel is the test's failure, not a hang).
  static func letGo(_ lock: LedgerLock, once count: Int, blockOn path: String) -> AsyncStream<
    Bool
  > {
    let watched = Mutex<LedgerLock?>(lock)
    let (answer, continuation) = AsyncStream.makeStream(of: Bool.self)
    Thread.detachNewThread {
      let start = Date()
      var seen = false
      while !seen, Date().timeIntervalSince(start) < 120 {
        seen = ((try? blockedWaiters(on: path)) ?? 0) >= count
        if !seen { usleep(1_000) }
      }
      watched.withLock { $0 = nil }
      continuation.yield(seen)
      continuation.finish()
    }
    return answer
  }

  /// The one answer of `letGo`'s thread.
  static func answer(of holder: AsyncStream<Bool>) async -> Bool {
    var seen = false
    for await answer in holder { seen = answer }
    return seen
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
