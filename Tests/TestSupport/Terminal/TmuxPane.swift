import Dispatch
import Foundation

/// One program running in a window of a `TmuxServer`: keys to it, its screen, and waits for
/// what it shows and for its exit.
public struct TmuxPane: Sendable {
  public let server: TmuxServer
  /// tmux's ID of the pane (`%3`), the target of every command.
  public let id: String
  /// The window's name, for messages.
  public let name: String
  /// The pane's process: the program, or the shell around it.
  public let pid: Int32
  /// That process, told apart from a later one given its PID (nil: it had already ended).
  public let process: ProcessIdentity?

  // MARK: - Keys

  /// Sends tmux key names: "Enter", "Tab", "BTab", "Escape", "Down", "C-c", "+"...
  public func press(_ keys: String...) async throws {
    try await press(keys)
  }

  /// Sends tmux key names, in order.
  public func press(_ keys: [String]) async throws {
    guard !keys.isEmpty else { return }
    try await server.command(["send-keys", "-t", id] + keys)
  }

  /// Sends `text` literally, as typed.
  public func type(_ text: String) async throws {
    try await server.command(["send-keys", "-t", id, "-l", text])
  }

  /// Pastes tmux's buffer (`setBuffer`) as a terminal does: line breaks sent as carriage
  /// returns, wrapped in bracketed-paste markers when the program has turned that mode on.
  public func pasteBuffer() async throws {
    try await server.command(["paste-buffer", "-p", "-t", id])
  }

  /// Puts `text` in tmux's paste buffer, for `pasteBuffer()`.
  public func setBuffer(_ text: String) async throws {
    try await server.command(["set-buffer", "--", text])
  }

  /// Resizes the window, as a person resizing the terminal would.
  public func resize(width: Int, height: Int) async throws {
    try await server.command(
      ["resize-window", "-t", id, "-x", String(width), "-y", String(height)])
  }

  // MARK: - Screen

  /// The visible screen, one line per row; `joined` joins the rows the terminal wrapped.
  public func screen(joined: Bool = false) async throws -> String {
    try await server.command(["capture-pane", "-p", "-t", id] + (joined ? ["-J"] : []))
  }

  /// Waits until `condition` holds for the screen, and returns that screen: it is looked at
  /// now and again each time the program writes. Fails after `TmuxServer.patience` with `what`,
  /// the last screen and the pane's processes.
  @discardableResult
  public func waitFor(
    _ what: String, joined: Bool = false, file: String = #fileID, line: Int = #line,
    _ condition: @escaping @Sendable (String) -> Bool
  ) async throws -> String {
    try await waitFor(
      what, file: file, line: line, look: { try await $0.screen(joined: joined) },
      until: condition, describe: { "--- last screen of \($0.name) ---\n\($1)" })
  }

  /// Waits until `condition` holds for what `look` reads of the pane, read now and again each
  /// time the program writes, and returns it. Fails after `TmuxServer.patience` with `what`,
  /// `describe` of the last reading and the pane's processes.
  func waitFor<Reading: Sendable>(
    _ what: String, file: String, line: Int,
    look: @escaping @Sendable (TmuxPane) async throws -> Reading,
    until condition: @escaping @Sendable (Reading) -> Bool,
    describe: @escaping @Sendable (TmuxPane, Reading) -> String
  ) async throws -> Reading {
    let pane = self
    return try await offTheGlobalExecutor("wait-\(id)") {
      let deadline = DispatchTime.now() + TmuxServer.patience
      var last: Reading?
      while true {
        let seen = pane.server.outputCount(pane.id)
        let reading = try await look(pane)
        last = reading
        if condition(reading) { return reading }
        guard try await pane.server.output(of: pane.id, after: seen, before: deadline) else {
          break
        }
      }
      throw TerminalFailure(
        "timed out after \(TmuxServer.patience) s waiting for \(what) (\(file):\(line))\n"
          + (last.map { describe(pane, $0) } ?? "(nothing read)")
          + "\n--- the pane's processes ---\n\(pane.processes())-------------------")
    }
  }

  /// Waits until the screen contains every one of `texts`.
  @discardableResult
  public func waitFor(
    _ texts: String..., joined: Bool = false, file: String = #fileID, line: Int = #line
  ) async throws -> String {
    try await waitFor(
      texts.map { "'\($0)'" }.joined(separator: " and "), joined: joined, file: file, line: line
    ) { screen in texts.allSatisfy { screen.contains($0) } }
  }

  // MARK: - The process

  /// Whether the pane's process still runs.
  public var isRunning: Bool { process?.isRunning ?? false }

  /// Waits until the pane's process has exited (the kernel says when, through a pidfd).
  public func waitForExit(file: String = #fileID, line: Int = #line) async throws {
    guard let process else { return }
    guard try await process.exited(within: TmuxServer.patience) else {
      let screen = (try? await screen()) ?? ""
      let pane = self
      let processes = try await offTheGlobalExecutor("processes") { pane.processes() }
      throw TerminalFailure(
        "\(name) did not exit within \(TmuxServer.patience) s (\(file):\(line)); screen:\n"
          + "\(screen)--- its processes ---\n\(processes)")
    }
  }

  /// The pane's processes as `ps` sees them (state, kernel wait channel, seconds alive,
  /// command), for a failed wait's message: tmux starts each pane's process as the leader of a
  /// session of its own, so the session is the pane. Blocks: for code off the cooperative pool.
  func processes() -> String {
    guard let ps = Command.find("ps"),
      let result = try? Command.runBlocking(
        ps, ["-o", "pid,ppid,stat,wchan:24,etimes,args", "-s", String(pid)])
    else { return "(unavailable)\n" }
    return result.stdout
  }

  /// SIGKILLs the pane's process group, if its leader is still the process started.
  func kill() {
    process?.kill(SIGKILL, group: true)
  }
}
