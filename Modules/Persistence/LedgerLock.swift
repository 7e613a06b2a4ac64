import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on the data directory itself, held by whoever moves money in it for
/// the whole of one payment's reads and writes: two processes (two apps, an app and
/// `booking-cli`, however they were started) are never in the ledger at once.
///
/// It locks the folder, not a file in it: a folder holding records cannot be removed, so
/// deleting a file cannot hand a second process a fresh lock. After locking, the path is checked
/// to still name the folder that was locked. The kernel releases the lock when the process dies,
/// so a record found open under the lock was left by a process that is no longer writing it.
public final class LedgerLock: Sendable {
  /// What trying to lock found.
  public enum Outcome: Sendable {
    /// This process holds the lock until the value is released.
    case locked(LedgerLock)
    /// Another process (or another open of the same folder) holds it now.
    case busy
    /// The folder could not be opened or locked, or was swapped while locking: nothing may be
    /// paid; the reason names the path.
    case unavailable(String)
  }

  let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// Unlocked before it is closed: a process that forked while the lock was held shares the
  /// lock's open file until it execs, and closing this descriptor alone would leave the lock held
  /// by that copy.
  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// Tries once, without waiting, to lock the folder at `directory`.
  public static func acquire(_ directory: String) -> Outcome {
    switch open(directory) {
    case .failure(let reason): return .unavailable(reason.text)
    case .success(let descriptor): return lock(descriptor, directory, waiting: false)
    }
  }

  /// Locks the folder at `directory`, waiting up to `seconds` while another holds it; `busy`
  /// when the wait ran out. The wait is the kernel's (a blocking `flock` on a thread of its
  /// own): the kernel wakes the waiters the moment the holder lets go, one of them takes it, and
  /// a waiting process does no work. A wait that ran out leaves that thread blocked: when it
  /// gets the lock after all, it lets go of it at once.
  public static func acquire(_ directory: String, waitingUpTo seconds: Double) async -> Outcome {
    let descriptor: Int32
    switch open(directory) {
    case .failure(let reason): return .unavailable(reason.text)
    case .success(let found): descriptor = found
    }
    let tried = lock(descriptor, directory, waiting: false, closingWhenBusy: false)
    guard tried.isBusy else { return tried }
    let answer = Mutex<CheckedContinuation<Outcome, Never>?>(nil)
    /// Hands `outcome` to the waiter if it is the first; false when the wait was answered.
    let finish: @Sendable (Outcome) -> Bool = { outcome in
      let first = answer.withLock { waiter in
        let found = waiter
        waiter = nil
        return found
      }
      guard let waiter = first else { return false }
      waiter.resume(returning: outcome)
      return true
    }
    return await withCheckedContinuation { continuation in
      answer.withLock { $0 = continuation }
      DispatchQueue(label: "booking.ledger-lock").async {
        let outcome = lock(descriptor, directory, waiting: true)
        // Answered already (the wait ran out): a lock got now is let go of (its deinit).
        _ = finish(outcome)
      }
      // Timed on a serial queue: a global concurrent queue's worker would start libdispatch's
      // pool monitor, which wakes the process every second for the rest of its life.
      timers.asyncAfter(deadline: .now() + seconds) { _ = finish(.busy) }
    }
  }

  /// The queue the waits are timed on.
  private static let timers = DispatchQueue(label: "booking.ledger-lock.timers")

  /// The folder at `directory`, opened to be locked, or why not.
  private static func open(_ directory: String) -> Result<Int32, Reason> {
    switch Posix.openFile(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK) {
    case .success(let descriptor):
      return .success(descriptor)
    case .failure(let failure):
      return .failure(
        Reason(
          "could not open \(directory) to lock it: \(String(cString: strerror(failure.code)))"))
    }
  }

  /// Locks `descriptor`, the folder at `directory` (blocking while another holds it when
  /// `waiting`), then checks that the path still names the folder locked. The descriptor is
  /// the lock's, or closed, unless it is busy and not `closingWhenBusy`.
  private static func lock(
    _ descriptor: Int32, _ directory: String, waiting: Bool, closingWhenBusy: Bool = true
  ) -> Outcome {
    while flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      if code == EWOULDBLOCK {
        if closingWhenBusy { close(descriptor) }
        return .busy
      }
      close(descriptor)
      return .unavailable("could not lock \(directory): \(String(cString: strerror(code)))")
    }
    guard case .success(let locked) = Posix.status(of: descriptor),
      case .success(let named) = Posix.linkStatus(of: directory),
      Posix.FileIdentity(locked) == Posix.FileIdentity(named)
    else {
      flock(descriptor, LOCK_UN)
      close(descriptor)
      return .unavailable("\(directory) was replaced while it was being locked")
    }
    return .locked(LedgerLock(descriptor: descriptor))
  }

  /// Why the folder cannot be locked.
  private struct Reason: Error {
    let text: String
    init(_ text: String) { self.text = text }
  }
}

extension LedgerLock.Outcome {
  /// Whether another holds the lock.
  var isBusy: Bool {
    if case .busy = self { return true }
    return false
  }
}

extension RecordStore {
  /// Locks the data directory for one payment (see `LedgerLock`), without waiting.
  public func lockLedger() -> LedgerLock.Outcome { LedgerLock.acquire(root) }

  /// Locks the data directory for one payment, waiting up to `seconds` while another holds it.
  public func lockLedger(waitingUpTo seconds: Double) async -> LedgerLock.Outcome {
    await LedgerLock.acquire(root, waitingUpTo: seconds)
  }
}
