/// Why a terminal screen could not start.
public enum TerminalError: Error, Hashable, Sendable {
  /// ncurses knows no terminal description by this name (from `TERM` when not given).
  case unknownTerminal(String)
}
