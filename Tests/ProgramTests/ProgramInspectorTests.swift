import Canvas
import Foundation
import Program
import TestSupport
import Testing

/// The flow inspector (F2) in process, on a real data directory: it reads the saved snapshot as
/// it is on disk, never through a link.
@MainActor
@Suite("The inspector, in process")
struct ProgramInspectorTests {
  @Test("the inspector shows the snapshot as saved on disk")
  func showsTheSavedSnapshot() async throws {
    let run = try Run()
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam(passengers: 1)
    let saved = try #require(run.snapshotBytes.map { String(decoding: $0, as: UTF8.self) })
    #expect(saved.contains("\"IST\"") && saved.contains("results"), "\(saved)")
    await run.press(.function(2))
    #expect(run.text.contains("\"IST\"") && run.text.contains("results"), "\(run.text)")
    #expect(run.text.contains("AMS"), "\(run.text)")
  }

  @Test("the inspector never shows a file the snapshot links to")
  func refusesLinks() async throws {
    let run = try Run()
    defer { run.remove() }
    let secret = run.root + "-secret"
    defer { try? FileManager.default.removeItem(atPath: secret) }
    try Data("TOP-SECRET-CONTENT".utf8).write(to: URL(fileURLWithPath: secret))
    await run.start()
    await run.searchIstanbulToAmsterdam(passengers: 1)
    // Planted while the app runs, after its last save.
    let snapshot = run.root + "/session/snapshot.json"
    try FileManager.default.removeItem(atPath: snapshot)
    try FileManager.default.createSymbolicLink(atPath: snapshot, withDestinationPath: secret)
    await run.press(.function(2))
    #expect(run.text.contains("snapshot"), "\(run.text)")
    #expect(!run.text.contains("TOP-SECRET"), "\(run.text)")
  }
}
