#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a zone file whole: a regular file (links followed) of at most `TZif.maxBytes`.
enum ZoneFile {
  /// The bytes of the file at `path`; nil if it cannot be opened, is not a regular file, or is
  /// larger than a zone file can be.
  static func contents(atPath path: String) -> [UInt8]? {
    // O_NONBLOCK: a FIFO named like a zone must not hang the caller; fstat then refuses it.
    var fd: Int32
    repeat {
      fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    } while fd < 0 && errno == EINTR
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      status.st_size <= TZif.maxBytes
    else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while bytes.count <= TZif.maxBytes {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(fd, buffer.baseAddress, buffer.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
    return nil
  }
}
