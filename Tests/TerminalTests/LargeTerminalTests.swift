import Canvas
import Testing

@testable import Terminal

/// A terminal past the largest screen: ncurses and the canvas are sized capped, at the start and
/// after a resize, and never at the terminal's own size.
@Suite("Large terminals", .serialized)
@MainActor
struct LargeTerminalTests {
  private let capped = TerminalSize(
    columns: LargestScreen.width + 1, rows: LargestScreen.height + 1)

  @Test("the capped size: the terminal's own up to the largest screen, one past it beyond")
  func cappedSize() {
    #expect(TerminalSize(columns: 65535, rows: 65535).capped == capped)
    #expect(TerminalSize(columns: 10000, rows: 10000).capped == capped)
    #expect(
      TerminalSize(columns: 10000, rows: 30).capped
        == TerminalSize(columns: LargestScreen.width + 1, rows: 30))
    #expect(TerminalSize(columns: 1000, rows: 500).capped == TerminalSize(columns: 1000, rows: 500))
    #expect(TerminalSize(columns: 80, rows: 24).capped == TerminalSize(columns: 80, rows: 24))
    for size in [(65535, 65535), (1001, 1), (1, 501), (1000, 500), (40, 12)] {
      let once = TerminalSize(columns: size.0, rows: size.1).capped
      #expect(once.capped == once)
      #expect(
        LargestScreen.exceeded(width: once.columns, height: once.rows)
          == LargestScreen.exceeded(width: size.0, height: size.1))
    }
  }

  @Test("a screen started on a 65535x65535 terminal starts, at the capped size")
  func startsCapped() throws {
    let terminal = try PseudoTerminal(columns: 65535, rows: 65535)
    defer { terminal.close() }
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    #expect(screen.size == capped)
    screen.draw(Canvas(width: capped.columns, height: capped.rows))
    terminal.discardOutput()
    // Leaving full-screen mode and coming back, ncurses reads no size of its own.
    screen.suspend()
    screen.resume()
    terminal.discardOutput()
    #expect(screen.size == capped)
    #expect(screen.readKeys().isEmpty)
  }

  @Test("a resize to 65535x65535 or 10000x10000 arrives capped, and back to the terminal's own")
  func resizeCapped() throws {
    let terminal = try PseudoTerminal(columns: 100, rows: 30)
    defer { terminal.close() }
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    #expect(screen.size == TerminalSize(columns: 100, rows: 30))
    terminal.resize(columns: 65535, rows: 65535)
    screen.applyWindowSize()
    #expect(screen.readKeys() == [.resize(width: capped.columns, height: capped.rows)])
    screen.draw(Canvas(width: capped.columns, height: capped.rows))
    terminal.discardOutput()
    // 10000x10000 is drawn at the same capped size: nothing changed for ncurses.
    terminal.resize(columns: 10000, rows: 10000)
    screen.applyWindowSize()
    #expect(screen.readKeys().isEmpty)
    #expect(screen.size == capped)
    terminal.resize(columns: 120, rows: 40)
    screen.applyWindowSize()
    #expect(screen.readKeys() == [.resize(width: 120, height: 40)])
    #expect(screen.size == TerminalSize(columns: 120, rows: 40))
  }

  @Test(
    "a terminal of an ordinary size keeps it across a suspend, whatever its description says",
    arguments: ["xterm-256color", "linux", "vt100"])
  func ordinarySizeKept(termType: String) throws {
    let terminal = try PseudoTerminal(columns: 100, rows: 30)
    defer { terminal.close() }
    let screen = try terminal.startedScreen(termType: termType)
    defer { screen.stop() }
    #expect(screen.size == TerminalSize(columns: 100, rows: 30))
    screen.draw(Canvas(width: 100, height: 30))
    screen.suspend()
    screen.resume()
    terminal.discardOutput()
    #expect(screen.size == TerminalSize(columns: 100, rows: 30))
  }
}
