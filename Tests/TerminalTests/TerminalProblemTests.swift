import Testing

@testable import Terminal

@Suite("Terminals the app cannot use", .serialized)
@MainActor
struct TerminalProblemTests {
  @Test("a terminal with cursor addressing and clear screen is fine")
  func usable() {
    for name in ["xterm-256color", "xterm", "screen", "tmux-256color", "linux", "vt100"] {
      #expect(TerminalScreen.terminalProblem(termType: name) == nil, "\(name)")
    }
  }

  @Test("dumb cannot move the cursor; unknown and empty types are named")
  func unusable() {
    #expect(TerminalScreen.terminalProblem(termType: "dumb") == .cannotMoveCursor("dumb"))
    #expect(
      TerminalScreen.terminalProblem(termType: "unknown-xyz") == .unknownTerminal("unknown-xyz"))
    #expect(TerminalScreen.terminalProblem(termType: "") == .noTerminalType)
    #expect(TerminalScreen.terminalProblem(termType: "../../etc/passwd") != nil)
  }

  @Test("the reason is one line that says what is needed, with control characters escaped")
  func messages() {
    #expect(
      TerminalError.cannotMoveCursor("dumb").description
        == "TERM=dumb cannot move the cursor: run it in a terminal with cursor addressing, such "
        + "as TERM=xterm-256color.")
    #expect(TerminalError.noTerminalType.description.hasPrefix("TERM is not set: "))
    let hostile = TerminalError.unknownTerminal("x\u{1B}[2J\ny").description
    #expect(hostile.hasPrefix(#"TERM=x\u{1B}[2J\u{A}y is a terminal type"#), "\(hostile)")
  }

  @Test("checking leaves ncurses able to start a screen afterwards")
  func startsAfterwards() throws {
    _ = TerminalScreen.terminalProblem(termType: "dumb")
    _ = TerminalScreen.terminalProblem(termType: "xterm-256color")
    let terminal = try PseudoTerminal(columns: 40, rows: 10)
    defer { terminal.close() }
    let screen = try terminal.startedScreen()
    defer { screen.stop() }
    #expect(screen.size == TerminalSize(columns: 40, rows: 10))
  }
}
