import Dispatch
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
  /// Answers `answer` on `controller` once the query has arrived there whole; returns what it
  /// read.
  nonisolated static func emulator(on controller: Int32, answer: [UInt8]) async -> [UInt8] {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !received.ends(with: TerminalBackground.query) {
          var request = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
          guard poll(&request, 1, 5_000) == 1 else { break }
          let count = read(controller, &buffer, buffer.count)
          if count > 0 { received += buffer.prefix(count) }
        }
        var bytes = answer
        if !bytes.isEmpty { _ = write(controller, &bytes, bytes.count) }
        continuation.resume(returning: received)
      }
    }
  }

  func modes(_ descriptor: Int32) -> termios {
    var modes = termios()
    tcgetattr(descriptor, &modes)
    return modes
  }

  @Test("a terminal that answers white is light; the query is written and the modes come back")
  func answered() async throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let device = fileno(terminal.input)
    let before = modes(device)
    let controller = terminal.controller
    async let read = Self.emulator(
      on: controller, answer: Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?64;1c".utf8))
    let background = TerminalBackground.ask(
      input: device, output: fileno(terminal.input), milliseconds: 10_000)
    #expect(background == .light)
    #expect(await read.ends(with: TerminalBackground.query))
    let after = modes(device)
    #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
  }

  @Test("device attributes alone end the wait at once: no colour")
  func attributesOnly() async throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let device = fileno(terminal.input)
    async let read = Self.emulator(on: terminal.controller, answer: Array("\u{1B}[?1;2c".utf8))
    // A wait that ran out would take a minute: the answer ends it.
    let background = TerminalBackground.ask(input: device, output: device, milliseconds: 60_000)
    #expect(background == nil)
    #expect(await read.ends(with: TerminalBackground.query))
  }

  @Test("a terminal that answers nothing: no colour once the time limit has passed")
  func silent() async throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let device = fileno(terminal.input)
    async let read = Self.emulator(on: terminal.controller, answer: [])
    #expect(TerminalBackground.ask(input: device, output: device, milliseconds: 20) == nil)
    _ = await read
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
}
