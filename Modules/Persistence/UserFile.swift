#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens the files a person names for the app (a recording, a replay, the event log), so a
/// name never writes elsewhere or blocks the app:
/// - a path ending in `/` is refused (it would follow a symbolic link to a folder, whatever the
///   flags say);
/// - the last part of the path is never followed if it is a symbolic link (`O_NOFOLLOW`);
/// - the file is opened without blocking (a FIFO with no reader, or a device that waits, would
///   hang the app before its first frame), and blocking is turned back on once it is known to be
///   a regular file; anything else (a FIFO, a device, a folder, a socket) is refused;
/// - a new file (`WriteMode.create`) must not exist (`O_EXCL`); `replace` empties a regular file
///   that does; both leave the file with mode 0600, whatever mode it had.
public enum UserFile {
  /// How a file is opened for writing.
  public enum WriteMode: Hashable, Sendable {
    /// A new file: one already at the path is refused (`Problem.Kind.exists`).
    case create
    /// A new file, or a regular file already there emptied.
    case replace
    /// Lines added at the end of a regular file, made if missing.
    case append
  }

  /// Why a file was not opened: the path, what was found, and the reason said as a person would
  /// read it.
  public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What stood in the way.
    public enum Kind: Hashable, Sendable {
      /// The path ends in `/`.
      case endsInSlash
      /// The last part of the path is a symbolic link.
      case symbolicLink
      /// The path names a folder.
      case folder
      /// A FIFO, a device or a socket.
      case notRegularFile
      /// A new file was asked for and one is there.
      case exists
      /// The file is larger than the limit given for reading it.
      case tooLarge
      /// Another failure of the system call, as `strerror` says it.
      case system
    }

    /// The path as given.
    public let path: String
    /// What stood in the way.
    public let kind: Kind
    /// The reason, said as a person would read it ("it is a symbolic link").
    public let reason: String

    /// "`path`: `reason`".
    public var description: String { "\(path): \(reason)" }
  }

  /// Opens `path` for writing as `mode` says; returns the descriptor (close-on-exec), which the
  /// caller closes.
  public static func openForWriting(path: String, mode: WriteMode) throws(Problem) -> Int32 {
    var flags = O_WRONLY | O_CREAT
    switch mode {
    case .create: flags |= O_EXCL
    case .replace: break
    case .append: flags |= O_APPEND
    }
    let descriptor = try openRegular(path, flags)
    do throws(Problem) {
      if mode != .append {
        guard fchmod(descriptor, 0o600) == 0 else { throw lastProblem(path) }
      }
      if mode == .replace {
        guard ftruncate(descriptor, 0) == 0 else { throw lastProblem(path) }
      }
    } catch {
      close(descriptor)
      throw error
    }
    return descriptor
  }

  /// Opens `path` for reading; returns the descriptor (close-on-exec), which the caller closes.
  /// A file larger than `limit` bytes, if given, is refused (`Problem.Kind.tooLarge`).
  public static func openForReading(path: String, limit: Int? = nil) throws(Problem) -> Int32 {
    let descriptor = try openRegular(path, O_RDONLY)
    var status = stat()
    if let limit, fstat(descriptor, &status) == 0, Int(status.st_size) > limit {
      close(descriptor)
      throw Problem(path: path, kind: .tooLarge, reason: "it is larger than \(limit) bytes")
    }
    return descriptor
  }

  /// Opens `path` with `flags`, never through a link, without blocking; checks it is a regular
  /// file, then turns blocking back on.
  private static func openRegular(_ path: String, _ flags: Int32) throws(Problem) -> Int32 {
    guard !path.isEmpty else {
      throw Problem(path: path, kind: .system, reason: "the path is empty")
    }
    guard !path.hasSuffix("/") else {
      throw Problem(path: path, kind: .endsInSlash, reason: "a file's path cannot end in '/'")
    }
    var descriptor: Int32
    repeat {
      descriptor = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else {
      switch errno {
      case ELOOP: throw Problem(path: path, kind: .symbolicLink, reason: "it is a symbolic link")
      case EISDIR: throw Problem(path: path, kind: .folder, reason: "it is a folder")
      // A FIFO with no reader, opened for writing without blocking.
      case ENXIO:
        throw Problem(path: path, kind: .notRegularFile, reason: "it is not a regular file")
      case EEXIST: throw existing(path)
      default: throw lastProblem(path)
      }
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let problem = lastProblem(path)
      close(descriptor)
      throw problem
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      break
    case S_IFDIR:
      close(descriptor)
      throw Problem(path: path, kind: .folder, reason: "it is a folder")
    default:
      close(descriptor)
      throw Problem(path: path, kind: .notRegularFile, reason: "it is not a regular file")
    }
    let current = fcntl(descriptor, F_GETFL)
    guard current >= 0, fcntl(descriptor, F_SETFL, current & ~O_NONBLOCK) == 0 else {
      let problem = lastProblem(path)
      close(descriptor)
      throw problem
    }
    return descriptor
  }

  /// What is at `path`, which a new file was refused over: said as what it is (a link, a FIFO,
  /// a folder), else that it exists.
  private static func existing(_ path: String) -> Problem {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      return Problem(path: path, kind: .exists, reason: "it exists already")
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return Problem(path: path, kind: .exists, reason: "it exists already")
    case S_IFLNK: return Problem(path: path, kind: .symbolicLink, reason: "it is a symbolic link")
    case S_IFDIR: return Problem(path: path, kind: .folder, reason: "it is a folder")
    default: return Problem(path: path, kind: .notRegularFile, reason: "it is not a regular file")
    }
  }

  private static func lastProblem(_ path: String) -> Problem {
    Problem(path: path, kind: .system, reason: String(cString: strerror(errno)))
  }
}
