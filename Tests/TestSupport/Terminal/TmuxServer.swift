import Dispatch
import Foundation
import Synchronization

/// A failure of a test's terminal: what was waited for and what was on screen.
public struct TerminalFailure: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// A private tmux server (its own socket, no configuration file) and one client in control mode
/// (`tmux -C`) that every command goes through: a command is a line written to the client and
/// its answer a block read back, so no process is started per command or per look at a screen.
///
/// Each program runs in a window of its own in one session, `control`, which the client is
/// attached to: tmux then says `%output %<pane>` whenever a pane's program writes, and a wait
/// for a screen looks again only then. A thread of the server's own reads the client; waits are
/// timed on a queue of their own: nothing here holds a thread of Swift's cooperative pool.
///
/// A pane stays after its program exits (`remain-on-exit`, with no message drawn): its last
/// screen can still be read. Call `close()` when done.
public final class TmuxServer: Sendable {
  /// The longest any wait for a terminal may take.
  public static let patience: Double = 10

  /// The size of a new window.
  public let width: Int
  public let height: Int
  let tmux: String
  private let socket: String
  /// The control client's standard input (a socket, written with `MSG_NOSIGNAL`: a client that
  /// has gone fails a write instead of raising SIGPIPE).
  private let input: Int32
  private let state: Mutex<State>
  /// Held while a command is queued and written, so answers come back in the order asked.
  private let writing = Mutex(0)
  private let timers = DispatchQueue(label: "tmux-timers")

  private struct State {
    /// Commands written and not yet answered, oldest first; nil once abandoned (timed out).
    var answers: [(id: Int, continuation: CheckedContinuation<String, any Error>?)] = []
    /// How many `%output` notifications each pane has had.
    var output: [String: Int] = [:]
    /// Waits for a pane's next output, by ID.
    var outputWaits: [Int: (pane: String, continuation: CheckedContinuation<Bool, any Error>)] =
      [:]
    var nextID = 0
    /// Why the control client stopped answering, once it has.
    var ended: String?
    var closed = false
  }

  /// Starts a server whose windows are `width` x `height`, and its control client.
  public init(width: Int = 100, height: Int = 30) async throws {
    guard let tmux = Command.find("tmux") else {
      throw TerminalFailure(
        "tmux is not installed: the end-to-end tests run the app in tmux; install it "
          + "(apt-get install tmux / brew install tmux) and run the tests again.")
    }
    self.tmux = tmux
    self.width = width
    self.height = height
    socket = "booking-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    environment["TMUX_PANE"] = nil
    environment["BOOKING_DATA_DIR"] = nil
    // A UTF-8 locale whatever the tests run in (LANG is often unset in CI): in a C locale the
    // app draws in ASCII, and the screens these tests read are the Unicode ones. A test of the
    // plain screens sets its own locale in the pane.
    environment["LANG"] = "C.UTF-8"
    environment["LC_ALL"] = nil
    environment["LC_CTYPE"] = nil
    let clean = environment
    state = Mutex(State())

    // The options are set once the session exists: tmux 3.3a's server dies when `window-size`
    // or similar options are set before its first session.
    let base = ["-L", socket, "-f", "/dev/null", "-u"]
    let start =
      base + [
        "new-session", "-d", "-s", "control", "-x", String(width), "-y", String(height), "--",
        "cat", ";", "set-option", "-g", "status", "off", ";", "set-option", "-g",
        "remain-on-exit", "on", ";", "set-option", "-g", "remain-on-exit-format", "",
      ]
    let started = try await offTheGlobalExecutor("tmux-start") {
      let started = try Command.startDaemon(tmux, start, environment: clean)
      return started.stdout + started.stderr
    }
    let client = try Self.spawn(
      tmux, base + ["-C", "attach-session", "-t", "control"], environment: environment)
    input = client.input
    let thread = Thread { [self] in self.read(client.output) }
    thread.name = "tmux-control"
    thread.start()
    // The first answer says the client is attached and the server runs.
    do {
      _ = try await command(["display-message", "-p", "#{session_name}"])
    } catch {
      close()
      throw TerminalFailure("tmux did not start: \(error); \(started)")
    }
  }

  // MARK: - Commands

