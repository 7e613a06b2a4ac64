import Foundation

/// Finds an executable of this package (`booking`, `recordwriter`) that `swift test` built.
///
/// `swift test` builds every product into the directory of the test bundle, wherever the build
/// directory is (`.build/debug`, or a `--scratch-path`), so executables are looked up next to the
/// running bundle rather than at a fixed path.
public enum PackageExecutable {
  /// Why an executable could not be found, with where it was looked for.
  public struct NotFound: Error, CustomStringConvertible {
    public let description: String
  }

  /// The path of executable `name`: `override` when given (it must be executable), else the
  /// first match next to the test bundle, its parent, or the package's `.build/debug`.
  public static func path(_ name: String, override: String? = nil) throws -> String {
    if let override, !override.isEmpty {
      guard isExecutable(override) else {
        throw NotFound(description: "\(override) is not an executable file")
      }
      return override
    }
    var searched: [String] = []
    for directory in candidateDirectories() {
      let candidate = directory.appendingPathComponent(name).path
      searched.append(candidate)
      if isExecutable(candidate) { return candidate }
    }
    throw NotFound(
      description: "the \(name) executable was not found; looked at:\n  "
        + searched.joined(separator: "\n  ")
        + "\nRun the tests with `swift test`, which builds it.")
  }

  /// The package's root folder, from this file's place in it
  /// (Tests/TestSupport/PackageExecutable.swift), for tests that read the repository's files.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  private static func candidateDirectories() -> [URL] {
    let starts = [
      URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        .deletingLastPathComponent(),
      Bundle.main.bundleURL.resolvingSymlinksInPath(),
    ]
    var directories: [URL] = []
    for start in starts {
      for directory in [start, start.deletingLastPathComponent()]
      where !directories.contains(directory) {
        directories.append(directory)
      }
    }
    directories.append(root.appendingPathComponent(".build/debug"))
    return directories
  }

  private static func isExecutable(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: path)
  }
}
