import Foundation

/// The `booking` app in a real terminal: a `TmuxServer` of its own (100x30 windows) and a data
/// directory, a temporary one unless given. Each launch runs in a new window, whose pane the
/// launch returns; the keys, screen and waits here go to the latest launch's pane.
///
/// A test holds one terminal at a time: at most `TerminalSlots.count` are open at once across
/// the suite, the rest wait for a slot in `init`. Call `close()` when done (in a `defer`): it
/// ends the tmux server, SIGKILLs every process it started that is still the one noted, removes
/// the data directory it made, and frees the slot.
public final class BookingTerminal {
  public static let width = 100
  public static let height = 30

  public let binary: String
  public let dataDirectory: URL
  public let server: TmuxServer
  /// The pane of the latest launch.
  public private(set) var pane: TmuxPane?
  private let madeDataDirectory: Bool
  private var panes: [TmuxPane] = []
  /// Apps found under a pane's shell (`childPID`), killed on close too.
  private var children: [ProcessIdentity] = []
  private var launches = 0
  private var closed = false

  /// Waits for a slot, starts a tmux server and finds the binary; makes an empty temporary data
  /// directory unless `dataDirectory` is given (which is then neither made nor removed).
  public init(dataDirectory: String? = nil) async throws {
    await TerminalSlots.shared.acquire()
    do {
      binary = try Self.binaryPath()
      if let dataDirectory {
        self.dataDirectory = URL(fileURLWithPath: dataDirectory, isDirectory: true)
        madeDataDirectory = false
      } else {
        let id = UUID().uuidString.prefix(8).lowercased()
        self.dataDirectory = FileManager.default.temporaryDirectory
          .appendingPathComponent("booking-e2e-\(id)", isDirectory: true)
        try FileManager.default.createDirectory(
          at: self.dataDirectory, withIntermediateDirectories: true)
        madeDataDirectory = true
      }
      server = try await TmuxServer(width: Self.width, height: Self.height)
    } catch {
      TerminalSlots.shared.release()
      throw error
    }
  }

  /// The `booking` executable that `swift test` built; `BOOKING_E2E_BINARY` overrides the search.
  public static func binaryPath() throws -> String {
    do {
      return try PackageExecutable.path(
        "booking", override: ProcessInfo.processInfo.environment["BOOKING_E2E_BINARY"])
    } catch {
      throw TerminalFailure("\(error)")
    }
  }

  // MARK: - Launching

  /// Starts the app in a new window with this terminal's data directory, `--latency 0` unless
  /// `latency` says otherwise, and `arguments`; returns once the app takes its signals (see
  /// `waitUntilAppTakesSignals`) or has exited.
  @discardableResult
  public func launch(_ arguments: [String] = [], latency: Int? = 0) async throws -> TmuxPane {
    var command = [binary, "--data-dir", dataDirectory.path]
    if let latency { command += ["--latency", String(latency)] }
    let pane = try await start(command + arguments)
    try await waitUntilAppTakesSignals()
    return pane
  }

  /// The signals the app takes as events of its own: Ctrl-C, a terminal's hang-up, SIGTERM.
  public static let appSignals = [SIGINT, SIGHUP, SIGTERM]

  /// Waits until the latest launch's app (the pane's process, or the first process under it
  /// named like the binary) catches `appSignals`, or has exited. The app installs its handlers
  /// as it starts, and they take effect a moment later, possibly after its first frame: a
  /// Ctrl-C or SIGTERM before that is ignored. No event tells when; the kernel's state is read.
  public func waitUntilAppTakesSignals(file: String = #fileID, line: Int = #line) async throws {
    let pane = try current()
    let name = String(URL(fileURLWithPath: binary).lastPathComponent.prefix(15))
    let deadline = Date().addingTimeInterval(TmuxServer.patience)
    while let root = pane.process, root.isRunning {
      let app = ([root] + root.descendants).first { $0.name == name }
      if let app {
        if try await app.catches(Self.appSignals, within: TmuxServer.patience) { return }
        if !app.isRunning { return }
      }
      guard Date() < deadline else { break }
      if app == nil { try await Task.sleep(for: .milliseconds(5)) }
    }
    guard pane.isRunning else { return }
    throw TerminalFailure(
      "the app did not take its signals within \(TmuxServer.patience) s (\(file):\(line))")
  }

  /// Starts `script` with `sh -c` in a new window (the app is then the shell's child). After
  /// the script the shell reads a line that never comes, keeping its terminal open until
  /// `close()`: what it printed last is then on screen (a terminal whose last process exits may
  /// lose the output tmux had not read yet).
  @discardableResult
  public func launchShell(_ script: String) async throws -> TmuxPane {
    try await start(["/bin/sh", "-c", script + "\nread _"])
  }

  /// Starts `command` (not the app: an `ssh` to a room, say) in a new window, whose pane becomes
  /// the latest launch's; returns at once.
  @discardableResult
  public func launchCommand(_ command: [String]) async throws -> TmuxPane {
    try await start(command)
  }

  /// Makes `pane`, one of this terminal's launches, the one the keys, screen and waits go to.
  public func use(_ pane: TmuxPane) { self.pane = pane }

  /// The command line that runs the app with this terminal's data directory, for `launchShell`.
  public func shellCommand(_ arguments: [String] = ["--latency", "0"]) -> String {
    ([binary, "--data-dir", dataDirectory.path] + arguments).map(Self.quoted).joined(separator: " ")
  }