  /// Runs one tmux command and returns what it printed (every line ends with a line break);
  /// throws its error. `arguments` are quoted for tmux's parser: none is read as a format,
  /// a variable or a separator.
  @discardableResult
  public func command(_ arguments: [String]) async throws -> String {
    let line = arguments.map(Self.quoted).joined(separator: " ") + "\n"
    return try await withCheckedThrowingContinuation { continuation in
      let id: Int? = writing.withLock { _ in
        let id = state.withLock { state -> Int? in
          if let ended = state.ended {
            continuation.resume(throwing: TerminalFailure("tmux has ended: \(ended)"))
            return nil
          }
          state.nextID += 1
          state.answers.append((state.nextID, continuation))
          return state.nextID
        }
        guard id != nil else { return nil }
        if !Self.write(line, to: input) { end("the control client's input is closed") }
        return id
      }
      guard let id else { return }
      timers.asyncAfter(deadline: .now() + Self.patience) { [self] in
        let late = state.withLock { state -> CheckedContinuation<String, any Error>? in
          guard let index = state.answers.firstIndex(where: { $0.id == id }) else { return nil }
          defer { state.answers[index].continuation = nil }
          return state.answers[index].continuation
        }
        late?.resume(
          throwing: TerminalFailure(
            "tmux did not answer \(arguments.joined(separator: " ")) in \(Self.patience) s"))
      }
    }
  }

  /// How many times `pane` has written so far.
  func outputCount(_ pane: String) -> Int {
    state.withLock { $0.output[pane] ?? 0 }
  }

  /// Waits until `pane` has written more than `count` times; false when `deadline` came first.
  func output(of pane: String, after count: Int, before deadline: DispatchTime) async throws
    -> Bool
  {
    try await withCheckedThrowingContinuation { continuation in
      let id = state.withLock { state -> Int? in
        if let ended = state.ended {
          continuation.resume(throwing: TerminalFailure("tmux has ended: \(ended)"))
          return nil
        }
        if (state.output[pane] ?? 0) > count {
          continuation.resume(returning: true)
          return nil
        }
        state.nextID += 1
        state.outputWaits[state.nextID] = (pane, continuation)
        return state.nextID
      }
      guard let id else { return }
      timers.asyncAfter(deadline: deadline) { [self] in
        state.withLock { $0.outputWaits.removeValue(forKey: id) }?.continuation
          .resume(returning: false)
      }
    }
  }

  // MARK: - Windows

  /// Starts `command` (run directly, without a shell) in a new window; returns its pane.
  public func start(_ command: [String], name: String) async throws -> TmuxPane {
    let text = try await self.command(
      [
        "new-window", "-d", "-P", "-F", "#{pane_id} #{pane_pid}", "-t", "control:", "-n", name,
        "--",
      ] + command)
    let fields = text.split(whereSeparator: \.isWhitespace)
    guard fields.count == 2, let pid = Int32(fields[1]) else {
      throw TerminalFailure("tmux gave no pane for \(command.joined(separator: " ")): '\(text)'")
    }
    // An identity read now may miss a program that already ended: it then needs no killing.
    return TmuxPane(
      server: self, id: String(fields[0]), name: name, pid: pid, process: ProcessIdentity(pid))
  }

