#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal modes the app adds to ncurses's `cbreak()`, `noecho()` and `nonl()`:
/// - flow control off (`IXON`): Ctrl-S would freeze the screen until Ctrl-Q, with nothing on it
///   to say so; both keys reach the app as Ctrl-letters instead;
/// - no quit character (`VQUIT`): Ctrl-\ would send SIGQUIT, whose default ends the process with
///   the runtime's crash report over the screen; it reaches the app as a byte it ignores.
///
/// Ctrl-C (SIGINT) and Ctrl-Z (SIGTSTP) still signal: the app asks before quitting and suspends.
/// ncurses puts the shell's own modes back whenever it leaves full-screen mode.
enum TerminalModes {
  /// `modes` with flow control and the quit character turned off, the rest as it was.
  static func forApp(_ modes: termios) -> termios {
    var modes = modes
    modes.c_iflag &= ~tcflag_t(IXON)
    withUnsafeMutableBytes(of: &modes.c_cc) { characters in
      characters[Int(VQUIT)] = disabled
    }
    return modes
  }

  /// `_POSIX_VDISABLE`, which Swift does not import: a control character set to it matches
  /// nothing.
  #if canImport(Darwin)
    static let disabled: cc_t = 0xFF
  #else
    static let disabled: cc_t = 0
  #endif

  /// Sets `forApp` on the terminal at `descriptor`; false if it is not a terminal or refuses.
  @discardableResult
  static func apply(to descriptor: Int32) -> Bool {
    var modes = termios()
    guard tcgetattr(descriptor, &modes) == 0 else { return false }
    var wanted = forApp(modes)
    return tcsetattr(descriptor, TCSANOW, &wanted) == 0
  }
}