  private func start(_ command: [String]) async throws -> TmuxPane {
    launches += 1
    let started = try await server.start(command, name: "run\(launches)")
    panes.append(started)
    pane = started
    return started
  }

  /// The latest launch's pane.
  public func current() throws -> TmuxPane {
    guard let pane else { throw TerminalFailure("nothing was launched in this terminal") }
    return pane
  }

  // MARK: - The latest launch

  /// Sends tmux key names: "Enter", "Tab", "BTab", "Escape", "Down", "C-c", "+"...
  public func press(_ keys: String...) async throws { try await current().press(keys) }

  /// Sends tmux key names, in order.
  public func press(_ keys: [String]) async throws { try await current().press(keys) }

  /// Sends `text` literally, as typed.
  public func type(_ text: String) async throws { try await current().type(text) }

  /// Puts `text` in tmux's paste buffer, for `pasteBuffer()`.
  public func setBuffer(_ text: String) async throws { try await current().setBuffer(text) }

  /// Pastes tmux's buffer into the app as a terminal does (see `TmuxPane.pasteBuffer`).
  public func pasteBuffer() async throws { try await current().pasteBuffer() }

  /// Resizes the window, as a person resizing the terminal would.
  public func resize(width: Int, height: Int) async throws {
    try await current().resize(width: width, height: height)
  }

  /// The visible screen as text, one line per row.
  public func screen() async throws -> String { try await current().screen() }

  /// Waits until `condition` holds for the screen, and returns that screen (see
  /// `TmuxPane.waitFor`).
  @discardableResult
  public func waitFor(
    _ what: String, file: String = #fileID, line: Int = #line,
    _ condition: @escaping @Sendable (String) -> Bool
  ) async throws -> String {
    try await current().waitFor(what, file: file, line: line, condition)
  }

  /// Waits until the screen contains every one of `texts`.
  @discardableResult
  public func waitFor(_ texts: String..., file: String = #fileID, line: Int = #line)
    async throws -> String
  {
    try await current().waitFor(
      texts.map { "'\($0)'" }.joined(separator: " and "), file: file, line: line
    ) { screen in texts.allSatisfy { screen.contains($0) } }
  }

  /// Waits until the latest launch's process (the app, or the shell around it) has exited.
  public func waitForExit(file: String = #fileID, line: Int = #line) async throws {
    try await current().waitForExit(file: file, line: line)
  }

  /// Whether the latest launch's process still runs.
  public var isRunning: Bool { pane?.isRunning ?? false }

  /// The process ID of the latest launch's process (the app, when launched with `launch`).
  public func panePID() throws -> Int32 { try current().pid }

  /// The app started by the pane's shell (see `launchShell`).
  public func childPID(of parent: Int32) throws -> Int32 {
    guard let child = ProcessIdentity(parent)?.children.first else {
      throw TerminalFailure("no child process of \(parent) found")
    }
    children.append(child)
    return child.pid
  }

  /// Waits until process `pid` (one this terminal started or found) has exited, so its lock on
  /// the data directory is released.
  public func waitForDeath(of pid: Int32) async throws {
    let noted = (panes.compactMap(\.process) + children).last { $0.pid == pid }
    guard let process = noted ?? ProcessIdentity(pid) else { return }
    guard try await process.exited(within: TmuxServer.patience) else {
      throw TerminalFailure("process \(pid) still exists after \(TmuxServer.patience) s")
    }
  }

  // MARK: - Cleanup

  /// A terminal dropped without `close()` still frees its slot, ends its server and kills what
  /// it started.
  deinit { close() }

  /// Ends the tmux server (the panes get SIGHUP), SIGKILLs whatever it started that still runs,
  /// removes the data directory it made and frees the slot. Only the first call does anything.
  public func close() {
    guard !closed else { return }
    closed = true
    server.close()
    // Only a process still the one noted: a PID may name another test's process by now. A
    // pane's process leads a group: a shell and what it runs.
    for pane in panes { pane.kill() }
    for child in children { child.kill(SIGKILL) }
    if madeDataDirectory { try? FileManager.default.removeItem(at: dataDirectory) }
    TerminalSlots.shared.release()
  }

  /// `word` quoted for `sh`.
  public static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// How many terminals the suite keeps open at once: tmux tests beside the CPU-bound ones on a
/// small machine wait for each other here rather than for a starved app. Twice the cores, or
/// `BOOKING_TEST_TERMINALS`.
public final class TerminalSlots: Sendable {
  public static let shared = TerminalSlots(
    count: ProcessInfo.processInfo.environment["BOOKING_TEST_TERMINALS"].flatMap { Int($0) }
      ?? max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

  public let count: Int
  private let state: Shared<(free: Int, waiting: [CheckedContinuation<Void, Never>])>

  init(count: Int) {
    self.count = count
    state = Shared((count, []))
  }

  /// Takes a slot, waiting (without a thread) until one is free.
  public func acquire() async {
    await withCheckedContinuation { continuation in
      state.withLock { state in
        if state.free > 0 {
          state.free -= 1
          continuation.resume()
        } else {
          state.waiting.append(continuation)
        }
      }
    }
  }

  /// Gives a slot back, to the longest waiting if any.
  public func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiting.isEmpty {
        state.free += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
