#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// chmod and uid for tests, kept in one place so test files stay platform-neutral.
enum FileModes {
  static func set(_ path: String, _ mode: UInt32) -> Bool {
    chmod(path, mode_t(mode)) == 0
  }

  /// Root ignores permission bits, so permission-denied checks cannot fail for it.
  static var isRoot: Bool { getuid() == 0 }

  /// Makes a sparse file of `size` bytes: big on paper, cheap on disk.
  static func makeSparseFile(_ path: String, size: Int) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return ftruncate(fd, off_t(size)) == 0
  }

  static func makeSymlink(_ target: String, at path: String) -> Bool {
    symlink(target, path) == 0
  }
}
