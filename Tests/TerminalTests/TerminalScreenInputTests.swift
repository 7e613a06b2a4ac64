import Canvas
import TestSupport
import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads keys until `count` have come or two seconds have passed, as the app's read source would.
@MainActor
private func readKeys(_ count: Int, from screen: TerminalScreen, on terminal: PseudoTerminal)
  -> [Key]
{
  var keys: [Key] = []
  while keys.count < count, terminal.waitForInput(milliseconds: 2000) {
    keys += screen.readKeys()
  }
  return keys
}

@Suite("Terminal screen input", .serialized)
@MainActor
struct TerminalScreenInputTests {
  @Test("keys typed on a terminal arrive decoded, escape sequences included")
  func typedKeys() throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    terminal.discardOutput()
    // xterm in keypad mode: up is ESC O A, Delete ESC [ 3 ~, Shift-Tab ESC [ Z, F5 ESC [ 1 5 ~.
    terminal.type("aé漢\r\u{7F}\u{01}\u{1B}OA\u{1B}[3~\u{1B}[Z\u{1B}[15~\t")
    let expected: [Key] = [
      .character("a"), .character("é"), .character("漢"), .enter, .backspace, .control("a"),
      .up, .delete, .backTab, .function(5), .tab,
    ]
    #expect(readKeys(expected.count, from: screen, on: terminal) == expected)
  }

  @Test("a 20,000-digit escape sequence is read in blocks, dropped whole, and F1 after it acts")
  func longSequenceInBlocks() throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    // More than the pty holds: written as the screen reads, as a terminal emulator would.
    var unsent = Array(("\u{1B}[<" + String(repeating: "1", count: 20_000) + ";1;1M\u{1B}OP").utf8)[
      ...]
    var keys: [Key] = []
    for _ in 0..<1000 where keys.isEmpty {
      let sent = unsent.withUnsafeBytes { write(terminal.controller, $0.baseAddress, $0.count) }
      if sent > 0 { unsent = unsent.dropFirst(sent) }
      // Input waiting is the event; two seconds without any bounds a failure.
      guard terminal.waitForInput(milliseconds: 2000) else { break }
      keys += screen.readKeys()
    }
    #expect(unsent.isEmpty)
    #expect(keys == [.function(1)])
    // One read per block of up to 4,096 bytes (the pty hands them over in pieces): not one per
    // byte, as ncurses's wgetch reads.
    #expect(screen.inputReads <= 20_010 / 64, "\(screen.inputReads) reads")
  }

  @Test("an Esc that ends exactly one drain's worth of bytes is Esc at once, not held for a key")
  func escapeAtTheBound() throws {
    // A pipe takes the drain's 4,096 bytes in one write, as a pty may not.
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    let bytes = Array(repeating: UInt8(ascii: "a"), count: TerminalScreen.drainLimit - 1) + [27]
    try #require(write(ends[1], bytes, bytes.count) == bytes.count)
    let input = try #require(fdopen(ends[0], "r"))
    let output = try #require(fopen("/dev/null", "w"))
    defer {
      fclose(input)
      fclose(output)
      close(ends[1])
    }
    let screen = TerminalScreen(output: output, input: input, termType: "xterm-256color")
    try screen.start()
    defer { screen.stop() }
    let keys = screen.readKeys()
    #expect(keys.count == TerminalScreen.drainLimit, "\(keys.count) keys")
    #expect(keys.last == .escape)
  }

  @Test("only a read says the terminal hung up: a wake with nothing left to read is no end")
  func hangUpIsRead() throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    terminal.type("x")
    #expect(readKeys(1, from: screen, on: terminal) == [.character("x")])
    // The read source woken for bytes another drain (a resize's) has taken already.
    #expect(screen.readKeys().isEmpty)
    #expect(!screen.inputEnded)
    terminal.hangUp()
    #expect(screen.readKeys().isEmpty)
    #expect(screen.inputEnded)
  }

  @Test(
    "a hang-up reaches the screen's side when the last copy of the controller closes, not before"
  )
  func hangUpWaitsForTheLastCopy() throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    // A program spawned by another test of this process holds a copy of every descriptor from
    // its clone until its closefrom or exec: here one that keeps it for a while, then exits.
    let holder = try spawnHolding(terminal.controller, for: "0.3")
    defer { _ = waitpid(holder, nil, 0) }
    terminal.hangUp()
    #expect(screen.readKeys().isEmpty)
    #expect(screen.inputEnded)
  }

  @Test("keys before the input's end are read, and the read the end wakes says it")
  func keysThenEnd() throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    try #require(write(ends[1], "ab", 2) == 2)
    // A program spawned meanwhile keeps a copy of the write end for a moment: the end of the
    // input is when the last copy closes.
    let holder = try spawnHolding(ends[1], for: "0.3")
    defer { _ = waitpid(holder, nil, 0) }
    close(ends[1])
    waitForHangUp(of: ends[0])
    let input = try #require(fdopen(ends[0], "r"))
    let output = try #require(fopen("/dev/null", "w"))
    defer {
      fclose(input)
      fclose(output)
    }
    let screen = TerminalScreen(output: output, input: input, termType: "xterm-256color")
    try screen.start()
    defer { screen.stop() }
    #expect(screen.readKeys() == [.character("a"), .character("b")])
    #expect(screen.readKeys().isEmpty)
    #expect(screen.inputEnded)
  }

  @Test("a new window size arrives as a resize key with that size")
  func resize() throws {
    let terminal = try PseudoTerminal(columns: 100, rows: 30)
    defer { terminal.close() }
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    screen.applyWindowSize()
    _ = screen.readKeys()
    #expect(screen.size == TerminalSize(columns: 100, rows: 30))
    terminal.resize(columns: 120, rows: 40)
    screen.applyWindowSize()
    #expect(screen.readKeys() == [.resize(width: 120, height: 40)])
    #expect(screen.size == TerminalSize(columns: 120, rows: 40))
    screen.applyWindowSize()
    #expect(screen.readKeys().isEmpty)
  }

  @Test("a suspended screen reads no keys and comes back on resume")
  func suspendResume() throws {
    let terminal = try PseudoTerminal(columns: 40, rows: 10)
    defer { terminal.close() }
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    screen.draw(Canvas(lines: ["Payment"]))
    screen.suspend()
    terminal.type("x")
    #expect(screen.readKeys().isEmpty)
    screen.resume()
    terminal.discardOutput()
    #expect(readKeys(1, from: screen, on: terminal) == [.character("x")])
    #expect(screen.contents().first?.hasPrefix("Payment") == true)
  }

  @Test("a terminal is a terminal and /dev/null is not")
  func isTerminal() throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    #expect(TerminalScreen.isTerminal(fileno(terminal.input)))
    #expect(!TerminalScreen.isTerminal(-1))
  }
}

