import Dispatch
import Foundation
import Glibc

/// A shell line running on a pseudo-terminal of its own (util-linux's `script`, an xterm's
/// `TERM`, 100x30), without tmux: keys typed into it, what it writes read as it comes, its end.
/// For a start checked by what it draws (a first frame, a notice), and for a process a test
/// signals. There is no screen: `written` is what was written, its escape sequences taken out.
/// The app's question about the terminal's background, as it starts, is answered as tmux answers
/// it.
///
/// Call `close()` when done (in a `defer`): it SIGKILLs `script`, whatever still runs under it
/// and every app it noted (`app()`), and reaps it.
public final class PtyRun: Sendable {
  /// The `script` process; the line runs in a session of its own under it.
  public let process: ProcessIdentity
  private let pid: Int32
  private let keys: Int32
  private let output: Output

  /// What the line wrote, filled by a thread of its own that reads it as it comes (and answers
  /// the app's question about the background at once, as a terminal does).
  private final class Output: Sendable {
    let state = Shared(State())
    /// Signalled at each read and at the end.
    let changed = DispatchSemaphore(value: 0)
    /// Signalled once the reader has closed the output.
    let done = DispatchSemaphore(value: 0)

    struct State {
      var bytes: [UInt8] = []
      var ended = false
      var status: Int32?
      var closed = false
      var noted: [ProcessIdentity] = []
    }

