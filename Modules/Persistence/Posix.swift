#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few system calls the store relies on, retrying `EINTR` and returning `errno` instead of
/// throwing, so callers decide which path a failure is reported against.
enum Posix {
  /// Device and inode: what a path refers to, independent of its name.
  struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
      device = UInt64(truncatingIfNeeded: status.st_dev)
      inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
  }

  static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Result<Int32, Errno> {
    while true {
      let fd = open(path, flags | O_CLOEXEC, mode)
      if fd >= 0 { return .success(fd) }
      if errno != EINTR { return .failure(Errno(errno)) }
    }
  }

  /// Closes `fd`; an error here can be the first report of a failed write (e.g. on NFS).
  @discardableResult
  static func closeFile(_ fd: Int32) -> Errno? {
    close(fd) == 0 ? nil : Errno(errno)
  }

  static func status(of fd: Int32) -> Result<stat, Errno> {
    var status = stat()
    return fstat(fd, &status) == 0 ? .success(status) : .failure(Errno(errno))
  }

  /// `lstat`: describes a symbolic link itself rather than its target.
  static func linkStatus(of path: String) -> Result<stat, Errno> {
    var status = stat()
    return lstat(path, &status) == 0 ? .success(status) : .failure(Errno(errno))
  }

  static func isRegularFile(_ status: stat) -> Bool {
    (status.st_mode & S_IFMT) == S_IFREG
  }

  /// The modification time as seconds since 1970, to the nanosecond the file system keeps.
  static func modificationTime(_ status: stat) -> Double {
    #if canImport(Glibc)
      Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    #else
      Double(status.st_mtimespec.tv_sec) + Double(status.st_mtimespec.tv_nsec) / 1e9
    #endif
  }

  static func modificationSeconds(_ status: stat) -> Int {
    #if canImport(Glibc)
      Int(status.st_mtim.tv_sec)
    #else
      Int(status.st_mtimespec.tv_sec)
    #endif
  }

  static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Errno? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = write(fd, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return Errno(errno)
      }
      offset += written
    }
    return nil
  }

  /// Reads at most `limit + 1` bytes, so a caller sees a file grew past `limit` without
  /// holding all of it in memory.
  static func readUpTo(_ fd: Int32, expected: Int, limit: Int) -> Result<[UInt8], Errno> {
    var buffer = [UInt8](repeating: 0, count: min(max(expected, 0), limit) + 1)
    var filled = 0
    while true {
      if filled == buffer.count {
        if buffer.count > limit { break }
        let growth = min(buffer.count, limit + 1 - buffer.count)
        buffer.append(contentsOf: repeatElement(0, count: growth))
      }
      let count = buffer.withUnsafeMutableBytes { raw in
        read(fd, raw.baseAddress.map { $0 + filled }, raw.count - filled)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(Errno(errno))
      }
      filled += count
    }
    buffer.removeSubrange(filled...)
    return .success(buffer)
  }

  static func sync(_ fd: Int32) -> Errno? {
    while fsync(fd) != 0 {
      if errno != EINTR { return Errno(errno) }
    }
    return nil
  }

  /// Makes renames and new entries in the folder durable: fsync on a file does not cover its
  /// directory entry.
  static func syncDirectory(_ path: String) -> Errno? {
    switch openFile(path, O_RDONLY | O_DIRECTORY) {
    case .failure(let failure):
      return failure
    case .success(let fd):
      let failure = sync(fd)
      closeFile(fd)
      return failure
    }
  }

  static func renameItem(_ source: String, to destination: String) -> Errno? {
    rename(source, destination) == 0 ? nil : Errno(errno)
  }

  @discardableResult
  static func removeFile(_ path: String) -> Errno? {
    unlink(path) == 0 ? nil : Errno(errno)
  }

  static func makeDirectory(_ path: String) -> Errno? {
    mkdir(path, 0o700) == 0 ? nil : Errno(errno)
  }

  static func setMode(_ path: String, _ mode: mode_t) -> Errno? {
    chmod(path, mode) == 0 ? nil : Errno(errno)
  }

  static func setMode(of fd: Int32, _ mode: mode_t) -> Errno? {
    fchmod(fd, mode) == 0 ? nil : Errno(errno)
  }

  /// Names in the folder at `path`, without `.` and `..`.
  static func entries(of path: String) -> Result<[String], Errno> {
    guard let directory = opendir(path) else { return .failure(Errno(errno)) }
    defer { closedir(directory) }
    var names: [String] = []
    while true {
      // readdir reports an error only through errno, and only if errno was cleared first.
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 { return .failure(Errno(errno)) }
        break
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return .success(names)
  }
}
