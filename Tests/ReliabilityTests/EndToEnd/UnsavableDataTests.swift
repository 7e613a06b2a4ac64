import Foundation
import TestSupport
import Testing

/// A data directory the app cannot write. The tests run as root, which ignores permission bits,
/// so the directory is made unwritable in ways root cannot bypass: a regular file where the
/// folder should be (ENOTDIR), a read-only tmpfs (EROFS) and a full tmpfs (ENOSPC).
@Suite("A data directory that cannot be written")
struct UnsavableDataTests {
  @Test(
    "The data directory is a regular file: the app runs, and the header says why it cannot save")
  func dataDirectoryIsAFile() async throws {
    let data = Screens.temporaryPath("rel-file")
    defer { try? FileManager.default.removeItem(atPath: data) }
    try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: data))
    try await checkRunsWithoutSaving(data, reason: "Not a directory")
    #expect(FileManager.default.contents(atPath: data) == Data("not a folder\n".utf8))
  }

  /// Launches the app on `data`, searches, goes on to passengers and back, types: it stays up,
  /// the header says progress cannot be saved, and a wide terminal shows `reason` in it.
  private func checkRunsWithoutSaving(_ data: String, reason: String) async throws {
    let terminal = try await BookingTerminal(dataDirectory: data)
    defer { terminal.close() }
    let app = try await terminal.launch()
    try await app.waitFor("┌ Search flights")
    // The first change saves, fails, and says so (replacing any notice about the lock).
    try await app.type("i")
    let screen = try await app.waitFor("the notice") { screen in
      Screens.header(screen).contains("Progress cannot be saved: ")
    }
    let header = Screens.header(screen)
    // At the usual width the reason should be visible, not cut off by the path before it.
    #expect(header.contains(reason), "header at \(BookingTerminal.width) columns: '\(header)'")
    // The reason is in the message: a wide terminal shows all of it.
    try await app.resize(width: 250, height: 30)
    let wide = try await app.waitFor("the header at 250 columns") { screen in
      Screens.header(screen).contains(reason)
    }
    #expect(Screens.header(wide).contains("Progress cannot be saved"))
    try await app.resize(width: BookingTerminal.width, height: BookingTerminal.height)
    try await app.press("C-u")

    // Searching writes offers: that fails too, and is shown, not fatal.
    try await app.type("ist")
    try await app.press("Enter")
    try await app.type("ams")
    try await app.press("Enter", "C-s")
    try await app.waitFor("the search's failure on the results panel") {
      $0.contains("┌ Results · ") && $0.contains("could not be used")
    }
    try await app.press("Escape")
    try await app.waitFor("┌ Search flights")
    // From the date to the children, and one more: a change to save, on screen once made.
    try await app.press("Tab", "Tab", "+")
    try await app.waitFor("one child") { screen in
      screen.split(separator: "\n").contains { $0.contains("Children") && $0.contains(" 1 ") }
    }
    #expect(app.isRunning, "the app exited")
    // Saving still fails, so the header should still say so.
    let later = Screens.header(try await app.screen())
    #expect(later.contains("Progress cannot be saved"), "header after a search: '\(later)'")
  }
}
