import Foundation

/// Finds an executable of this package (`booking`, `recordwriter`) that `swift test` built next
/// to the test bundle, as `EndToEndTests/Support/BookingBinary.swift` does for `booking`.
enum ToolBinary {
  private final class Marker {}

  /// The path of executable `name`, or an error that says where it was looked for.
  static func path(_ name: String) throws -> String {
    var searched: [String] = []
    for directory in candidateDirectories() {
      let candidate = directory.appendingPathComponent(name).path
      searched.append(candidate)
      if isExecutable(candidate) { return candidate }
    }
    throw ReliabilityFailure(
      "the \(name) executable was not found; looked at:\n  "
        + searched.joined(separator: "\n  ")
        + "\nRun the tests with `swift test`, which builds it.")
  }

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
    // Tests/ReliabilityTests/Support/ToolBinary.swift → the package root.
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
