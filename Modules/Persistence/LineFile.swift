#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `text` to standard error (used only before the screen starts or after it stops).
public func printError(_ text: String) {
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
public struct SystemError: Error, CustomStringConvertible {
  public let path: String
  public let reason: String

  /// A failure of `path`, for `reason`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The failure the last system call left in `errno`.
  public static func last(_ path: String) -> SystemError {
    SystemError(path: path, reason: String(cString: strerror(errno)))
  }

  public var description: String { "\(path): \(reason)" }
}

/// A file open for writing lines: the recording written by `--record`, the event log. Both are
/// opened by `UserFile`: never through a symbolic link, never anything but a regular file.
public final class LineFile {
  private let descriptor: Int32

  /// Creates `path` with mode 0600; a file already there is refused unless `replacing` (then it
  /// is emptied and made 0600: people share recordings, and one must never be readable by others
  /// because an older file was).
  public init(creating path: String, replacing: Bool) throws(SystemError) {
    do {
      descriptor = try UserFile.openForWriting(path: path, mode: replacing ? .replace : .create)
    } catch {
      let reason = error.kind == .exists ? "it exists already (--force replaces it)" : error.reason
      throw SystemError(path: path, reason: reason)
    }
  }

  /// Opens `path` to add lines at its end, creating it with mode 0600.
  public init(appendingTo path: String) throws(UserFile.Problem) {
    descriptor = try UserFile.openForWriting(path: path, mode: .append)
  }

  /// Opens the log `name` in `folder` to add lines at its end: the folder is made (0700) if it
  /// is missing, and a log past `rotateBytes` moves to `name.1` first, so two files at most are
  /// kept. Nil when the folder cannot be made; the problem when the file cannot be opened.
  public static func openLog(folder: String, name: String, rotateBytes: Int)
    -> Result<LineFile, UserFile.Problem>?
  {
    if mkdir(folder, 0o700) != 0, errno != EEXIST { return nil }
    let path = folder + "/" + name
    var status = stat()
    if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      Int(status.st_size) > rotateBytes
    {
      _ = rename(path, path + ".1")
    }
    do {
      return .success(try LineFile(appendingTo: path))
    } catch {
      return .failure(error)
    }
  }

  deinit { close(descriptor) }

  /// Appends `line` and a line break; returns the failure, if the write failed (a reader of a
  /// pipe gone, a full disk): the caller stops writing and says so, the booking goes on.
  @discardableResult
  public func append(_ line: String) -> SystemError? {
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

  /// The file's text, read without blocking (a FIFO, a device or a symbolic link is refused)
  /// and bounded.
  public static func readText(_ path: String, limit: Int) throws(SystemError) -> String {
    let descriptor: Int32
    do {
      descriptor = try UserFile.openForReading(path: path, limit: limit)
    } catch {
      let reason = error.kind == .tooLarge ? "larger than \(limit / 1024 / 1024) MiB" : error.reason
      throw SystemError(path: path, reason: reason)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .last(path) }
    // The size checked, and one byte more: a file that grew since is seen to have grown.
    var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), limit) + 1)
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { raw in
        Glibc.read(descriptor, raw.baseAddress.map { $0 + filled }, raw.count - filled)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      filled += count
    }
    guard filled <= limit else {
      throw SystemError(path: path, reason: "larger than \(limit / 1024 / 1024) MiB")
    }
    return String(decoding: bytes.prefix(filled), as: UTF8.self)
  }
}
