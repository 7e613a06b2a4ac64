#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `text` to standard error (used only before the screen starts or after it stops).
func printError(_ text: String) {
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes { buffer in
      write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
    }
    if written < 0, errno == EINTR { continue }
    guard written > 0 else { return }
    offset += written
  }
  bytes.removeAll()
}

/// A failure of a system call on a path, said as a person would read it.
struct SystemError: Error, CustomStringConvertible {
  let path: String
  let reason: String

  /// The failure the last system call left in `errno`.
  static func last(_ path: String) -> SystemError {
    SystemError(path: path, reason: String(cString: strerror(errno)))
  }

  var description: String { "\(path): \(reason)" }
}

/// A file open for writing lines: the recording written by `--record`, the event log.
final class LineFile {
  private let descriptor: Int32

  /// Creates (or empties) `path` with mode 0600; a file that existed is made 0600 too (people
  /// share recordings: one must never be readable by others because an older file was). A pipe
  /// is written as it is.
  init(creating path: String) throws(SystemError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .last(path) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      fchmod(descriptor, 0o600) != 0
    {
      let error = SystemError.last(path)
      close(descriptor)
      throw error
    }
    self.descriptor = descriptor
  }

  /// Opens `path` to add lines at its end, creating it with mode 0600: never through a symbolic
  /// link, never anything but a regular file (a FIFO would block the app before its first frame).
  init(appendingTo path: String) throws(SystemError) {
    let descriptor = open(
      path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else {
      switch errno {
      case ELOOP: throw SystemError(path: path, reason: "it is a symbolic link")
      // A FIFO no one reads (with O_NONBLOCK, instead of waiting for a reader forever).
      case ENXIO: throw SystemError(path: path, reason: "it is not a regular file")
      case EISDIR: throw SystemError(path: path, reason: "it is a folder")
      default: throw .last(path)
      }
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw SystemError(path: path, reason: "it is not a regular file")
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Appends `line` and a line break; returns the failure, if the write failed (a reader of a
  /// pipe gone, a full disk): the caller stops writing and says so, the booking goes on.
  @discardableResult
  func append(_ line: String) -> SystemError? {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        return written < 0 ? .last("write") : SystemError(path: "write", reason: "nothing written")
      }
      offset += written
    }
    return nil
  }
}
