import Foundation
import Session
import TestSupport
import Testing

/// The session in a real terminal: a second instance on the same data directory.
@Suite("Session files in a real terminal")
struct SessionFileTests {
  @Test("A second instance on the same data directory says so in one line and leaves the snapshot")
  func secondInstance() async throws {
    let data = Screens.temporaryPath("rel-twice")
    let terminal = try await BookingTerminal(dataDirectory: data)
    defer {
      terminal.close()
      try? FileManager.default.removeItem(atPath: data)
    }
    let first = try await terminal.launch()
    try await first.searchIstanbulToAmsterdam()
    let snapshotPath = data + "/session/snapshot.json"
    let snapshot = try await Self.waitForSnapshot(at: snapshotPath, containing: "results")
    let identity = try Self.identity(of: snapshotPath)

    // The second on a terminal of its own, run to its end.
    let screen = try await PtyApp.run("\(terminal.shellCommand()); echo \"EXIT=$?\"").output
    let message = "booking: a session is already open in \(data); close it first."
    let lines = screen.split(separator: "\n").map(String.init)
    #expect(lines.contains(message), "\(screen)")
    #expect(lines.contains("EXIT=1"), "\(screen)")
    // It wrote nothing: same bytes, same file (not replaced), same modification time.
    #expect(FileManager.default.contents(atPath: snapshotPath) == snapshot)
    #expect(try Self.identity(of: snapshotPath) == identity)

    // The first keeps working, and keeps saving.
    try await first.press("Enter")
    try await first.waitFor("┌ Passengers · ", "Given name")
    _ = try await Self.waitForSnapshot(at: snapshotPath, containing: "passengers")
  }

  /// Inode and modification time, to the nanosecond.
  static func identity(of path: String) throws -> [Int] {
    var status = stat()
    guard stat(path, &status) == 0 else { throw ReliabilityFailure("cannot stat \(path)") }
    return [
      Int(status.st_ino), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec),
    ]
  }

  /// Waits until the snapshot file exists and contains `text`; returns its bytes.
  static func waitForSnapshot(at path: String, containing text: String) async throws -> Data {
    let data = try await FileWatch.waitFor("\(path) to contain '\(text)'", at: path) { data in
      data.map { String(decoding: $0, as: UTF8.self).contains(text) } ?? false
    }
    return data ?? Data()
  }
}
