import Foundation
import TestSupport
import Testing

/// The app on terminals that show ASCII alone: a C locale, a VT100, a VT220. Each run goes
/// through `script`, which gives the app a pseudo-terminal of its own and keeps every byte the
/// app writes in a file, inside a tmux pane, which shows the screens those bytes draw.
@Suite("Plain terminals: a C locale, vt100 and vt220")
struct PlainTerminalTests {
  /// What a run left: the bytes the app wrote, and the extras screen with its seat map.
  struct Run {
    var bytes: [UInt8]
    var extras: String
    var cursor: TerminalCursor
  }

  @Test(
    "LANG=C and LC_ALL=C: not a byte of 0x80 or above, and every screen whole, boxes drawn",
    arguments: ["LANG=C", "LANG=C LC_ALL=C"])
  func cLocale(locale: String) async throws {
    let run = try await book(settings: "\(locale) TERM=xterm-256color")
    #expect(run.bytes.allSatisfy { $0 < 0x80 }, "\(Self.highBytes(run.bytes))")
    // xterm's smacs, the line drawing set as G0: the boxes are drawn with it.
    #expect(Self.text(run.bytes).contains("\u{1B}(0"))
    #expect(!Self.text(run.bytes).contains("\u{1B}%G"), "no switch to UTF-8")
    // xterm hides its cursor.
    #expect(!run.cursor.visible, "\(run.cursor)")
  }

  @Test(
    "vt100 and vt220 in a UTF-8 locale: ASCII, line drawing through G1, the cursor not in the seat map",
    arguments: ["vt100", "vt220"])
  func decTerminals(term: String) async throws {
    let run = try await book(settings: "TERM=\(term)")
    #expect(run.bytes.allSatisfy { $0 < 0x80 }, "\(Self.highBytes(run.bytes))")
    let text = Self.text(run.bytes)
    // vt100 shifts out to G1 (^N); vt220 designates the line drawing set as G0 (ESC ( 0).
    #expect(text.contains(term == "vt100" ? "\u{0E}" : "\u{1B}(0"), "\(text.suffix(200))")
    // The cursor is hidden (vt220's civis), or parked at the bottom left, on the footer
    // (vt100 cannot hide it): never in the seat map, where the last cell was drawn.
    let parked = TerminalCursor(x: 0, y: BookingTerminal.height - 1, visible: true)
    #expect(!run.cursor.visible || run.cursor == parked, "\(run.cursor)\n\(run.extras)")
    if term == "vt100" { #expect(run.cursor == parked, "\(run.cursor)") }
  }

  /// Runs the app through `script` with `settings` (environment assignments), searches IST to
  /// AMS, takes the first offer, fills one passenger and waits for the extras screen with its
  /// seat map, its cursor hidden or parked; quits as a person does, and returns the run.
  private func book(settings: String) async throws -> Run {
    guard let script = Command.find("script") else {
      throw TerminalFailure("util-linux's script is not installed (apt-get install bsdutils)")
    }
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-plain-\(UUID().uuidString.prefix(8)).typescript")
    defer { try? FileManager.default.removeItem(at: log) }
    try await terminal.launchShell(
      "env \(settings) \(script) -q -f -e -c \(BookingTerminal.quoted(terminal.shellCommand())) "
        + "\(BookingTerminal.quoted(log.path)); echo \"status $?\"")
    try await terminal.waitFor("Search flights", "From")
    try await terminal.waitUntilAppTakesSignals()
    try await terminal.type("ist")
    try await terminal.press("Enter")
    try await terminal.type("ams")
    try await terminal.press("Enter")
    try await terminal.waitFor("the form filled with IST and AMS") { screen in
      BookingTerminal.field("From", in: screen) == "IST"
        && BookingTerminal.field("To", in: screen) == "AMS"
    }
    try await terminal.press("Enter")
    let results = try await terminal.waitFor("the results") { $0.contains(#/\d+ offers/#) }
    Self.expectWhole(results, "results")
    try await terminal.press("Enter")
    let passengers = try await terminal.waitFor("Given name")
    Self.expectWhole(passengers, "passengers")
    try await terminal.press("Right", "Tab")
    for (text, key) in [
      ("Ada", "Tab"), ("Lovelace", "Tab"), ("1985-12-10", "Tab"), ("ada@example.com", "Tab"),
      ("+905551234567", "Tab"),
    ] {
      try await terminal.type(text)
      try await terminal.press(key)
    }
    try await terminal.press("Enter")
    let pane = try terminal.current()
    let (extras, cursor) = try await pane.waitFor(
      "the seat map, and the cursor hidden or parked",
      cursor: { screen, cursor in
        screen.contains("Seats") && screen.contains("Checked bags") && screen.contains("1A")
          && (!cursor.visible || cursor.y == BookingTerminal.height - 1)
      })
    Self.expectWhole(extras, "extras")
    try await terminal.quitAsked(untilShellSays: "status ")
    let bytes = try [UInt8](Data(contentsOf: log))
    #expect(bytes.count > 2000, "the log holds the app's output")
    return Run(bytes: bytes, extras: extras, cursor: cursor)
  }

  /// The screen tmux shows holds ASCII and box drawing alone (tmux draws the line drawing set
  /// as box drawing), the panel's top corners are on row 1, and no row holds `?`, which stands
  /// for a character the fold did not know.
  private static func expectWhole(
    _ screen: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let unexpected = screen.unicodeScalars.filter {
      !$0.isASCII && !(0x2500...0x257F).contains($0.value)
    }
    #expect(unexpected.isEmpty, "\(name): \(unexpected)\n\(screen)", sourceLocation: sourceLocation)
    #expect(!screen.contains("?"), "\(name):\n\(screen)", sourceLocation: sourceLocation)
    #expect(
      lines.count > 28 && lines[1].hasPrefix("┌") && lines[1].hasSuffix("┐")
        && lines[28].hasPrefix("└"),
      "\(name):\n\(screen)", sourceLocation: sourceLocation)
  }

  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// The bytes of 0x80 and above with what comes before them, for a failure's message.
  private static func highBytes(_ bytes: [UInt8]) -> String {
    guard let first = bytes.firstIndex(where: { $0 >= 0x80 }) else { return "none" }
    let around = bytes[max(0, first - 40)..<min(bytes.count, first + 10)]
    return "\(bytes.count { $0 >= 0x80 }) of them; the first after "
      + String(decoding: around, as: UTF8.self).debugDescription
  }
}
