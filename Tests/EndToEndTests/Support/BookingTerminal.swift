import Foundation
import TestSupport

/// The `booking` app running in a real terminal: its own tmux server (socket), a fixed 100x30
/// window and its own temporary data directory. Call `close()` when done (in a `defer`): it ends
/// the tmux server and every app it started, and removes the data directory.
final class BookingTerminal {
  static let width = 100
  static let height = 30

  let binary: String
  let dataDirectory: URL
  private let tmux: String
  private let socket: String
  private let environment: [String: String]
  /// The session the app runs in now; each launch gets a new one.
  private(set) var session = ""
  private var launches = 0
  /// Every pane's process (a process-group leader: the app, or the shell around it) and every
  /// app found under a shell, to make sure none outlives the test.
  private var panes: [ProcessIdentity] = []
  private var processes: [ProcessIdentity] = []
  /// The tmux clients that started servers, kept until the servers end.
  private var clients: [Process] = []

  /// Finds tmux and the binary, and makes an empty data directory.
  init() throws {
    guard let tmux = Command.find("tmux") else {
      throw E2EFailure(
        "tmux is not installed: the end-to-end tests run the app in tmux; install it "
          + "(apt-get install tmux / brew install tmux) and run the tests again.")
    }
    self.tmux = tmux
    binary = try BookingBinary.path()
    let id = UUID().uuidString.prefix(8).lowercased()
    socket = "booking-e2e-\(getpid())-\(id)"
    dataDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-e2e-\(id)", isDirectory: true)
    try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    environment["TMUX_PANE"] = nil
    environment["BOOKING_DATA_DIR"] = nil
    self.environment = environment
  }

  // MARK: - Launching

  /// Starts the app in a new session with this terminal's data directory, `--latency 0` unless
  /// `latency` says otherwise, and `arguments`.
  func launch(_ arguments: [String] = [], latency: Int? = 0) throws {
    var command = [binary, "--data-dir", dataDirectory.path]
    if let latency { command += ["--latency", String(latency)] }
    try start(command + arguments)
    if let pane = ProcessIdentity(try panePID()) { panes.append(pane) }
  }

  /// Starts `script` with `sh -c` in a new session (the app is then the shell's child).
  func launchShell(_ script: String) throws {
    try start(["/bin/sh", "-c", script])
    if let pane = ProcessIdentity(try panePID()) { panes.append(pane) }
  }

  /// The command line that runs the app with this terminal's data directory, for `launchShell`.
  func shellCommand(_ arguments: [String] = ["--latency", "0"]) -> String {
    ([binary, "--data-dir", dataDirectory.path] + arguments).map(Self.quoted).joined(separator: " ")
  }

  private func start(_ command: [String]) throws {
    launches += 1
    session = "run\(launches)"
    // Given as separate arguments, tmux runs the command directly, without a shell: the pane's
    // process is the app itself.
    let arguments =
      base + [
        "start-server", ";", "set-option", "-g", "status", "off", ";",
        "new-session", "-d", "-s", session, "-x", String(Self.width), "-y", String(Self.height),
        "--",
      ] + command
    // This client may start the server, which outlives it: see `Command.startDaemon`.
    let started = try Command.startDaemon(tmux, arguments, environment: environment)
    clients.append(started.process)
    guard sessionIsAlive() else {
      throw E2EFailure(
        "tmux did not start \(command.joined(separator: " ")): \(started.stderr)\(started.stdout)")
    }
  }

