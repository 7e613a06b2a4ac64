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

  /// Creates (or empties) `path` with mode 0600.
  init(creating path: String) throws(SystemError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .last(path) }
    self.descriptor = descriptor
  }

  /// Opens `path` to add lines at its end, creating it with mode 0600.
  init(appendingTo path: String) throws(SystemError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw .last(path) }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Appends `line` and a line break; a failed write is dropped (a recording is best effort and
  /// must never stop the booking).
  func append(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
