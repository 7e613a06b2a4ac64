import Foundation

/// The `booking` app on a pseudo-terminal of its own (util-linux's `script`), without tmux, run
/// to its end: for what the app says before its screen starts (a refusal) and the status it
/// ends with (`PtyRun` runs one that draws its screen, typed into and read as it runs). Its
/// data directory is a new temporary one (0700); `close()` removes it.
public struct PtyApp: Sendable {
  /// The `booking` executable that `swift test` built.
  public let binary: String
  /// The data directory.
  public let dataDirectory: URL

  /// Finds the binary and makes the data directory.
  public init() throws {
    binary = try BookingTerminal.binaryPath()
    dataDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-pty-\(UUID().uuidString.prefix(8).lowercased())")
    try FileManager.default.createDirectory(
      at: dataDirectory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
  }

  /// Removes the data directory.
  public func close() { try? FileManager.default.removeItem(at: dataDirectory) }

  /// The command line that runs the app with this data directory and `arguments`.
  public func command(_ arguments: [String] = ["--latency", "0"]) -> String {
    ([binary, "--data-dir", dataDirectory.path] + arguments).map(BookingTerminal.quoted)
      .joined(separator: " ")
  }

  /// Runs the shell line `line` on a terminal of its own (`PtyApp.run`).
  public func run(_ line: String) async throws -> (status: Int32, output: String) {
    try await Self.run(line)
  }

  /// Runs the shell line `line` on a terminal of its own (an xterm's `TERM`) to its end, and
  /// returns what the terminal showed, lines ended by "\n", and the line's exit status. A line
  /// still running after `limit` seconds (an app that drew its screen instead of refusing) is
  /// ended (TERM, then KILL) and reported as such, so the test fails instead of hanging.
  public static func run(_ line: String, limit: Int = 30) async throws -> (
    status: Int32, output: String
  ) {
    let result = try await Command.run(
      "/usr/bin/timeout",
      [
        "--kill-after=5", "\(limit)", "/usr/bin/script", "-q", "-e", "-c",
        "export TERM=xterm-256color; " + line, "/dev/null",
      ])
    let output = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    // timeout(1) says 124 when it ended the line, 137 when it had to kill it.
    guard result.status != 124, result.status != 137 else {
      throw TerminalFailure("still running after \(limit) s: \(line)\n\(output)")
    }
    return (result.status, output)
  }
}
