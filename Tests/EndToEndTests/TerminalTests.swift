import Foundation
import TestSupport
import Testing

/// Living in a real terminal: resizes and bad input.
@Suite("Terminal and input")
struct TerminalBehaviourTests {
  @Test(
    "Shrinking below the minimum says the terminal is too small; growing back redraws the whole form"
  )
  func resize() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()
    try await terminal.waitFor("┌ Search flights")
    try await terminal.type("ist")
    try await terminal.waitFor("Istanbul")

    try await terminal.resize(width: 30, height: 10)
    try await terminal.waitFor("Terminal too small")

    try await terminal.resize(width: BookingTerminal.width, height: BookingTerminal.height)
    let screen = try await terminal.waitFor("the whole search panel") {
      Self.isWholeSearchPanel($0)
    }
    #expect(BookingTerminal.field("From", in: screen) == "ist", "\(screen)")
    #expect(!screen.contains("too small"))
  }

  @Test(
    "A terminal it cannot use (TERM dumb, unknown, unset) is refused in one line with status 1",
    arguments: [
      ("export TERM=dumb", "TERM=dumb cannot move the cursor"),
      ("export TERM=unknown-xyz", "TERM=unknown-xyz is a terminal type this system does not know"),
      ("unset TERM", "TERM is not set"),
    ])
  func unusableTerminal(setting: String, problem: String) async throws {
    let app = try PtyApp()
    defer { app.close() }
    let shown = try await app.run("\(setting); \(app.command()); echo \"status $?\"").output
    let lines = shown.split(separator: "\n").map(String.init).filter {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    // Nothing drawn: no escape sequence, no header, no status line, only the one line and the
    // shell's echo.
    #expect(
      lines == [
        "booking: \(problem): run it in a terminal with cursor addressing, such as "
          + "TERM=xterm-256color.", "status 1",
      ], "\(shown)")
    #expect(DataFiles(root: app.dataDirectory).all() == [], "nothing written")
  }

  /// The panel's four corners and both sides on every row, at 100x30.
  private static func isWholeSearchPanel(_ screen: String) -> Bool {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let width = BookingTerminal.width
    guard lines.count >= 29, lines[1].hasPrefix("┌ Search flights"), lines[1].hasSuffix("┐"),
      lines[1].count == width, lines[28].hasPrefix("└"), lines[28].hasSuffix("┘"),
      lines[28].count == width
    else { return false }
    return lines[2...27].allSatisfy { $0.hasPrefix("│") && $0.hasSuffix("│") && $0.count == width }
  }

  /// The first screen row (0-based) containing `text`.
  private static func row(containing text: String, in screen: String) -> Int? {
    screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
      $0.contains(text)
    }
  }
}
