import Foundation

/// A small tmpfs mounted on a fresh folder (root only), unmounted and removed by `remove()`.
public struct TmpfsMount: Sendable {
  public let path: String

  /// Why mounting, remounting or filling failed.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Whether this process may mount a tmpfs (tried once, on a scratch folder).
  public static let isAvailable: Bool = {
    guard getuid() == 0, let mount = try? TmpfsMount(size: "16k") else { return false }
    mount.remove()
    return true
  }()

  /// Mounts a tmpfs of `size` bytes ("256k") on a new folder, by the system call: no process.
  public init(size: String) throws {
    path = "/tmp/booking-fs-" + UUID().uuidString.prefix(8).lowercased()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    guard Glibc.mount("tmpfs", path, "tmpfs", 0, "size=\(size),mode=0700") == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: path)
      throw Failure(description: "mount failed: \(reason)")
    }
  }

  /// Mounts it again read-only.
  public func remountReadOnly() throws {
    let flags = UInt(MS_REMOUNT) | UInt(MS_RDONLY)
    guard Glibc.mount("tmpfs", path, "tmpfs", flags, nil) == 0 else {
      throw Failure(description: "remount failed: \(String(cString: strerror(errno)))")
    }
  }

  /// Free 4 KiB pages.
  public var freePages: Int {
    var status = statvfs()
    guard statvfs(path, &status) == 0 else { return 0 }
    return Int(status.f_bavail) * Int(status.f_frsize) / 4096
  }

  /// Fills the file system until `pages` 4 KiB pages are free; returns the filler's path, to
  /// remove when space is to be freed.
  public func fill(leaving pages: Int) throws -> String {
    let filler = path + "/filler-\(UUID().uuidString)"
    let bytes = max(0, freePages - pages) * 4096
    guard try write(filler, upTo: bytes) == bytes else {
      throw Failure(description: "could not fill \(path) with \(bytes) bytes")
    }
    return filler
  }

  /// Writes a file until the file system is full.
  public func fill() throws {
    _ = try write(path + "/fill", upTo: .max)
  }

  /// Writes `file`, new, until `bytes` are written or the file system is full; returns how many
  /// were written, and throws on any other failure. Opened close-on-exec: a program spawned
  /// meanwhile by another test would otherwise keep the file, and its pages, after it is removed.
  private func write(_ file: String, upTo bytes: Int) throws -> Int {
    let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Failure(description: "cannot create \(file): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0x2A, count: 1 << 16)
    var written = 0
    while written < bytes {
      let count = chunk.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, min($0.count, bytes - written))
      }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno != ENOSPC {
        throw Failure(description: "cannot write \(file): \(String(cString: strerror(errno)))")
      }
      guard count > 0 else { break }
      written += count
    }
    return written
  }

  /// Unmounts it (lazily, if something still holds it open) and removes the folder.
  public func remove() {
    if umount2(path, 0) != 0, errno == EBUSY { _ = umount2(path, Int32(MNT_DETACH)) }
    try? FileManager.default.removeItem(atPath: path)
  }
}
