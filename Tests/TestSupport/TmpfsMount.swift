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

  public init(size: String) throws {
    path = "/tmp/booking-fs-" + UUID().uuidString.prefix(8).lowercased()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let result = try Command.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
    guard result.status == 0 else {
      try? FileManager.default.removeItem(atPath: path)
      throw Failure(description: "mount failed: \(result.output)")
    }
  }

  public func remount(options: String) throws {
    let result = try Command.run("/bin/mount", ["-o", options, path])
    guard result.status == 0 else { throw Failure(description: "remount failed: \(result.output)") }
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
    guard FileManager.default.createFile(atPath: filler, contents: Data(count: bytes)) else {
      throw Failure(description: "could not fill \(path) with \(bytes) bytes")
    }
    return filler
  }

  /// Writes a file until the file system is full.
  public func fill() throws {
    let file = path + "/fill"
    guard FileManager.default.createFile(atPath: file, contents: nil),
      let handle = FileHandle(forWritingAtPath: file)
    else { throw Failure(description: "cannot create \(file)") }
    defer { try? handle.close() }
    let chunk = Data(repeating: 0x2A, count: 4096)
    while (try? handle.write(contentsOf: chunk)) != nil {}
  }

  public func remove() {
    _ = try? Command.run("/bin/umount", [path])
    if (try? Command.run("/bin/mountpoint", ["-q", path]))?.status == 0 {
      _ = try? Command.run("/bin/umount", ["-l", path])
    }
    try? FileManager.default.removeItem(atPath: path)
  }
}
