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
    // `script` and the app under it run in a session of their own, which ending the pane's
    // does not reach: noted, so that `close()` kills them too if the test stops early.
    let recorder = try terminal.childPID(of: terminal.panePID())
    _ = try terminal.childPID(of: recorder)
    try await terminal.waitUntilAppTakesSignals()
    try await terminal.type("ist")
    try await terminal.press("Enter")
    try await terminal.type("ams")
    try await terminal.press("Enter")
    try await terminal.waitFor("the form filled with IST and AMS") { screen in
      Self.field("From", in: screen) == "IST" && Self.field("To", in: screen) == "AMS"
    }
    try await terminal.press("C-s")
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
        screen.contains("Seats") && screen.contains("Checked bags")
          && screen.contains("[ Continue ]")
          && (!cursor.visible || cursor.y == BookingTerminal.height - 1)
      })
    Self.expectWhole(extras, "extras")
    try await terminal.quitAsked(untilShellSays: "status ")
    let bytes = try [UInt8](Data(contentsOf: log))
    #expect(bytes.count > 2000, "the log holds the app's output")
    return Run(bytes: bytes, extras: extras, cursor: cursor)
  }

  /// The screen tmux shows is ASCII alone, and the panels' corners and sides are there (a top
  /// left corner, sides or corners at both ends of every row below it, the bottom corners
  /// above the footer): tmux
  /// keeps a cell of the line drawing set as its letter (`l` `q` `k`, `x`, `m` `j`), which it
  /// draws as a line. No row holds `?`, which stands for a character the fold did not know.
  private static func expectWhole(
    _ screen: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let unexpected = screen.unicodeScalars.filter { !$0.isASCII }
    #expect(unexpected.isEmpty, "\(name): \(unexpected)\n\(screen)", sourceLocation: sourceLocation)
    // A `?` is a character folded to nothing, but for the help key the footer may name alone.
    let footer = lines.lastIndex { !$0.isEmpty } ?? lines.endIndex
    let folded = lines.indices.contains {
      lines[$0].contains("?")
        && ($0 != footer
          || lines[$0].split(separator: " ").contains { $0 != "?" && $0.contains("?") })
    }
    #expect(!folded, "\(name):\n\(screen)", sourceLocation: sourceLocation)
    let width = BookingTerminal.width
    let top = lines.firstIndex { $0.hasPrefix("l ") && $0.hasSuffix("k") && $0.count == width }
    let whole =
      lines.count > 28 && lines[28].hasPrefix("mqq") && lines[28].hasSuffix("qqj")
      && lines[28].count == width
      && top.map { lines[($0 + 1)..<28].allSatisfy(Self.isPanelRow) } == true
    #expect(whole, "\(name):\n\(screen)", sourceLocation: sourceLocation)
  }

  /// A row of panels side by side or stacked: each begins with a side or a corner on the left,
  /// and ends with one on the right.
  private static func isPanelRow(_ row: Substring) -> Bool {
    guard let first = row.first, let last = row.last else { return false }
    return "xlm".contains(first) && "xkj".contains(last) && row.count == BookingTerminal.width
  }

  /// The first word after a form label at the start of a panel row ("xFrom  IST ...", the
  /// side of the panel kept as the letter `x`; or `│`, drawn in Unicode).
  private static func field(_ label: String, in screen: String) -> String? {
    for line in screen.split(separator: "\n") where line.hasPrefix("x") || line.hasPrefix("│") {
      let row = line.dropFirst().drop { $0 == " " }
      guard row.hasPrefix(label + " ") else { continue }
      return String(row.dropFirst(label.count).drop { $0 == " " }.prefix { $0 != " " })
    }
    return nil
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
