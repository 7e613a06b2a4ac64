import CNcurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalScreen {
  /// Why the terminal type `termType` (nil: `TERM`) cannot show the app, or nil when it can.
  ///
  /// The app draws by moving the cursor, so it needs cursor addressing and clear screen: `dumb`,
  /// a printing terminal, an unknown type or no `TERM` at all get a reason to show before
  /// anything is drawn (ncurses would otherwise start, and draw only what falls on its last
  /// line). Reads the terminfo entry; writes nothing to the terminal.
  public static func terminalProblem(termType: String? = nil, descriptor: Int32 = 1)
    -> TerminalError?
  {
    let name = termType ?? getenv("TERM").map { String(cString: $0) } ?? ""
    guard !name.isEmpty else { return .noTerminalType }
    switch cnc_terminal_can_draw(name, descriptor) {
    case 1: return nil
    case 0: return .cannotMoveCursor(name)
    default: return .unknownTerminal(name)
    }
  }
}
