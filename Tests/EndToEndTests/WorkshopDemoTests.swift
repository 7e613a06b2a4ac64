import Foundation
import TestSupport
import Testing

/// The workshop's demos as the guide runs them: `Tools/scripts/demo` in tmux with the binaries
/// `swift test` built: its flags, both owners in one window, a kill of the demo's app; and what
/// docs/Workshop.md says the room sees at each demo's end (`claims`, which
/// `WorkshopDemoRecordingTests` checks).
@Suite("The workshop's demos, as the guide runs them", .serialized)
struct WorkshopDemoTests {
  /// The repository's root.
  static let root = PackageExecutable.root

  /// What the guide says the room sees at the end of a demo, in the bag and in the real app.
  struct Claim: Sendable {
    let demo: Int
    let bag: @Sendable (String) -> Bool
    let real: @Sendable (String) -> Bool
  }

  /// The trip bar's flight and price ("Your trip: LH2845+LH1616 16:55 · TRY 8,415.00").
  static func tripBar(_ screen: String) -> (flight: String, price: String)? {
    guard let match = screen.firstMatch(of: #/Your trip: (\S+ \d\d:\d\d) · (TRY [\d,.]+)/#)
    else { return nil }
    return (String(match.1), String(match.2))
  }

  static let claims: [Claim] = [
    // 1. The new flight's extras start with the old flight's seat in the bag; "no seat" in the app.
    Claim(
      demo: 1,
      bag: { $0.contains("┌ Extras") && $0.contains(#/▸ 1 Ada Lovelace  \d+[A-K]/#) },
      real: { $0.contains("┌ Extras") && $0.contains("Ada Lovelace  no seat") }),
    // 2. Esc on the confirmation: the bag is back at the paid payment; the app stays booked.
    Claim(
      demo: 2,
      bag: { $0.contains("┌ Payment · ") && $0.contains("Card number       4242") },
      real: { $0.contains("Booked!") && !$0.contains("Card number") }),
    // 3. Esc at the next booking's payment: the bag jumps to the search form; the app goes back.
    Claim(
      demo: 3, bag: { $0.contains("┌ Search flights") }, real: { $0.contains("┌ Extras · ") }),
    // 5. Three writers: the bag's trip bar and the payment's total disagree; the app has one.
    Claim(
      demo: 5,
      bag: { screen in
        guard let bar = tripBar(screen), screen.contains("┌ Payment · ") else { return false }
        return !screen.contains("[ Pay \(bar.price) ]")
      },
      real: { $0.contains("┌ Payment · ") && tripBar($0) == nil }),
    // 6. An observer of the bag sees the new flight with the old price.
    Claim(
      demo: 6,
      bag: { screen in
        guard let bar = tripBar(screen),
          let title = screen.firstMatch(of: #/┌ Passengers · (\S+ \d\d:\d\d) (TRY [\d,.]+)/#)
        else { return false }
        return bar.flight == String(title.1) && bar.price != String(title.2)
      },
      real: { $0.contains("┌ Passengers · ") && tripBar($0) == nil }),
    // 7. Saved travellers skip the bag's passengers screen, and Pay does nothing.
    Claim(
      demo: 7,
      bag: { $0.contains("┌ Payment · ") && $0.contains("Card number       4242") },
      real: { $0.contains("┌ Passengers · ") }),
  ]

  /// The shell line that runs `Tools/scripts/demo` with `arguments`, with the test's binaries
  /// and `workshop` as the demos' folder.
  static func command(
    _ arguments: [String], in terminal: BookingTerminal, workshop: String
  ) throws -> String {
    let cli = try PackageExecutable.path(
      "booking-cli", override: ProcessInfo.processInfo.environment["BOOKING_CLI_E2E_BINARY"])
    return
      "cd \(BookingTerminal.quoted(root.path)) && B=\(BookingTerminal.quoted(terminal.binary)) "
      + "CLI=\(BookingTerminal.quoted(cli)) BOOKING_WORKSHOP_DIR=\(BookingTerminal.quoted(workshop)) "
      + "Tools/scripts/demo " + arguments.map(BookingTerminal.quoted).joined(separator: " ")
  }

  /// Runs `Tools/scripts/demo` with `arguments` in a new tmux window, with the test's binaries
  /// and `workshop` as the demos' folder.
  static func run(
    _ arguments: [String], in terminal: BookingTerminal, workshop: String
  ) async throws -> TmuxPane {
    try await terminal.launchShell(command(arguments, in: terminal, workshop: workshop))
  }

  @Test(
    "the demo passes the app's flags on, as the guide writes them: --lang tr --theme light --no-mouse; a bad value is the app's one line, and the usage starts at its first line"
  )
  func demoPassesTheAppsFlags() async throws {
    let workshop = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-workshop-\(UUID().uuidString.prefix(8))").path
    defer { try? FileManager.default.removeItem(atPath: workshop) }
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let pane = try await Self.run(
      ["1", "--lang", "tr", "--theme", "light", "--no-mouse", "--speed", "50"], in: terminal,
      workshop: workshop)
    let log = "\(workshop)/demo-1-bag/log/booking.log"
    try await FileWatch.waitFor("demo 1 to end its replay", at: log) {
      $0.map { String(decoding: $0, as: UTF8.self).contains("replay: finished") } ?? false
    }
    // In Turkish: the bag ends the demo on its extras panel, "Ek hizmetler".
    try await pane.waitFor("demo 1 in Turkish") { $0.contains("┌ Ek hizmetler") }
    try await pane.press("C-c")
    try await pane.waitFor("Çıkılsın mı?")
    try await pane.press("e")
    try await FileWatch.waitFor("demo 1 to quit", at: log) {
      $0.map { String(decoding: $0, as: UTF8.self).contains("exit: ") } ?? false
    }
    let bad = try await Self.run(["1", "--theme", "pink"], in: terminal, workshop: workshop)
    try await bad.waitFor("--theme takes auto, dark or light, not 'pink'")
    let usage = try await Self.run(["1", "--nonsense"], in: terminal, workshop: workshop)
    try await usage.waitFor(
      "unknown argument '--nonsense'", "Tools/scripts/demo N [bag|real|both]")
  }

  @Test(
    "demo 1 both: the bag and the real app in two panes of one window, side by side from 201 columns and stacked below, each pane as wide as the app's 100 columns and each at its demo's end"
  )
  func bothOwnersInOneWindow() async throws {
    let workshops = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-workshop-\(UUID().uuidString.prefix(8))").path
    defer { try? FileManager.default.removeItem(atPath: workshops) }
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let claim = try #require(Self.claims.first { $0.demo == 1 })
    for (width, height) in [(202, 30), (100, 60)] {
      let workshop = "\(workshops)/\(width)x\(height)"
      // The shell waits for a line, so that the window has its size before the script splits it.
      let pane = try await terminal.launchShell(
        "read _ && "
          + Self.command(["1", "both", "--speed", "50"], in: terminal, workshop: workshop))
      try await pane.resize(width: width, height: height)
      try await pane.press("Enter")
      for owner in ["bag", "real"] {
        let log = "\(workshop)/demo-1-\(owner)/log/booking.log"
        try await FileWatch.waitFor("\(width)x\(height): demo 1 \(owner) to end", at: log) {
          $0.map { String(decoding: $0, as: UTF8.self).contains("replay: finished") } ?? false
        }
      }
      // Each pane: its ID, width, left column and top row.
      let listed = try await terminal.server.command(
        ["list-panes", "-t", pane.id, "-F", "#{pane_id} #{pane_width} #{pane_left} #{pane_top}"])
      let panes = listed.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
      try #require(panes.count == 2 && panes.allSatisfy { $0.count == 4 }, "\(listed)")
      for row in panes { #expect((Int(row[1]) ?? 0) >= 100, "\(width)x\(height): \(listed)") }
      if width >= 201 {
        #expect(
          panes[0][2] != panes[1][2] && panes[0][3] == panes[1][3], "side by side: \(listed)")
      } else {
        #expect(panes[0][2] == panes[1][2] && panes[0][3] != panes[1][3], "stacked: \(listed)")
      }
      let realID = try #require(panes.first { $0[0] != pane.id })[0]
      let real = try await terminal.server.pane(realID, name: "the real app")
      try await pane.waitFor("\(width)x\(height): the bag's pane", claim.bag)
      try await real.waitFor("\(width)x\(height): the real app's pane", claim.real)
      // Quit both (Ctrl-C, then yes), and wait for each app's last log line.
      try await pane.press("C-c")
      try await pane.waitFor("Quit?")
      try await pane.press("y")
      try await real.press("C-c")
      try await real.waitFor("Quit?")
      try await real.press("y")
      for owner in ["bag", "real"] {
        let log = "\(workshop)/demo-1-\(owner)/log/booking.log"
        try await FileWatch.waitFor("demo 1 \(owner) to quit", at: log) {
          $0.map { String(decoding: $0, as: UTF8.self).contains("exit: ") } ?? false
        }
      }
    }
  }

  @Test("demo 4: to the payment form, kill -9 of the demo's app alone, and again")
  func processDeath() async throws {
    let workshop = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-workshop-\(UUID().uuidString.prefix(8))").path
    defer { try? FileManager.default.removeItem(atPath: workshop) }
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    for owner in ["bag", "real"] {
      let pane = try await Self.run(
        ["4", owner, "--speed", "50"], in: terminal, workshop: workshop)
      try await pane.waitFor("┌ Payment · ", "Card number")
      let kill = try await Self.run(["kill"], in: terminal, workshop: workshop)
      try await kill.waitFor("killed demo 4's app")
      let again = try await Self.run(["4", owner, "--again"], in: terminal, workshop: workshop)
      if owner == "bag" {
        // The screens come back, the data does not: the payment screen reads nil.
        try await again.waitFor("Search › Results › Passengers › Extras › Payment")
      } else {
        try await again.waitFor("┌ Payment · ", "Resumed")
      }
      try await again.press("C-c")
    }
  }
}

/// Each demo with a recording as the guide runs it for attendee after attendee, twice with
/// `demo reset` between: in the bag and in the real app at once (two windows of one terminal, one
/// terminal slot for the two apps, as `demo N both` has), each checked against what
/// docs/Workshop.md says the room sees. A demo a test case of its own, in a demos' folder of its
/// own, so the demos run beside the rest of the suite.
@Suite("Every workshop demo with a recording, twice with a reset between")
struct WorkshopDemoRecordingTests {
  @Test(
    "a demo with a recording, in both owners, twice with a reset between",
    arguments: WorkshopDemoTests.claims.map(\.demo))
  func demoTwice(demo: Int) async throws {
    let claim = try #require(WorkshopDemoTests.claims.first { $0.demo == demo })
    let workshop = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-workshop-\(UUID().uuidString.prefix(8))").path
    defer { try? FileManager.default.removeItem(atPath: workshop) }
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    for round in 1...2 {
      // Both owners start at once, each in its own window and data directory; then each is
      // checked and quit in turn.
      var running: [(owner: String, pane: TmuxPane)] = []
      for owner in ["bag", "real"] {
        let pane = try await WorkshopDemoTests.run(
          ["\(demo)", owner, "--speed", "50"], in: terminal, workshop: workshop)
        running.append((owner, pane))
      }
      for (owner, pane) in running {
        let log = "\(workshop)/demo-\(demo)-\(owner)/log/booking.log"
        try await FileWatch.waitFor("demo \(demo) \(owner) to end its replay", at: log) {
          $0.map { String(decoding: $0, as: UTF8.self).contains("replay: finished") } ?? false
        }
        let check = owner == "bag" ? claim.bag : claim.real
        try await pane.waitFor("round \(round): demo \(demo) in the \(owner) app", check)
        // Quit (Ctrl-C, then yes) and wait for the app's last log line: it writes nothing
        // after it, so the reset empties a folder no app of this round writes to again.
        try await pane.press("C-c")
        try await pane.waitFor("Quit?")
        try await pane.press("y")
        try await FileWatch.waitFor("demo \(demo) \(owner) to quit", at: log) {
          $0.map { String(decoding: $0, as: UTF8.self).contains("exit: ") } ?? false
        }
      }
      let reset = try await WorkshopDemoTests.run(["reset"], in: terminal, workshop: workshop)
      try await reset.waitFor("emptied")
      #expect(!FileManager.default.fileExists(atPath: workshop), "reset empties the demos")
    }
  }
}