  /// The process ID of the pane's command (the app, when launched with `launch`).
  func panePID() throws -> Int32 {
    let text = try tmuxCommand(["display-message", "-p", "-t", session, "#{pane_pid}"])
    guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw E2EFailure("tmux gave no pane PID: '\(text)'")
    }
    return pid
  }

  /// The pane's processes as `ps` sees them (state, kernel wait channel, seconds alive,
  /// command), for a failed wait's message: tmux starts each pane's shell as the leader of a
  /// session of its own, so the session is the pane.
  func paneProcesses() -> String {
    guard let shell = try? panePID(), let ps = Command.find("ps"),
      let result = try? Command.run(
        ps, ["-o", "pid,ppid,stat,wchan:24,etimes,args", "-s", String(shell)])
    else { return "(unavailable)" }
    return result.stdout
  }

  /// The app started by the pane's shell (see `launchShell`).
  func childPID(of parent: Int32) throws -> Int32 {
    guard let pgrep = Command.find("pgrep") else { throw E2EFailure("pgrep is not installed") }
    let result = try Command.run(pgrep, ["-P", String(parent)])
    guard let pid = result.stdout.split(separator: "\n").first.flatMap({ Int32($0) }) else {
      throw E2EFailure("no child process of \(parent) found")
    }
    if let process = ProcessIdentity(pid) { processes.append(process) }
    return pid
  }

  // MARK: - Keys

  /// Sends tmux key names: "Enter", "Tab", "BTab", "Escape", "Down", "C-c", "+"...
  func press(_ keys: String...) throws {
    try tmuxCommand(["send-keys", "-t", session] + keys)
  }

  /// Sends `text` literally, as typed.
  func type(_ text: String) throws {
    try tmuxCommand(["send-keys", "-t", session, "-l", text])
  }

  /// Puts `text` in tmux's paste buffer, for `pasteBuffer()`.
  func setBuffer(_ text: String) throws {
    try tmuxCommand(["set-buffer", "--", text])
  }

  /// Pastes tmux's buffer into the app as a terminal does: line breaks sent as carriage returns,
  /// and wrapped in bracketed-paste markers when the app has turned that mode on.
  func pasteBuffer() throws {
    try tmuxCommand(["paste-buffer", "-p", "-t", session])
  }

  /// Resizes the window, as a person resizing the terminal would.
  func resize(width: Int, height: Int) throws {
    try tmuxCommand(
      ["resize-window", "-t", session, "-x", String(width), "-y", String(height)])
  }

  // MARK: - Screen

  /// The visible screen as text, one line per row.
  func screen() throws -> String {
    try tmuxCommand(["capture-pane", "-p", "-t", session])
  }

  /// How long a wait may take before it fails: long, because a wait that passes costs only what
  /// it waits for. Beside the whole suite and a CPU hog on 2 cores, a test that makes one save
  /// takes 70-82 s from its start to its end; with 20 s, a quit and a SIGTERM timed out in two
  /// CI runs, their screens showing the app had already left curses. A wait that fails says
  /// what the pane's processes were doing (`paneProcesses`).
  static let patience: Double = 60

  /// Polls the screen every 50 ms until `condition` holds, and returns that screen; fails after
  /// `timeout` seconds with `what` and the last screen.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = patience, file: String = #fileID, line: Int = #line,
    _ condition: (String) -> Bool
  ) async throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while true {
      last = (try? screen()) ?? last
      if condition(last) { return last }
      if Date() > deadline {
        throw E2EFailure(
          "timed out after \(timeout) s waiting for \(what) (\(file):\(line))\n"
            + "--- last screen ---\n\(last)\n--- the pane's processes ---\n"
            + "\(paneProcesses())\n-------------------")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Waits until the screen contains every one of `texts`.
  @discardableResult
  func waitFor(
    _ texts: String..., timeout: Double = patience, file: String = #fileID, line: Int = #line
  ) async throws -> String {
    try await waitFor(
      texts.map { "'\($0)'" }.joined(separator: " and "), timeout: timeout, file: file, line: line
    ) { screen in texts.allSatisfy { screen.contains($0) } }
  }

  /// Waits until the current session has ended (its command exited).
  func waitForExit(timeout: Double = patience) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while sessionIsAlive() {
      if Date() > deadline {
        throw E2EFailure(
          "the app did not exit within \(timeout) s; screen:\n\((try? screen()) ?? "")")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Waits until `pid` is gone (reaped), so its lock on the data directory is released.
  func waitForDeath(of pid: Int32, timeout: Double = patience) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while kill(pid, 0) == 0 || errno != ESRCH {
      if Date() > deadline { throw E2EFailure("process \(pid) still exists after \(timeout) s") }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  func sessionIsAlive() -> Bool {
    guard let result = try? Command.run(tmux, base + ["has-session", "-t", session]) else {
      return false
    }
    return result.status == 0
  }

  // MARK: - Cleanup

  /// Ends the tmux server (the panes get SIGHUP), SIGKILLs whatever is still running in a pane
  /// (tmux waits for it), and removes the data directory.
  func close() {
    _ = try? Command.run(tmux, base + ["kill-server"], environment: environment)
    // Only a process still the one noted: a PID may name another test's process by now. A
    // pane's process leads a group: a shell and what it runs.
    for pane in panes { pane.kill(SIGKILL, group: true) }
    for process in processes { process.kill(SIGKILL) }
    try? FileManager.default.removeItem(at: dataDirectory)
    // A server that ended this way may leave its socket file behind.
    let folder = environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
  }

  // MARK: - tmux

  private var base: [String] { ["-L", socket, "-f", "/dev/null", "-u"] }

  @discardableResult
  private func tmuxCommand(_ arguments: [String]) throws -> String {
    let result = try Command.run(tmux, base + arguments, environment: environment)
    guard result.status == 0, !result.killedBySignal else {
      throw E2EFailure(
        "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
    }
    return result.stdout
  }

  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
