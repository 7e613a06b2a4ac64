import Foundation
import TestSupport

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
  /// Every pane's process, SIGKILLed on close if still the same process.
  private var panes: [ProcessIdentity] = []
  /// The tmux clients that started servers, kept until the servers end.
  private var clients: [Process] = []

  init() throws {
    guard let tmux = Command.find("tmux") else {
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
    let started = try Command.startDaemon(tmux, arguments, environment: environment)
    clients.append(started.process)
    guard isAlive(session) else {
      throw ReliabilityFailure(
        "tmux did not start \(command.joined(separator: " ")): \(started.stdout + started.stderr)")
    }
    if let pane = ProcessIdentity(try panePID(session)) { panes.append(pane) }
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
    (try? Command.run(tmux, base + ["has-session", "-t", session]))?.status == 0
  }

  /// Whether process `pid` still exists.
  static func exists(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

  /// Ends the server (panes get SIGHUP) and SIGKILLs whatever still runs in a pane.
  func close() {
    _ = try? Command.run(tmux, base + ["kill-server"], environment: environment)
    // A pane's PID may name another test's process by now: only the same process is killed.
    for pane in panes { pane.kill(SIGKILL, group: true) }
    let folder = environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
  }

  private var base: [String] { ["-L", socket, "-f", "/dev/null", "-u"] }

  @discardableResult
  private func command(_ arguments: [String]) throws -> String {
    let result = try Command.run(tmux, base + arguments, environment: environment)
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
