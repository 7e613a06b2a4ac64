import Foundation

/// What a finished process left behind.
public struct CommandResult: Sendable {
  public var status: Int32
  /// Whether the process was ended by a signal (then `status` is the signal number).
  public var killedBySignal: Bool
  public var stdout: String
  public var stderr: String
  /// Standard output, then standard error.
  public var output: String { stdout + stderr }
}

/// Runs programs with Foundation's `Process`, for tests.
public enum Command {
  /// Runs `executable` with `arguments` to the end, on a thread of its own: the wait for its
  /// exit holds none of the threads Swift's cooperative pool runs the tests on. Standard input
  /// is `input` (small: it is written before the output is read), else `/dev/null`; the output
  /// is read before waiting, and is meant to be small (the app's command-line answers).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    input: String? = nil
  ) async throws -> CommandResult {
    try await offTheGlobalExecutor("command") {
      try runBlocking(executable, arguments, environment: environment, input: input)
    }
  }

  /// `run`, waiting on the calling thread: only for code already off the cooperative pool.
  public static func runBlocking(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    input: String? = nil
  ) throws -> CommandResult {
    let (process, stdout, stderr) = try start(
      executable, arguments, environment: environment, input: input)
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus,
      killedBySignal: process.terminationReason == .uncaughtSignal, stdout: stdout,
      stderr: stderr)
  }

  /// Starts `executable` and reads its output to the end, without waiting for Foundation to
  /// report the exit; returns the output and the still-referenced `Process`.
  ///
  /// For a command that forks a daemon (a tmux client starting its server): on Linux, `Process`
  /// learns of the exit through a socket the child inherits, and the daemon inherits it too, so
  /// `waitUntilExit()` would wait for the daemon to end. Keep the returned `Process` until the
  /// daemon has ended.
  public static func startDaemon(
    _ executable: String, _ arguments: [String], environment: [String: String]
  ) throws -> (process: Process, stdout: String, stderr: String) {
    try start(executable, arguments, environment: environment)
  }

  /// The first executable called `name` on `PATH` (plus the usual system folders).
  public static func find(_ name: String) -> String? {
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

  private static func start(
    _ executable: String, _ arguments: [String], environment: [String: String]?,
    input: String? = nil
  ) throws -> (process: Process, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let error = Pipe()
    let source = input.map { _ in Pipe() }
    if let source {
      process.standardInput = source
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    process.standardOutput = output
    process.standardError = error
    try process.run()
    if let source, let input {
      source.fileHandleForWriting.write(Data(input.utf8))
      try source.fileHandleForWriting.close()
    }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    return (process, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }
}