@Suite("Terminal screen input: escapes and bytes", .serialized)
@MainActor
struct TerminalEscapeInputTests {
  /// A started xterm screen on a pseudo-terminal, and the keys `bytes` make, read as the app
  /// reads them (until `count` keys or two quiet seconds).
  private func keys(for bytes: [UInt8], count: Int) throws -> [Key] {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    terminal.discardOutput()
    terminal.send(bytes)
    var keys: [Key] = []
    while keys.count < count, terminal.waitForInput(milliseconds: 2000) {
      keys += screen.readKeys()
    }
    return keys
  }

  @Test("Alt+Backspace and Alt+letter are never Escape")
  func altKeys() throws {
    let keys = try keys(for: Array("\u{1B}\u{7F}\u{1B}b".utf8), count: 2)
    #expect(keys == [.alt(.backspace), .alt(.character("b"))])
  }

  @Test("a bracketed paste is one paste key: not Escape, and its markers are not typed")
  func bracketedPaste() throws {
    let keys = try keys(for: Array("\u{1B}[200~hello\r\u{1B}[201~!".utf8), count: 2)
    #expect(keys == [.paste("hello\r"), .character("!")])
  }

  @Test("the bytes after an invalid UTF-8 byte are not lost")
  func invalidUTF8() throws {
    let keys = try keys(for: [0x61, 0xFF, 0x62, 0x63, 0xC3, 0x28, 0x64], count: 5)
    #expect(keys == ["a", "b", "c", "(", "d"].map(Key.character))
  }
}

/// Starts `sleep seconds` with a copy of `descriptor` as its descriptor 3 (and no other of this
/// process's), as a program spawned from another thread holds one for a moment; returns its PID.
private func spawnHolding(_ descriptor: Int32, for seconds: String) throws -> pid_t {
  try Command.spawn("/bin/sleep", [seconds], descriptors: [3: descriptor])
}
