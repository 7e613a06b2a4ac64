import Canvas
import Foundation
import Launch
import Presentation
import Program
import SimulatedAirline
import TestSupport
import Testing

/// Clicks through the whole program, recorded and replayed.
@MainActor
@Suite("The mouse, recorded and replayed")
struct ProgramMouseTests {
  @Test("a recording with clicks replays them: the offer and the seat clicked are chosen again")
  func recordThenReplay() async throws {
    let path = NSTemporaryDirectory() + "booking-recording-" + UUID().uuidString + ".jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try Run(["--latency", "0", "--record", path])
    defer { recorder.remove() }
    recorder.program.recorder = try KeyRecorder(
      path: path, replacing: false, clock: recorder.clock.wallClock)
    await recorder.start()
    await recorder.searchIstanbulToAmsterdam()
    await recorder.advance(by: 1)
    let results = recorder.text
    let headings = try #require(Run.row(containing: "Times", in: results), "\(results)")
    await recorder.press(.mouse(MouseEvent(.left, x: 10, y: headings + 3)))
    #expect(recorder.current == .passengers, "\(recorder.text)")
    let chosen = recorder.program.store.state.flow.path.last
    await recorder.advance(by: 1)
    await recorder.fillPassengers()
    #expect(recorder.current == .extras, "\(recorder.text)")
    let row5 = try #require(Run.row(containing: "│   5  [", in: recorder.text), "\(recorder.text)")
    await recorder.press(.mouse(MouseEvent(.left, x: 8, y: row5)))
    let seats = recorder.program.store.state.steps.last?.screen.state(ExtrasFeature.self)?.extras
    #expect(seats?.seats(onSlice: 0).values.map(\.description) == ["5A"], "\(recorder.text)")
    await recorder.quit()

    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("\"mouse-left-10-\(headings + 3)\""), "\(text)")
    #expect(text.contains("\"mouse-left-8-\(row5)\""), "\(text)")

    let player = try Run(["--latency", "0", "--replay", path, "--speed", "50"])
    defer { player.remove() }
    player.program.replayer = try KeyReplayer(path: path, speed: 50)
    await player.start()
    await player.replayToEnd()
    #expect(player.program.store.state.flow.path.dropLast().last == chosen)
    let replayed = player.program.store.state.steps.last?.screen.state(ExtrasFeature.self)?.extras
    #expect(replayed == seats, "\(player.text)")
  }

  @Test("a journal with clicks, releases and a Shift-click plays again to the same state")
  func journal() async throws {
    let path = NSTemporaryDirectory() + "booking-journal-" + UUID().uuidString + ".jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Run(["--latency", "0"], journal: path)
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam()
    let headings = try #require(Run.row(containing: "Times", in: run.text), "\(run.text)")
    await run.press(
      .mouse(MouseEvent(.left, x: 10, y: headings + 2, shift: true)),
      .mouse(MouseEvent(.wheelDown, x: 10, y: headings + 2)),
      .mouse(MouseEvent(.left, x: 10, y: headings + 2)),
      .mouse(MouseEvent(.left, x: 10, y: headings + 2, pressed: false)))
    #expect(run.current == .passengers, "\(run.text)")

    let replayed = try await JournalReplay.play(
      path: path, airports: BuiltInAirports(), fares: SimulatedFares())
    #expect(replayed.state == run.program.store.state)
  }
}
