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

  @Test(
    "A read-only file system: the app runs, and the header says why it cannot save",
    .enabled(if: TmpfsMount.isAvailable, "needs root and mount -t tmpfs"))
  func readOnly() async throws {
    let mount = try TmpfsMount(size: "256k")
    defer { mount.remove() }
    try FileManager.default.createDirectory(
      atPath: mount.path + "/session", withIntermediateDirectories: false)
    try mount.remount(options: "remount,ro")
    try await checkRunsWithoutSaving(mount.path, reason: "Read-only file system")
  }

  @Test(
    "A full disk: the app runs, and the header says why it cannot save",
    .enabled(if: TmpfsMount.isAvailable, "needs root and mount -t tmpfs"))
  func fullDisk() async throws {
    let mount = try TmpfsMount(size: "64k")
    defer { mount.remove() }
    try FileManager.default.createDirectory(
      atPath: mount.path + "/session", withIntermediateDirectories: false)
    try mount.fill()
    try await checkRunsWithoutSaving(mount.path, reason: "No space left on device")
  }

  /// Launches the app on `data`, searches, goes on to passengers and back, types: it stays up,
  /// the header says progress cannot be saved, and a wide terminal shows `reason` in it.
  private func checkRunsWithoutSaving(_ data: String, reason: String) async throws {
    let terminal = try Tmux()
    defer { terminal.close() }
    try terminal.launch("app", dataDirectory: data)
    try await terminal.waitFor("app", "┌ Search flights")
    // The first change saves, fails, and says so (replacing any notice about the lock).
    try terminal.type("app", "i")
    let screen = try await terminal.waitFor("app", "the notice") { screen in
      Screens.header(screen).contains("Progress cannot be saved: ")
    }
    let header = Screens.header(screen)
    // At the usual width the reason should be visible, not cut off by the path before it.
    #expect(header.contains(reason), "header at \(Tmux.width) columns: '\(header)'")
    // The reason is in the message: a wide terminal shows all of it.
    try terminal.resize("app", width: 250, height: 30)
    let wide = try await terminal.waitFor("app", "the header at 250 columns") { screen in
      Screens.header(screen).contains(reason)
    }
    #expect(Screens.header(wide).contains("Progress cannot be saved"))
    try terminal.resize("app", width: Tmux.width, height: Tmux.height)
    try terminal.press("app", "C-u")

    // Searching writes offers: that fails too, and is shown, not fatal.
    try terminal.type("app", "ist")
    try terminal.press("app", "Enter")
    try terminal.type("app", "ams")
    try terminal.press("app", "Enter", "Enter")
    try await terminal.waitFor("app", "the results panel") { $0.contains("┌ Results · ") }
    try await Task.sleep(for: .milliseconds(300))
    try terminal.press("app", "Escape")
    try await terminal.waitFor("app", "┌ Search flights")
    try terminal.press("app", "Tab", "Tab")
    try terminal.type("app", "x")
    try await Task.sleep(for: .milliseconds(300))
    #expect(terminal.isAlive("app"), "the app exited")
    // Saving still fails, so the header should still say so.
    let later = Screens.header(try terminal.screen("app"))
    #expect(later.contains("Progress cannot be saved"), "header after a search: '\(later)'")
  }
}
