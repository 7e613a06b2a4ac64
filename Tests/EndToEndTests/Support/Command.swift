import Foundation

/// A test failure with a message meant for a person: what was expected and what was on screen.
struct E2EFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// What a finished process left behind.
struct CommandResult: Sendable {
  var status: Int32
  /// Whether the process was ended by a signal (then `status` is the signal number).
  var killedBySignal: Bool
  var stdout: String
  var stderr: String
}

/// Runs programs with Foundation's `Process`.
enum Command {
  /// Runs `executable` with `arguments` to the end. Standard input is `/dev/null`; standard
  /// output and error are pipes, read after the process ends, so this is only for programs whose
  /// output is small (tmux commands, the app's command-line answers: a few kilobytes, well under a
  /// pipe's buffer).
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let error = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    return CommandResult(
      status: process.terminationStatus,
      killedBySignal: process.terminationReason == .uncaughtSignal,
      stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  /// Starts `executable` and reads its output to the end, without waiting for Foundation to
  /// report the exit; returns the output and the still-referenced `Process`.
  ///
  /// For a command that forks a daemon (a tmux client starting its server): on Linux, `Process`
  /// learns of the exit through a socket the child inherits, and the daemon inherits it too, so
  /// `waitUntilExit()` would wait for the daemon to end. The daemon's standard output and error go
  /// to /dev/null, so the pipes still end when the command does. Keep the returned `Process`
  /// until the daemon has ended.
  static func startDaemon(
    _ executable: String, _ arguments: [String], environment: [String: String]
  )
    throws -> (process: Process, stdout: String, stderr: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    return (process, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }

  /// The first executable called `name` on `PATH` (plus the usual system folders).
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders =
      path.split(separator: ":").map(String.init) + [
        "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin",
      ]
    for folder in folders where !folder.isEmpty {
      let candidate = folder + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
