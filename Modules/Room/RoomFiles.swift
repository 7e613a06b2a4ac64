#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's identity and size at a moment: when it is the same at the next look, the file was
/// not written (the records are replaced by a rename, so a write changes the inode; a log grows).
struct FileStamp: Hashable, Sendable {
  let inode: UInt64
  let size: Int64
  let modified: Int64
}

/// The room's reads: regular files only, never following a final symbolic link or waiting on a
/// FIFO, and never writing.
enum RoomFiles {
  /// `path`'s stamp, or nil when it is missing or not a regular file.
  static func stamp(_ path: String) -> FileStamp? {
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return FileStamp(
      inode: UInt64(status.st_ino), size: Int64(status.st_size),
      modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
  }

  /// The folder at `path`'s stamp: its size and time change with every name added, removed
  /// or renamed into it.
  static func folderStamp(_ path: String) -> FileStamp? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return FileStamp(
      inode: UInt64(status.st_ino), size: Int64(status.st_size),
      modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
  }

  /// Up to `limit` bytes of the regular file at `path` from `offset` (nil: the last `limit`
  /// bytes), or nil when it cannot be read.
  static func read(_ path: String, limit: Int, fromEnd: Bool = false) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int(status.st_size)
    let start = fromEnd ? max(0, size - limit) : 0
    let count = min(limit, size - start)
    guard count > 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { buffer in
      pread(fd, buffer.baseAddress, count, off_t(start))
    }
    guard read >= 0 else { return nil }
    return Array(bytes.prefix(read))
  }

  /// The names in the folder at `path`, hidden ones left out; empty when it cannot be listed.
  static func names(in path: String) -> [String] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted()
  }
}