    /// Reads `descriptor` to its end, sending `backgroundAnswer` to `keys` when asked; then
    /// closes it.
    func read(_ descriptor: Int32, answeringTo keys: Int32) {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes {
          Glibc.read(descriptor, $0.baseAddress, $0.count)
        }
        if count < 0, errno == EINTR { continue }
        let asked = state.withLock { state -> Bool in
          guard count > 0 else {
            state.ended = true
            return false
          }
          // Only where a question may end that was not read whole before.
          let from = max(0, state.bytes.count - PtyRun.backgroundQuery.count + 1)
          state.bytes += buffer[..<count]
          return state.bytes[from...].firstRange(of: PtyRun.backgroundQuery) != nil
        }
        if asked { Command.sendAll(Array(PtyRun.backgroundAnswer.utf8), to: keys) }
        changed.signal()
        if count <= 0 { break }
      }
      Glibc.close(descriptor)
      done.signal()
    }
  }

  /// Starts `line` with `sh -c` on a terminal of its own; returns at once.
  public init(_ line: String) throws {
    guard let script = Command.find("script") else {
      throw TerminalFailure("util-linux's script is not installed (apt-get install bsdutils)")
    }
    let input = try Command.socketPair()
    let pipe = try Command.pipe()
    let size = "stty rows \(BookingTerminal.height) cols \(BookingTerminal.width)"
    let pid: Int32
    do {
      pid = try Command.spawn(
        script,
        ["-q", "-e", "-c", "export TERM=xterm-256color; \(size); " + line, "/dev/null"],
        descriptors: [0: input.read, 1: pipe.write, 2: pipe.write])
    } catch {
      for end in [input.read, input.write, pipe.read, pipe.write] { Glibc.close(end) }
      throw error
    }
    Glibc.close(input.read)
    Glibc.close(pipe.write)
    // `script` is this process's child, not reaped: its PID is still its own.
    guard let process = ProcessIdentity(pid) else {
      _ = Glibc.kill(pid, SIGKILL)
      _ = Command.waitFor(pid)
      for end in [input.write, pipe.read] { Glibc.close(end) }
      throw TerminalFailure("script (\(pid)) is not in /proc")
    }
    self.process = process
    self.pid = pid
    keys = input.write
    let output = Output()
    self.output = output
    Thread.detachNewThread { output.read(pipe.read, answeringTo: input.write) }
  }

  /// A dropped run is closed too.
  deinit { close() }

  // MARK: - Keys

  /// Sends `text` as typed: a control key as its character ("\u{3}" for Ctrl-C).
  public func type(_ text: String) { Command.sendAll(Array(text.utf8), to: keys) }

  // MARK: - What it wrote

  /// Everything written so far, escape sequences taken out: a control sequence other than a
  /// colour or an attribute (a cursor move, an erase, a mode), a carriage return and a line feed
  /// each end a line, so that a text found here was written in one run (colours and attributes
  /// set between its letters taken out).
  public var written: String { Self.text(of: output.state.withLock { $0.bytes }) }

  /// Waits until `condition` holds for `written`, and returns `written`; fails after
  /// `TmuxServer.patience`, or when the line ends first.
  @discardableResult
  public func waitFor(
    _ what: String, file: String = #fileID, line: Int = #line,
    _ condition: @escaping @Sendable (String) -> Bool
  ) async throws -> String {
    let deadline = DispatchTime.now() + TmuxServer.patience
    return try await offTheGlobalExecutor("pty-wait") { [self] in
      while true {
        let ended = output.state.withLock { $0.ended }
        let text = written
        if condition(text) { return text }
        guard !ended else {
          throw TerminalFailure("the line ended before \(what) (\(file):\(line)):\n\(text)")
        }
        guard output.changed.wait(timeout: deadline) == .success else {
          throw TerminalFailure(
            "timed out after \(TmuxServer.patience) s waiting for \(what) (\(file):\(line)):\n"
              + text)
        }
      }
    }
  }

  /// Waits until `written` contains every one of `texts`.
  @discardableResult
  public func waitFor(_ texts: String..., file: String = #fileID, line: Int = #line)
    async throws -> String
  {
    try await waitFor(
      texts.map { "'\($0)'" }.joined(separator: " and "), file: file, line: line
    ) { written in texts.allSatisfy { written.contains($0) } }
  }

  /// Waits until the line has ended (its output read to the end), and returns its exit status.
  @discardableResult
  public func waitForExit(file: String = #fileID, line: Int = #line) async throws -> Int32 {
    let deadline = DispatchTime.now() + TmuxServer.patience
    return try await offTheGlobalExecutor("pty-exit") { [self] in
      while !output.state.withLock({ $0.ended }) {
        guard output.changed.wait(timeout: deadline) == .success else {
          throw TerminalFailure(
            "the line still runs after \(TmuxServer.patience) s (\(file):\(line)):\n\(written)")
        }
      }
      let status = Command.waitFor(pid).code
      output.state.withLock { $0.status = status }
      return status
    }
  }

  /// The app's question to its terminal as it starts: its background colour (OSC 11), then its
  /// device attributes (`TerminalBackground.query`).
  static let backgroundQuery = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

  /// What a terminal answers to it, as tmux does: a black background, then a VT100 with
  /// advanced video. Without an answer the app would wait out its time limit at each start.
  static let backgroundAnswer = "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?1;2c"

  // MARK: - The app in it

  /// The first process under `script` named like the `booking` binary, once there is one
  /// (noted: `close()` kills it too).
  public func app(file: String = #fileID, line: Int = #line) async throws -> ProcessIdentity {
    let name = try Self.appName()
    let deadline = Date().addingTimeInterval(TmuxServer.patience)
    while true {
      if let app = process.descendants.first(where: { $0.name == name }) {
        output.state.withLock { $0.noted.append(app) }
        return app
      }
      guard process.isRunning, Date() < deadline else {
        throw TerminalFailure("no app under the line's terminal (\(file):\(line))")
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Waits until the app catches `BookingTerminal.appSignals`: a Ctrl-C or SIGTERM before then
  /// would end it instead of asking (see `BookingTerminal.waitUntilAppTakesSignals`).
  public func waitUntilAppTakesSignals(file: String = #fileID, line: Int = #line) async throws {
    let app = try await app(file: file, line: line)
    guard try await app.catches(BookingTerminal.appSignals, within: TmuxServer.patience)
    else {
      throw TerminalFailure(
        "the app did not take its signals within \(TmuxServer.patience) s (\(file):\(line))")
    }
  }

  /// The binary's name as `/proc` shows it (at most 15 characters).
  private static func appName() throws -> String {
    String(URL(fileURLWithPath: try BookingTerminal.binaryPath()).lastPathComponent.prefix(15))
  }

  // MARK: - Cleanup

  /// SIGKILLs `script` and what runs under it (only processes still the ones noted), reaps
  /// `script` and closes the descriptors. Only the first call does anything.
  public func close() {
    let (first, reaped, noted) = output.state.withLock { state in
      defer { state.closed = true }
      return (!state.closed, state.status != nil, state.noted)
    }
    guard first else { return }
    // An app noted under it may outlive `script` (reaped already): it is killed either way.
    for app in noted { app.kill(SIGKILL) }
    if !reaped {
      for process in process.descendants { process.kill(SIGKILL) }
      process.kill(SIGKILL)
      _ = Command.waitFor(pid)
    }
    // `script` has ended, and with it the output's only writer: the reader reaches its end.
    output.done.wait()
    Glibc.close(keys)
  }

  // MARK: - Text

  /// `bytes` as text, escape sequences taken out (see `written`).
  static func text(of bytes: [UInt8]) -> String {
    var kept: [UInt8] = []
    var index = 0
    func lineEnd() { if kept.last != 0x0A { kept.append(0x0A) } }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x1B:
        guard index < bytes.count else { break }
        let kind = bytes[index]
        index += 1
        switch kind {
        case UInt8(ascii: "["):
          // Parameters and intermediates, then the final byte (0x40...0x7E).
          while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
          let final = index < bytes.count ? bytes[index] : 0
          index += 1
          if final != UInt8(ascii: "m") { lineEnd() }
        case UInt8(ascii: "]"):
          // An operating system command, to BEL or ESC \.
          while index < bytes.count, bytes[index] != 0x07, bytes[index] != 0x1B { index += 1 }
          index += index < bytes.count && bytes[index] == 0x1B ? 2 : 1
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
          UInt8(ascii: "#"), UInt8(ascii: "%"):
          index += 1  // a character set, and its name
        default:
          lineEnd()  // ESC = and the like, a reverse index: no text of a line
        }
      case 0x0D, 0x0A, 0x08: lineEnd()
      case 0x0E, 0x0F, 0x07: break  // shifts between character sets, the bell
      default: kept.append(byte)
      }
    }
    return String(decoding: kept, as: UTF8.self)
  }
}
