import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The background query on a pseudo-terminal: the test plays the emulator, answering once it
/// has read the whole query.
@MainActor
@Suite("Background query on a terminal", .serialized)
struct TerminalBackgroundQueryTests {
  /// The terminal's side of a pseudo-terminal, played on a thread of its own that starts
  /// before the query is written: it answers `answer` on `controller` once the query has
  /// arrived whole, and keeps what it read. A thread, not a task: the query blocks its caller,
  /// and a task might not start until the wait is over when Swift's pool is busy.
  final class Emulator: Sendable {
    /// What the thread read, and the signal that it has answered.
    private final class Shared: Sendable {
      let received = Mutex<[UInt8]>([])
      let finished = DispatchSemaphore(value: 0)
    }
    private let shared = Shared()

    /// `whenContaining`: the answer once the query is anywhere in what was read (ncurses
    /// writes after it), not only at its end.
    init(on controller: Int32, answer: [UInt8], whenContaining: Bool = false) {
      let shared = shared
      let thread = Thread {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while whenContaining
          ? !bytes.contains(TerminalBackground.query)
          : !bytes.ends(with: TerminalBackground.query)
        {
          var request = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
          guard poll(&request, 1, 60_000) == 1 else { break }
          let count = read(controller, &buffer, buffer.count)
          if count > 0 { bytes += buffer.prefix(count) }
        }
        var reply = answer
        if !reply.isEmpty { _ = write(controller, &reply, reply.count) }
        shared.received.withLock { $0 = bytes }
        shared.finished.signal()
      }
      thread.start()
    }

    /// What the terminal read, once it has answered (or given up).
    func wait() -> [UInt8] {
      shared.finished.wait()
      return shared.received.withLock { $0 }
    }
  }

