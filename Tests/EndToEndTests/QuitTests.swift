import Foundation
import TestSupport
import Testing

/// Quitting: Ctrl-C and `q` ask first, mid-flow they say the booking will resume.
@Suite("Quitting in a real terminal")
struct QuitTests {
  @Test("Ctrl-C asks before quitting; n stays; a second Ctrl-C quits, and the flow resumes later")
  func controlC() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch()
    _ = try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    _ = try await terminal.waitForResults()

    try await terminal.press("C-c")
    _ = try await terminal.waitFor("Quit?", "it will resume at these results")
    try await terminal.press("n")
    _ = try await terminal.waitFor("the question gone") { !$0.contains("Quit?") }
    #expect(terminal.isRunning)

    try await terminal.press("C-c")
    _ = try await terminal.waitFor("Quit?")
    try await terminal.press("C-c")
    try await terminal.waitForExit()

    try await terminal.launch()
    _ = try await terminal.waitFor("Resumed at results")
  }
}
