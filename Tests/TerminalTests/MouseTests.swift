import Canvas
import Testing

@testable import Terminal

/// Reads of the bytes of `text`, as `wgetch` returns them with the mouse key turned off.
private func bytes(_ text: String) -> [KeyRead] { text.utf8.map { .byte($0) } }

@Suite("Mouse reports")
struct MouseDecoderTests {
  private let size = TerminalSize(columns: 80, rows: 24)

  private func keys(_ reads: [KeyRead], complete: Bool = true) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.keys(reads, size: size, complete: complete)
  }

  @Test("an SGR press and release are the left button at the cell, counted from 0")
  func pressAndRelease() {
    #expect(
      keys(bytes("\u{1B}[<0;12;5M\u{1B}[<0;12;5m")) == [
        .mouse(MouseEvent(.left, x: 11, y: 4)),
        .mouse(MouseEvent(.left, x: 11, y: 4, pressed: false)),
      ])
  }

  @Test("the middle and right buttons, the wheel both ways, and columns past 223")
  func buttonsAndWheel() {
    #expect(
      keys(bytes("\u{1B}[<1;1;1M\u{1B}[<2;300;2M\u{1B}[<64;3;4M\u{1B}[<65;3;4M")) == [
        .mouse(MouseEvent(.middle, x: 0, y: 0)), .mouse(MouseEvent(.right, x: 299, y: 1)),
        .mouse(MouseEvent(.wheelUp, x: 2, y: 3)), .mouse(MouseEvent(.wheelDown, x: 2, y: 3)),
      ])
  }

  @Test("Shift, Alt and Ctrl are carried")
  func modifiers() {
    #expect(
      keys(bytes("\u{1B}[<4;2;2M\u{1B}[<8;2;2M\u{1B}[<16;2;2M\u{1B}[<28;2;2M")) == [
        .mouse(MouseEvent(.left, x: 1, y: 1, shift: true)),
        .mouse(MouseEvent(.left, x: 1, y: 1, alt: true)),
        .mouse(MouseEvent(.left, x: 1, y: 1, control: true)),
        .mouse(MouseEvent(.left, x: 1, y: 1, shift: true, alt: true, control: true)),
      ])
  }

  @Test("motion, the wheel sideways and malformed reports are dropped, not typed")
  func dropped() {
    #expect(
      keys(bytes("\u{1B}[<32;5;5M\u{1B}[<66;5;5M\u{1B}[<0;0;5M\u{1B}[<0;5M\u{1B}[<0;1;1;1Ma")) == [
        .character("a")
      ])
  }

  @Test("a report cut by the end of a drain is held for the next, even with no more input")
  func halfArrived() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(bytes("a\u{1B}[<0;1"), size: size, complete: true) == [.character("a")])
    #expect(
      decoder.keys(bytes("2;5Mb"), size: size, complete: true) == [
        .mouse(MouseEvent(.left, x: 11, y: 4)), .character("b"),
      ])
  }

  @Test("a report whose start ncurses took as KEY_MOUSE is read from the bytes after it")
  func afterKeyMouse() {
    // curses.h's KEY_MOUSE, written out so the test does not trust the shim.
    let keyMouse: Int32 = 0o631
    #expect(
      keys([.keyCode(keyMouse)] + bytes("0;12;5Mx")) == [
        .mouse(MouseEvent(.left, x: 11, y: 4)), .character("x"),
      ])
  }
}

@Suite("Mouse reports on a terminal", .serialized)
@MainActor
struct MouseTerminalTests {
  /// The keys an SGR click and wheel turn make on a started screen of `termType`.
  private func keys(termType: String) throws -> [Key] {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let screen = try terminal.startedScreen(termType: termType)
    defer { screen.stop() }
    terminal.discardOutput()
    terminal.type("\u{1B}[<0;12;5M\u{1B}[<0;12;5m\u{1B}[<65;3;4Mq")
    var keys: [Key] = []
    while keys.count < 4, terminal.waitForInput(milliseconds: 2000) {
      keys += screen.readKeys()
    }
    return keys
  }

  @Test(
    "ncurses hands the report over whole, where the terminal description's kmous is Esc [ < or Esc [ M",
    arguments: ["xterm-256color", "tmux-256color"])
  func throughNcurses(termType: String) throws {
    #expect(
      try keys(termType: termType) == [
        .mouse(MouseEvent(.left, x: 11, y: 4)),
        .mouse(MouseEvent(.left, x: 11, y: 4, pressed: false)),
        .mouse(MouseEvent(.wheelDown, x: 2, y: 3)), .character("q"),
      ])
  }

  private static let on = [Array("\u{1B}[?1000h".utf8), Array("\u{1B}[?1006h".utf8)]
  private static let off = [Array("\u{1B}[?1000l".utf8), Array("\u{1B}[?1006l".utf8)]

  /// What a screen writes when started, suspended, resumed and stopped.
  private static func lifetime(mouse: Bool) throws -> [[UInt8]] {
    let piped = try PipedScreen(mouse: mouse)
    defer { piped.close() }
    return [
      piped.output { piped.screen.stop() }, piped.output { try? piped.screen.start() },
      piped.output { piped.screen.suspend() }, piped.output { piped.screen.resume() },
      piped.output { piped.screen.stop() },
    ]
  }

  @Test(
    "the mouse is reported while the screen is up: on at start and resume, off at stop and suspend")
  func modes() throws {
    let writes = try Self.lifetime(mouse: true)
    let (stopped, started, suspended, resumed, stoppedAgain) =
      (writes[0], writes[1], writes[2], writes[3], writes[4])
    for mode in Self.on {
      #expect(started.contains(mode), "\(started)")
      #expect(resumed.contains(mode), "\(resumed)")
    }
    for mode in Self.off {
      #expect(stopped.contains(mode), "\(stopped)")
      #expect(suspended.contains(mode), "\(suspended)")
      #expect(stoppedAgain.contains(mode), "\(stoppedAgain)")
    }
  }

  @Test("a screen made without the mouse never asks for it")
  func noMouse() throws {
    let writes = try Self.lifetime(mouse: false).joined()
    for mode in Self.on + Self.off {
      #expect(!Array(writes).contains(mode), "\(Array(writes))")
    }
  }
}

extension Array where Element == UInt8 {
  fileprivate func contains(_ part: [UInt8]) -> Bool {
    guard part.count <= count else { return false }
    return (0...(count - part.count)).contains { self[$0..<($0 + part.count)].elementsEqual(part) }
  }
}