  /// Returns once `bytes` bytes wait to be read on `descriptor` (the kernel hands a write on
  /// the other side over on a work queue of its own).
  func waitForInput(on descriptor: Int32, bytes: Int) {
    var waiting: Int32 = 0
    while ioctl(descriptor, UInt(FIONREAD), &waiting) == 0, waiting < bytes {
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&request, 1, 100)
    }
  }

  /// A terminal's answers: a white background, a black one, and the device attributes alone.
  static let white = Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?64;1c".utf8)
  static let black = Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?64;1c".utf8)
  static let attributesOnly = Array("\u{1B}[?1;2c".utf8)

  /// Expects `device`'s line modes to be `before`'s: echo and line editing as they were.
  func expectModes(
    _ before: termios, on device: Int32, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let after = modes(device)
    #expect(
      after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag,
      sourceLocation: sourceLocation)
  }

  func modes(_ descriptor: Int32) -> termios {
    var modes = termios()
    tcgetattr(descriptor, &modes)
    return modes
  }

  /// Runs `body` on a new 80x24 pseudo-terminal, given its device's descriptor and the device's
  /// modes before `body`, and closes the terminal after it.
  func onTerminal(
    _ body: (_ terminal: PseudoTerminal, _ device: Int32, _ before: termios) throws -> Void
  ) throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let device = fileno(terminal.input)
    try body(terminal, device, modes(device))
  }

  @Test("a terminal that answers white is light; the query is written and the modes come back")
  func answered() async throws {
    try onTerminal { terminal, device, before in
      let emulator = Emulator(on: terminal.controller, answer: Self.white)
      let background = TerminalBackground.ask(input: device, output: device, milliseconds: 60_000)
      #expect(background == .light)
      #expect(emulator.wait().ends(with: TerminalBackground.query))
      expectModes(before, on: device)
    }
  }

  @Test("device attributes alone end the wait at once: no colour")
  func attributesOnly() async throws {
    try onTerminal { terminal, device, _ in
      let emulator = Emulator(on: terminal.controller, answer: Self.attributesOnly)
      // A wait that ran out would take a minute: the answer ends it.
      let background = TerminalBackground.ask(input: device, output: device, milliseconds: 60_000)
      #expect(background == nil)
      #expect(emulator.wait().ends(with: TerminalBackground.query))
    }
  }

  @Test("a terminal that answers nothing: no colour once the time limit has passed")
  func silent() async throws {
    try onTerminal { terminal, device, _ in
      let emulator = Emulator(on: terminal.controller, answer: [])
      #expect(TerminalBackground.ask(input: device, output: device, milliseconds: 20) == nil)
      _ = emulator.wait()
    }
  }

  @Test(
    "answered while ncurses starts: the colour read, no echo meanwhile, and the modes from before given back when it leaves"
  )
  func answeredWhileTheScreenStarts() async throws {
    try onTerminal { terminal, device, before in
      #expect(before.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))
      // The emulator answers once the query has come, whatever ncurses wrote after it.
      let emulator = Emulator(on: terminal.controller, answer: Self.black, whenContaining: true)
      let question = try #require(TerminalBackground.Question(input: device, output: device))
      #expect(modes(device).c_lflag & tcflag_t(ECHO) == 0, "echo on while the answer may come")
      let screen = TerminalScreen(
        output: terminal.output, input: terminal.input, termType: "xterm-256color")
      let background = try screen.start(hearing: question, milliseconds: 60_000)
      #expect(background == .dark)
      #expect(emulator.wait().contains(TerminalBackground.query))
      // ncurses's own modes while it runs: no echo, no line editing.
      #expect(modes(device).c_lflag & tcflag_t(ECHO | ICANON) == 0)
      screen.stop()
      expectModes(before, on: device)
    }
  }

  @Test("an answer waiting when the time limit has passed is read, not left for the keys")
  func answerPastTheLimit() async throws {
    try onTerminal { terminal, device, before in
      let answer = Self.white
      let emulator = Emulator(on: terminal.controller, answer: answer)
      let question = try #require(TerminalBackground.Question(input: device, output: device))
      // The terminal has answered, its bytes are waiting, and the work meanwhile took the whole
      // time limit.
      _ = emulator.wait()
      waitForInput(on: device, bytes: answer.count)
      #expect(question.answer(milliseconds: 0) == .light)
      // A question let go puts the modes back, once.
      question.restoreModes()
      question.restoreModes()
      expectModes(before, on: device)
    }
  }

  @Test("a question let go without an answer puts the modes back")
  func droppedQuestionGivesTheModesBack() async throws {
    try onTerminal { terminal, device, before in
      let emulator = Emulator(on: terminal.controller, answer: [])
      do {
        let question = TerminalBackground.Question(input: device, output: device)
        withExtendedLifetime(question) {
          #expect(question != nil)
          #expect(modes(device).c_lflag & tcflag_t(ECHO) == 0)
        }
      }
      _ = emulator.wait()
      expectModes(before, on: device)
    }
  }

  @Test("a start that fails puts back the modes from before the question")
  func failedStartGivesTheModesBack() async throws {
    try onTerminal { terminal, device, before in
      let emulator = Emulator(on: terminal.controller, answer: Self.attributesOnly)
      let question = try #require(TerminalBackground.Question(input: device, output: device))
      let screen = TerminalScreen(
        output: terminal.output, input: terminal.input, termType: "no-such-terminal-42")
      #expect(throws: TerminalError.unknownTerminal("no-such-terminal-42")) {
        try screen.start(hearing: question)
      }
      _ = emulator.wait()
      expectModes(before, on: device)
    }
  }

  @Test("not a terminal: nothing is written, no colour")
  func notATerminal() {
    var pipes: [Int32] = [0, 0]
    #expect(pipe(&pipes) == 0)
    defer {
      close(pipes[0])
      close(pipes[1])
    }
    #expect(TerminalBackground.ask(input: pipes[0], output: pipes[1]) == nil)
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }

  fileprivate func contains(_ part: [UInt8]) -> Bool {
    guard part.count <= count else { return false }
    return (0...(count - part.count)).contains { Array(self[$0..<$0 + part.count]) == part }
  }
}