  /// The pane `id` of a window the test did not start (one a program split off), named `name`.
  public func pane(_ id: String, name: String) async throws -> TmuxPane {
    let text = try await command(["display-message", "-p", "-t", id, "#{pane_pid}"])
    guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw TerminalFailure("tmux gave no process for pane \(id): '\(text)'")
    }
    return TmuxPane(server: self, id: id, name: name, pid: pid, process: ProcessIdentity(pid))
  }

  // MARK: - The end

  /// Ends the server: its panes get SIGHUP. Returns at once; `TmuxPane.kill` makes sure.
  public func close() {
    let first = state.withLock { state -> Bool in
      defer { state.closed = true }
      return !state.closed
    }
    guard first else { return }
    writing.withLock { _ in _ = Self.write("kill-server\n", to: input) }
    shutdown(input, Int32(SHUT_WR))
    // A server that ended this way may leave its socket file behind.
    let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap {
      $0.isEmpty ? nil : $0
    }
    try? FileManager.default.removeItem(atPath: "\(folder ?? "/tmp")/tmux-\(getuid())/\(socket)")
  }

  /// Fails every wait: the client has stopped answering.
  private func end(_ reason: String) {
    let (answers, waits) = state.withLock { state in
      if state.ended == nil { state.ended = reason }
      defer {
        state.answers = []
        state.outputWaits = [:]
      }
      return (
        state.answers.compactMap(\.continuation), state.outputWaits.values.map(\.continuation)
      )
    }
    for answer in answers { answer.resume(throwing: TerminalFailure("tmux has ended: \(reason)")) }
    for wait in waits { wait.resume(throwing: TerminalFailure("tmux has ended: \(reason)")) }
  }

  // MARK: - Reading the client

  /// Reads the client's lines until it ends: answers in `%begin` ... `%end` (or `%error`)
  /// blocks, and notifications outside them.
  private func read(_ descriptor: Int32) {
    var pending: [UInt8] = []
    var block: (guard: String, lines: [String], ours: Bool)?
    var buffer = [UInt8](repeating: 0, count: 65_536)
    reading: while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending.append(contentsOf: buffer[..<count])
      while let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        if var open = block {
          // The closing line repeats the opening's time, number and flags.
          if line == "%end " + open.guard || line == "%error " + open.guard {
            block = nil
            if open.ours { answer(open.lines, failed: line.hasPrefix("%error")) }
          } else {
            open.lines.append(line)
            block = open
          }
        } else if line.hasPrefix("%begin ") {
          let fields = line.dropFirst(7)
          // Flags 1: a command this client sent; others (its own attach) are not answers.
          block = (String(fields), [], fields.split(separator: " ").last == "1")
        } else if line.hasPrefix("%output ") {
          let pane = line.dropFirst(8).prefix { $0 != " " }
          wrote(String(pane))
        } else if line.hasPrefix("%exit") {
          break reading
        }
      }
    }
    Glibc.close(descriptor)
    end("the control client exited")
  }

  private func answer(_ lines: [String], failed: Bool) {
    let waiting = state.withLock { state -> CheckedContinuation<String, any Error>?? in
      state.answers.isEmpty ? nil : state.answers.removeFirst().continuation
    }
    guard case .some(.some(let continuation)) = waiting else { return }
    let text = lines.map { $0 + "\n" }.joined()
    if failed {
      continuation.resume(throwing: TerminalFailure("tmux: \(text)"))
    } else {
      continuation.resume(returning: text)
    }
  }

  private func wrote(_ pane: String) {
    let woken = state.withLock { state in
      state.output[pane, default: 0] += 1
      let ids = state.outputWaits.filter { $0.value.pane == pane }.map(\.key)
      return ids.compactMap { state.outputWaits.removeValue(forKey: $0)?.continuation }
    }
    for continuation in woken { continuation.resume(returning: true) }
  }

  // MARK: - Plumbing

  /// `argument` in double quotes for tmux's parser: a backslash, a quote, `$` and `~` escaped,
  /// control characters as octal escapes (a line break would end the command).
  static func quoted(_ argument: String) -> String {
    var text = "\""
    for scalar in argument.unicodeScalars {
      switch scalar {
      case "\\": text += "\\\\"
      case "\"": text += "\\\""
      case "$": text += "\\$"
      case _ where scalar == "~" || scalar.value < 0x20 || scalar.value == 0x7F:
        let octal = String(scalar.value, radix: 8)
        text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  /// Writes all of `text`; false if the client's input is closed.
  private static func write(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let sent = bytes.withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { return false }
      bytes = bytes.dropFirst(sent)
    }
    return true
  }

  /// Starts the control client with sockets for its input and output (closed on exec in every
  /// other child); its standard error goes to /dev/null.
  private static func spawn(
    _ executable: String, _ arguments: [String], environment: [String: String]
  ) throws -> (input: Int32, output: Int32) {
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &input) == 0, socketpair(AF_UNIX, type, 0, &output) == 0
    else { throw TerminalFailure("cannot make the control client's sockets: errno \(errno)") }
    defer {
      Glibc.close(input[1])
      Glibc.close(output[1])
    }
    let pid = try Command.spawn(
      executable, arguments, environment: environment, descriptors: [0: input[1], 1: output[1]])
    // Reaped by a thread of its own once it exits (at `kill-server`).
    let reaper = Thread { _ = Command.waitFor(pid) }
    reaper.name = "tmux-control-reaper"
    reaper.start()
    return (input[0], output[0])
  }
}
