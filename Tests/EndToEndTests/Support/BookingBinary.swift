import Foundation

/// Finds the `booking` executable that `swift test` built next to this test bundle.
///
/// `swift test` builds every product into the same directory as the test bundle, wherever the
/// build directory is (`.build/debug`, or the `--scratch-path`), so the binary is looked up next to
/// the running bundle rather than at a fixed path. `BOOKING_E2E_BINARY` overrides the search.
enum BookingBinary {
  /// A class of this module, so `Bundle(for:)` finds the test bundle on platforms where the test
  /// runs inside a host process (macOS `xctest`).
  private final class Marker {}

  /// The path of the executable, or an error that says where it was looked for.
  static func path() throws -> String {
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["BOOKING_E2E_BINARY"], !override.isEmpty {
      guard isExecutable(override) else {
        throw E2EFailure("BOOKING_E2E_BINARY=\(override) is not an executable file")
      }
      return override
    }
    var searched: [String] = []
    for directory in candidateDirectories() {
      let candidate = directory.appendingPathComponent("booking").path
      searched.append(candidate)
      if isExecutable(candidate) { return candidate }
    }
    throw E2EFailure(
      "the booking executable was not found; looked at:\n  "
        + searched.joined(separator: "\n  ")
        + "\nRun the tests with `swift test` (which builds it) or set BOOKING_E2E_BINARY.")
  }

  /// The test bundle's directory and its parent, from every way of asking where it is, then the
  /// package's default build directory.
  private static func candidateDirectories() -> [URL] {
    let starts = [
      URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        .deletingLastPathComponent(),
      Bundle.main.bundleURL.resolvingSymlinksInPath(),
      Bundle(for: Marker.self).bundleURL.resolvingSymlinksInPath(),
    ]
    var directories: [URL] = []
    for start in starts {
      for directory in [start, start.deletingLastPathComponent()]
      where !directories.contains(directory) {
        directories.append(directory)
      }
    }
    // Tests/EndToEndTests/Support/BookingBinary.swift → the package root.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    directories.append(root.appendingPathComponent(".build/debug"))
    return directories
  }

  private static func isExecutable(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: path)
  }
}
