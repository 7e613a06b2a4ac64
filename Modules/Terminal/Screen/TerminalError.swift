/// Why a terminal screen could not start.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// ncurses knows no terminal description by this name (from `TERM` when not given).
  case unknownTerminal(String)
  /// `TERM` is not set, or empty.
  case noTerminalType
  /// The terminal described by this name has no cursor addressing or no way to clear the
  /// screen (`dumb`, a printing terminal).
  case cannotMoveCursor(String)

  /// One line: what is wrong and what the app needs.
  public var description: String {
    let problem =
      switch self {
      case .unknownTerminal(let name):
        "TERM=\(Self.shown(name)) is a terminal type this system does not know"
      case .noTerminalType: "TERM is not set"
      case .cannotMoveCursor(let name): "TERM=\(Self.shown(name)) cannot move the cursor"
      }
    return problem
      + ": run it in a terminal with cursor addressing, such as TERM=xterm-256color."
  }

  /// `name` with control characters escaped and cut to 40 characters, since `TERM` can hold
  /// anything and the message goes to the terminal.
  private static func shown(_ name: String) -> String {
    var out = ""
    for scalar in name.unicodeScalars.prefix(40) {
      if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return name.unicodeScalars.count > 40 ? out + "…" : out
  }
}
