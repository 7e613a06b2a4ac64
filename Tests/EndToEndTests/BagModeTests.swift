import Foundation
import TestSupport
import Testing

/// `booking --flow bag`, the workshop's broken flow owner, on the real screens: each failure the
/// article names is seen in bag mode, and the same keys in the normal app do not show it.
@Suite("The bag, live")
struct BagModeTests {
  /// The two owners the same keys are run on.
  enum Mode: String, CaseIterable, CustomStringConvertible {
    case bag, real
    var arguments: [String] { ["--flow", rawValue] }
    var description: String { rawValue }
  }

  /// Presses `key`, then F1, and waits for the help: keys are handled in order, so `key` has
  /// been handled once the help shows. Space closes the help; returns the screen under it.
  private func pressAndSettle(_ terminal: BookingTerminal, _ key: String) async throws -> String {
    try await terminal.press(key)
    // A key right after Esc would arrive as Alt plus that key: wait out the Esc delay.
    try await Task.sleep(for: .milliseconds(400))
    try await terminal.press("F1")
    try await terminal.waitFor("the help, after \(key)") { $0.contains("┌ Keys") }
    try await terminal.press("Space")
    return try await terminal.waitFor("the help closed") { !$0.contains("┌ Keys") }
  }

  @Test(
    "a change of flight: the bag's extras start with the old flight's seat",
    arguments: Mode.allCases)
  func staleSeat(mode: Mode) async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(mode.arguments)
    if mode == .bag {
      try await terminal.waitFor("the bag's red banner") { $0.contains("BAG MODE") }
    }
    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    _ = try await terminal.chooseOffer()
    try await terminal.fillPassengers([.ada])
    let seat = try #require(try await terminal.pickSeats(for: [.ada]).first)
    try await terminal.continueToPayment()
    try await terminal.press("Escape")
    try await terminal.waitForExtras()
    try await terminal.press("Escape")
    try await terminal.waitFor("┌ Passengers · ", "Given name")
    try await terminal.press("Escape")
    try await terminal.waitForResults()
    _ = try await terminal.chooseOffer(down: 1)
    // The form is filled from the earlier details in both: Tab to Continue.
    for _ in 0..<6 { try await terminal.press("Tab") }
    try await terminal.press("Enter")
    let extras = try await terminal.waitForExtras()
    let shown = BookingTerminal.seat(of: .ada, in: extras)
    switch mode {
    case .bag:
      #expect(shown == seat, "the old flight's seat \(seat) is on the new flight:\n\(extras)")
      try await terminal.press("F2")
      let inspector = try await terminal.waitFor("the inspector") { $0.contains("Flow inspector") }
      #expect(inspector.contains("selectedExtras = seats \(seat)"), "\(inspector)")
      #expect(inspector.contains("extras screen"), "who wrote it:\n\(inspector)")
    case .real:
      #expect(shown == nil, "the new flight starts without seats:\n\(extras)")
    }
  }

  @Test(
    "Esc on the confirmation: the bag reaches the payment already made", arguments: Mode.allCases)
  func backAfterPaying(mode: Mode) async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(mode.arguments)
    try await terminal.bookUntilPayment()
    try await terminal.pay(card: BookingTerminal.payingCard)
    try await terminal.waitFor("the confirmation") {
      $0.contains("Booked!") && BookingTerminal.reference(in: $0) != nil
    }
    let after = try await pressAndSettle(terminal, "Escape")
    switch mode {
    case .bag:
      #expect(after.contains("┌ Payment · ") && after.contains("Card number"), "\(after)")
    case .real:
      #expect(after.contains("Booked!") && !after.contains("Card number"), "\(after)")
    }
  }

  @Test(
    "a pay link: the bag sets isFromDeepLink, and it leaks: Back at the next payment jumps home",
    arguments: Mode.allCases)
  func deepLinkFlagLeaks(mode: Mode) async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let cli = try BookingCLI(dataDirectory: terminal.dataDirectory)
    let link = try #require(try await cli.quoteForAda()["link"] as? String)
    try await terminal.launch(mode.arguments + ["--open", link])
    try await terminal.waitForPaymentForm()
    if mode == .bag {
      try await terminal.press("F2")
      let inspector = try await terminal.waitFor("the inspector") { $0.contains("Flow inspector") }
      #expect(inspector.contains("isFromDeepLink = true"), "\(inspector)")
      #expect(inspector.contains("deep link handler"), "\(inspector)")
      try await terminal.press("Space")
      try await terminal.waitFor("the inspector closed") { !$0.contains("Flow inspector") }
    }
    try await terminal.pay(card: BookingTerminal.payingCard)
    try await terminal.waitFor("the confirmation") { $0.contains("Booked!") }
    try await terminal.press("n")
    // The next booking, through every screen (the real app's form still holds the link's
    // search: clear the first field).
    try await terminal.waitFor("┌ Search flights", "From")
    try await terminal.press("C-u")
    try await terminal.bookUntilPayment()
    let after = try await pressAndSettle(terminal, "Escape")
    switch mode {
    case .bag:
      #expect(after.contains("┌ Search flights"), "Back from payment went home:\n\(after)")
    case .real:
      #expect(after.contains("┌ Extras · "), "Back from payment is the extras:\n\(after)")
    }
  }

  @Test("kill -9 and relaunch: the bag is lost, the real flow resumes", arguments: Mode.allCases)
  func processDeath(mode: Mode) async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(mode.arguments)
    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    let flights = try await terminal.chooseOffer()
    let pid = try terminal.panePID()
    #expect(kill(pid, SIGKILL) == 0)
    try await terminal.waitForDeath(of: pid)
    try await terminal.launch(mode.arguments)
    switch mode {
    case .bag:
      let screen = try await terminal.waitFor("the search form, empty") {
        $0.contains("┌ Search flights") && $0.contains("BAG MODE")
      }
      #expect(!screen.contains("IST") && !screen.contains("Resumed"), "\(screen)")
    case .real:
      try await terminal.waitFor("the app resumed at passengers") {
        $0.contains("┌ Passengers · \(flights) ") && $0.contains("Resumed at passengers")
      }
    }
  }
}
