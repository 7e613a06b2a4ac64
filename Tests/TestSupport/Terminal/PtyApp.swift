import Foundation

/// The `booking` app on a pseudo-terminal of its own (util-linux's `script`), without tmux, run
/// to its end: for what the app says before its screen starts (a refusal) and the status it
/// ends with. Its data directory is a new temporary one (0700); `close()` removes it.
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
  /// returns what the terminal showed, lines ended by "\n", and the line's exit status.
  public static func run(_ line: String) async throws -> (status: Int32, output: String) {
    let result = try await Command.run(
      "/usr/bin/script", ["-q", "-e", "-c", "export TERM=xterm-256color; " + line, "/dev/null"])
    return (result.status, result.stdout.replacingOccurrences(of: "\r\n", with: "\n"))
  }
}
