import Foundation

/// A private tmux server running `booking` in one or more sessions (a real terminal each), for
/// the end-to-end reliability tests. Call `close()` when done (in a `defer`): it ends the server
/// and every process it started. A trimmed copy of `EndToEndTests/Support/BookingTerminal.swift`
/// (test targets cannot import each other) that can drive several sessions at once.
final class Tmux {
  static let width = 100
  static let height = 30

  let binary: String
  private let tmux: String
  private let socket: String
  private let environment: [String: String]
  /// Every pane's process, SIGKILLed on close if still there.
  private var panes: [Int32] = []
  /// The tmux clients that started servers, kept until the servers end.
  private var clients: [Process] = []

  init() throws {
    guard let tmux = Shell.find("tmux") else {
      throw ReliabilityFailure("tmux is not installed: the end-to-end tests need it")
    }
    self.tmux = tmux
    binary = try ToolBinary.path("booking")
    socket = "booking-rel-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    environment["TMUX_PANE"] = nil
    environment["BOOKING_DATA_DIR"] = nil
    self.environment = environment
  }

  /// Starts `booking --data-dir <dataDirectory> --latency 0 <arguments>` in a new session.
  func launch(
    _ session: String, dataDirectory: String, arguments: [String] = [], width: Int = Tmux.width,
    height: Int = Tmux.height
  ) throws {
    try start(
      session, [binary, "--data-dir", dataDirectory, "--latency", "0"] + arguments,
      width: width, height: height)
  }

  /// Starts `script` with `sh -c` in a new session.
  func launchShell(_ session: String, _ script: String) throws {
    try start(session, ["/bin/sh", "-c", script], width: Self.width, height: Self.height)
  }

  private func start(_ session: String, _ command: [String], width: Int, height: Int) throws {
    let arguments =
      base + [
        "start-server", ";", "set-option", "-g", "status", "off", ";",
        "new-session", "-d", "-s", session, "-x", String(width), "-y", String(height), "--",
      ] + command
    let started = try Shell.startDaemon(tmux, arguments, environment: environment)
    clients.append(started.process)
    guard isAlive(session) else {
      throw ReliabilityFailure(
        "tmux did not start \(command.joined(separator: " ")): \(started.output)")
    }
    panes.append(try panePID(session))
  }

  /// The process ID of the session's pane command.
  func panePID(_ session: String) throws -> Int32 {
    let text = try command(["display-message", "-p", "-t", session, "#{pane_pid}"])
    guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw ReliabilityFailure("tmux gave no pane PID: '\(text)'")
    }
    return pid
  }

  /// Sends tmux key names: "Enter", "Tab", "Escape", "Down", "C-u"...
  func press(_ session: String, _ keys: String...) throws {
    try command(["send-keys", "-t", session] + keys)
  }

  /// Sends `text` literally, as typed.
  func type(_ session: String, _ text: String) throws {
    try command(["send-keys", "-t", session, "-l", text])
  }

  func resize(_ session: String, width: Int, height: Int) throws {
    try command(["resize-window", "-t", session, "-x", String(width), "-y", String(height)])
  }

  /// The visible screen, one line per row; `joined` joins lines the terminal wrapped.
  func screen(_ session: String, joined: Bool = false) throws -> String {
    try command(["capture-pane", "-p", "-t", session] + (joined ? ["-J"] : []))
  }

  /// Polls the screen every 50 ms until `condition` holds; fails after `timeout` seconds with the
  /// last screen.
  @discardableResult
  func waitFor(
    _ session: String, _ what: String, timeout: Double = 15, joined: Bool = false,
    _ condition: (String) -> Bool
  ) async throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while true {
      last = (try? screen(session, joined: joined)) ?? last
      if condition(last) { return last }
      if Date() > deadline {
        throw ReliabilityFailure(
          "timed out after \(timeout) s waiting for \(what)\n--- last screen ---\n\(last)\n---")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Waits until the screen contains every one of `texts`.
  @discardableResult
  func waitFor(_ session: String, _ texts: String..., timeout: Double = 15) async throws -> String {
    try await waitFor(session, texts.map { "'\($0)'" }.joined(separator: " and "), timeout: timeout)
    { screen in texts.allSatisfy { screen.contains($0) } }
  }

  func isAlive(_ session: String) -> Bool {
    (try? Shell.run(tmux, base + ["has-session", "-t", session]))?.status == 0
  }

  /// Whether process `pid` still exists.
  static func exists(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

  /// Ends the server (panes get SIGHUP) and SIGKILLs whatever still runs in a pane.
  func close() {
    _ = try? Shell.run(tmux, base + ["kill-server"], environment: environment)
    for pid in panes where kill(pid, 0) == 0 {
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
    }
    let folder = environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
  }

  private var base: [String] { ["-L", socket, "-f", "/dev/null", "-u"] }

  @discardableResult
  private func command(_ arguments: [String]) throws -> String {
    let result = try Shell.run(tmux, base + arguments, environment: environment)
    guard result.status == 0 else {
      throw ReliabilityFailure(
        "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.output)")
    }
    return result.output
  }

  /// `word` quoted for `sh`.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// Runs programs with Foundation's `Process` (a trimmed copy of `EndToEndTests`' `Command`).
enum Shell {
  struct Result {
    var status: Int32
    var output: String
  }

  /// Runs `executable` to the end; standard output and error are read after it ends, so this is
  /// for small outputs only (tmux commands).
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }

  /// Starts a command that may fork a daemon (a tmux client starting its server) and reads its
  /// output to the end without waiting for Foundation to see it exit: on Linux the daemon
  /// inherits the socket `Process` waits on. Keep the `Process` until the daemon has ended.
  static func startDaemon(
    _ executable: String, _ arguments: [String], environment: [String: String]
  ) throws -> (process: Process, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    return (process, String(decoding: data, as: UTF8.self))
  }

  /// The first executable called `name` on `PATH` or in the usual folders.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders =
      path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
    for folder in folders where !folder.isEmpty {
      let candidate = folder + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
