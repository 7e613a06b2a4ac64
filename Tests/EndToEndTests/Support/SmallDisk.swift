import Foundation
import TestSupport

/// A small tmpfs mounted on a fresh folder (root only), to fill; `remove()` unmounts it.
struct SmallDisk {
  let path: String

  /// Whether this process may mount a tmpfs (tried once, on a scratch folder).
  static let isAvailable: Bool = {
    guard getuid() == 0, let disk = try? SmallDisk() else { return false }
    disk.remove()
    return true
  }()

  init(size: String = "512k") throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-cli-disk-\(UUID().uuidString.prefix(8).lowercased())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let result = try Command.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
    guard result.status == 0 else {
      try? FileManager.default.removeItem(atPath: path)
      throw E2EFailure("mount failed: \(result.output)")
    }
  }

  /// Writes a file until the file system is full.
  func fill() throws {
    let file = path + "/fill"
    guard FileManager.default.createFile(atPath: file, contents: nil),
      let handle = FileHandle(forWritingAtPath: file)
    else { throw E2EFailure("cannot create \(file)") }
    defer { try? handle.close() }
    let chunk = Data(repeating: 0x2A, count: 4096)
    while (try? handle.write(contentsOf: chunk)) != nil {}
  }

  func remove() {
    _ = try? Command.run("/bin/umount", [path])
    try? FileManager.default.removeItem(atPath: path)
  }
}
