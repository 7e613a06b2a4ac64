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

  @Test(
    "kill -9 and relaunch: the bag's screens come back empty, the real flow resumes",
    arguments: Mode.allCases)
  func processDeath(mode: Mode) async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(mode.arguments)
    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    let flights = try await terminal.chooseOffer()
    if mode == .bag {
      // The bag saves its screens by a job: the inspector shows them once they are on disk.
      try await terminal.press("F2")
      try await terminal.waitFor("the screens saved") {
        $0.contains("saved screens (on disk) = [results, passengers]")
      }
      try await terminal.press("Escape")
    }
    let pid = try terminal.panePID()
    #expect(kill(pid, SIGKILL) == 0)
    try await terminal.waitForDeath(of: pid)
    let relaunched = try PtyRun(
      "exec " + terminal.shellCommand(["--latency", "0"] + mode.arguments))
    defer { relaunched.close() }
    switch mode {
    case .bag:
      let screen = try await relaunched.waitFor("the passengers screen, over an empty bag") {
        $0.contains("┌ Passengers") && $0.contains("the bag is empty") && $0.contains("BAG MODE")
      }
      #expect(!screen.contains("Resumed") && !screen.contains("Given name"), "\(screen)")
    case .real:
      try await relaunched.waitFor("the app resumed at passengers") {
        $0.contains("┌ Passengers · \(flights) ") && $0.contains("Resumed at passengers")
      }
    }
  }
}
