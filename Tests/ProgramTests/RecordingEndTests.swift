import Canvas
import Foundation
import Presentation
import Program
import Testing

/// A recording holds every key that moved the flow, whatever ends the program: the latest key,
/// held back in case it opens the quit question, is written at a signal's end too.
@Suite("The recording's last key")
@MainActor
struct RecordingEndTests {
  func recorded(endedBy end: (Run) -> Void) async throws -> String {
    let path = NSTemporaryDirectory() + "booking-recording-" + UUID().uuidString + ".jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Run(["--latency", "0", "--fresh", "--record", path])
    defer { run.remove() }
    run.program.recorder = try KeyRecorder(
      path: path, replacing: false, clock: run.clock.wallClock)
    await run.start()
    await run.searchIstanbulToAmsterdam()
    // The key that chooses the first offer moves the flow to the passengers form.
    await run.press(.enter)
    #expect(run.text.contains("Given name"), "\(run.text)")
    end(run)
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test("SIGTERM right after the key that chose the flight: the key is in the recording")
  func signalKeepsTheLastKey() async throws {
    let text = try await recorded { $0.program.terminating(on: 15) }
    let keys = text.split(separator: "\n")
    #expect(keys.last?.contains(#""key":"enter""#) == true, "\(text)")
    #expect(keys.filter { $0.contains(#""key":"enter""#) }.count == 3, "\(text)")
  }

  @Test("a hang-up right after it: the key is in the recording")
  func hangUpKeepsTheLastKey() async throws {
    let text = try await recorded { $0.program.hungUp() }
    #expect(text.split(separator: "\n").last?.contains(#""key":"enter""#) == true, "\(text)")
  }
}
