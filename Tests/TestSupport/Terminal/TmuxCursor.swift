/// The terminal's cursor as tmux has it: its cell and whether it shows.
public struct TerminalCursor: Equatable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var visible: Bool

  public init(x: Int, y: Int, visible: Bool) {
    self.x = x
    self.y = y
    self.visible = visible
  }

  public var description: String { "(\(x), \(y))" + (visible ? " shown" : " hidden") }
}

extension TmuxPane {
  /// Where the cursor is now, and whether the program has hidden it.
  public func cursor() async throws -> TerminalCursor {
    let text = try await server.command(
      ["display-message", "-p", "-t", id, "#{cursor_x} #{cursor_y} #{cursor_flag}"])
    let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard fields.count == 3 else { throw TerminalFailure("tmux gave no cursor: '\(text)'") }
    return TerminalCursor(x: fields[0], y: fields[1], visible: fields[2] == 1)
  }

  /// Waits until `condition` holds for the screen and the cursor, both looked at now and again
  /// each time the program writes (a frame's last cursor move may come in a write of its own);
  /// returns them. Fails after `TmuxServer.patience` with `what`, the last screen and cursor.
  @discardableResult
  public func waitFor(
    _ what: String, cursor condition: @escaping @Sendable (String, TerminalCursor) -> Bool,
    file: String = #fileID, line: Int = #line
  ) async throws -> (screen: String, cursor: TerminalCursor) {
    try await waitFor(
      what, file: file, line: line,
      look: { pane in (screen: try await pane.screen(), cursor: try await pane.cursor()) },
      until: { condition($0.screen, $0.cursor) },
      describe: { "--- last screen of \($0.name), cursor \($1.cursor) ---\n\($1.screen)" })
  }
}
