import Canvas
import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-S, Ctrl-Q and Ctrl-\ reach the app as keys: no flow control freezes the screen and no
/// SIGQUIT ends the app with a crash report over it; Ctrl-C and Ctrl-Z still signal.
@Suite("Terminal modes", .serialized)
@MainActor
struct TerminalModesTests {
  /// The modes of the terminal at `descriptor`.
  func modes(_ descriptor: Int32) -> termios {
    var modes = termios()
    #expect(tcgetattr(descriptor, &modes) == 0)
    return modes
  }

  /// The character `index` of `modes`, such as `VQUIT`.
  func character(_ index: Int32, of modes: termios) -> cc_t {
    withUnsafeBytes(of: modes.c_cc) { $0[Int(index)] }
  }

  @Test("the app's modes turn flow control and the quit character off, and nothing else")
  func appModes() {
    var shell = termios()
    shell.c_iflag = tcflag_t(IXON | ICRNL)
    shell.c_lflag = tcflag_t(ISIG | ICANON | ECHO)
    withUnsafeMutableBytes(of: &shell.c_cc) { characters in
      characters[Int(VINTR)] = 3
      characters[Int(VQUIT)] = 0x1C
      characters[Int(VSUSP)] = 0x1A
    }
    let app = TerminalModes.forApp(shell)
    #expect(app.c_iflag == tcflag_t(ICRNL))
    #expect(app.c_lflag == shell.c_lflag)
    #expect(character(VQUIT, of: app) == TerminalModes.disabled)
    #expect(character(VINTR, of: app) == 3)
    #expect(character(VSUSP, of: app) == 0x1A)
  }

  @Test("while the screen is up Ctrl-S and Ctrl-\\ arrive as keys; the shell's modes come back")
  func onATerminal() throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    defer { terminal.close() }
    let descriptor = fileno(terminal.input)
    let shell = modes(descriptor)
    #expect(shell.c_iflag & tcflag_t(IXON) != 0, "a new terminal has flow control on")
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    let started = modes(descriptor)
    #expect(started.c_iflag & tcflag_t(IXON) == 0)
    #expect(character(VQUIT, of: started) == TerminalModes.disabled)
    #expect(started.c_lflag & tcflag_t(ISIG) != 0, "Ctrl-C and Ctrl-Z still signal")

    terminal.discardOutput()
    terminal.type("\u{13}\u{1C}a\u{11}")
    var keys: [Key] = []
    while keys.count < 3, terminal.waitForInput(milliseconds: 2000) { keys += screen.readKeys() }
    #expect(keys == [.control("s"), .character("a"), .control("q")])

    screen.suspend()
    #expect(modes(descriptor).c_iflag & tcflag_t(IXON) != 0, "the shell gets its modes back")
    screen.resume()
    let resumed = modes(descriptor)
    #expect(resumed.c_iflag & tcflag_t(IXON) == 0)
    #expect(character(VQUIT, of: resumed) == TerminalModes.disabled)
    screen.stop()
    let stopped = modes(descriptor)
    #expect(stopped.c_iflag & tcflag_t(IXON) != 0)
    #expect(character(VQUIT, of: stopped) == character(VQUIT, of: shell))
  }
}
