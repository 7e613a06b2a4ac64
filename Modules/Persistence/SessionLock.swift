#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory lock on the data directory, so two processes (`booking`, `booking-cli`) never
/// drive one session or write one ledger at once.
///
/// The kernel releases it when the process dies, even by `kill -9`, so a crash never leaves a
/// stale lock behind.
public final class SessionLock: Sendable {
  /// What trying to lock found.
  public enum Outcome: Sendable {
    /// The lock is this process's until the value is released.
    case locked(SessionLock)
    /// Another process holds the lock.
    case heldByAnother
    /// The lock file could not be made (a read-only or full disk, a file where the folder
    /// should be): nothing can be saved either, and the header says why.
    case unavailable(String)
    /// Something that is not a lock file is in its place (a link, a folder, a FIFO): the app
    /// refuses to start rather than run unlocked.
    case refused(String)
  }

  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// Unlocked before it is closed, as `LedgerLock` is: a forked copy of the descriptor must not
  /// keep the lock.
  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// Takes the lock at `directory/session/lock` (the folders are made by then). Never through a
  /// symbolic link, never on anything but a regular file. The file locked is checked to be the
  /// one still at the path: one removed or replaced between the open and the lock is opened
  /// again, so two processes never each hold a lock on a different file of the same name.
  public static func acquire(in directory: String) -> Outcome {
    let path = directory + "/session/lock"
    while true {
      switch attempt(path) {
      case .some(let outcome): return outcome
      case nil: continue
      }
    }
  }

  /// One try; nil when the file at the path is not the one that was locked.
  private static func attempt(_ path: String) -> Outcome? {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      switch code {
      case ELOOP: return .refused("\(path) is a symbolic link; remove it")
      case EISDIR: return .refused("\(path) is a folder, not a lock file; remove it")
      default: return .unavailable("\(String(cString: strerror(code))) (could not create \(path))")
      }
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      return .refused("\(path) is not a regular file; remove it")
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return .heldByAnother
    }
    var named = stat()
    guard lstat(path, &named) == 0, named.st_dev == status.st_dev, named.st_ino == status.st_ino
    else {
      close(descriptor)
      return nil
    }
    return .locked(SessionLock(descriptor: descriptor))
  }
}
