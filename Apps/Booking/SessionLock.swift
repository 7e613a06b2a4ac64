import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory lock on the data directory, so two `booking` processes never drive one session.
///
/// The kernel releases it when the process dies, even by `kill -9`, so a crash never leaves a
/// stale lock behind.
final class SessionLock: Sendable {
  /// What trying to lock found.
  enum Outcome {
    case locked(SessionLock)
    /// Another process holds the lock.
    case heldByAnother
    /// The lock file could not be made (read-only or missing directory): run without it.
    case unavailable(String)
  }

  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }

  /// Takes the lock at `directory/session/lock`.
  static func acquire(in directory: String) -> Outcome {
    let folder = directory + "/session"
    for path in [directory, folder] where mkdir(path, 0o700) != 0 && errno != EEXIST {
      return .unavailable("\(String(cString: strerror(errno))) (could not create \(path))")
    }
    let path = folder + "/lock"
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      return .unavailable("\(path): \(String(cString: strerror(errno)))")
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return .heldByAnother
    }
    return .locked(SessionLock(descriptor: descriptor))
  }
}
