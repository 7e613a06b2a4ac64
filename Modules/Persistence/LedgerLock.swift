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
    let opened = Posix.openFile(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK)
    let descriptor: Int32
    switch opened {
    case .success(let found):
      descriptor = found
    case .failure(let failure):
      return .unavailable(
        "could not open \(directory) to lock it: \(String(cString: strerror(failure.code)))")
    }
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      close(descriptor)
      if code == EWOULDBLOCK { return .busy }
      return .unavailable("could not lock \(directory): \(String(cString: strerror(code)))")
    }
    guard case .success(let locked) = Posix.status(of: descriptor),
      case .success(let named) = Posix.linkStatus(of: directory),
      Posix.FileIdentity(locked) == Posix.FileIdentity(named)
    else {
      close(descriptor)
      return .unavailable("\(directory) was replaced while it was being locked")
    }
    return .locked(LedgerLock(descriptor: descriptor))
  }
}

extension RecordStore {
  /// Locks the data directory for one payment (see `LedgerLock`).
  public func lockLedger() -> LedgerLock.Outcome { LedgerLock.acquire(root) }
}
