import Foundation
import TestSupport

/// A small tmpfs mounted on a fresh folder (root only), unmounted and removed by `remove()`.
struct TmpfsMount {
  let path: String

  /// Whether this process may mount a tmpfs (tried once, on a scratch folder).
  static let isAvailable: Bool = {
    guard getuid() == 0, let mount = try? TmpfsMount(size: "16k") else { return false }
    mount.remove()
    return true
  }()

  init(size: String) throws {
    path = Screens.temporaryPath("rel-fs")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let result = try Command.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
    guard result.status == 0 else {
      try? FileManager.default.removeItem(atPath: path)
      throw ReliabilityFailure("mount failed: \(result.output)")
    }
  }

  func remount(options: String) throws {
    let result = try Command.run("/bin/mount", ["-o", options, path])
    guard result.status == 0 else { throw ReliabilityFailure("remount failed: \(result.output)") }
  }

  /// Free 4 KiB pages.
  var freePages: Int {
    var status = statvfs()
    guard statvfs(path, &status) == 0 else { return 0 }
    return Int(status.f_bavail) * Int(status.f_frsize) / 4096
  }

  /// Fills the file system until `pages` 4 KiB pages are free; returns the filler's path, to
  /// remove when space is to be freed.
  func fill(leaving pages: Int) throws -> String {
    let filler = path + "/filler-\(UUID().uuidString)"
    let bytes = max(0, freePages - pages) * 4096
    guard FileManager.default.createFile(atPath: filler, contents: Data(count: bytes)) else {
      throw ReliabilityFailure("could not fill \(path) with \(bytes) bytes")
    }
    return filler
  }

  /// Writes a file until the file system is full.
  func fill() throws {
    let file = path + "/fill"
    guard FileManager.default.createFile(atPath: file, contents: nil),
      let handle = FileHandle(forWritingAtPath: file)
    else { throw ReliabilityFailure("cannot create \(file)") }
    defer { try? handle.close() }
    let chunk = Data(repeating: 0x2A, count: 4096)
    while (try? handle.write(contentsOf: chunk)) != nil {}
  }

  func remove() {
    _ = try? Command.run("/bin/umount", [path])
    if (try? Command.run("/bin/mountpoint", ["-q", path]))?.status == 0 {
      _ = try? Command.run("/bin/umount", ["-l", path])
    }
    try? FileManager.default.removeItem(atPath: path)
  }
}
