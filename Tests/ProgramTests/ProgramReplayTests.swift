import Canvas
import FlowOwner
import Foundation
import Presentation
import Program
import TestSupport
import Testing

/// `--record` and `--replay` in process: a real recorder writes a file, a real replayer reads it
/// and plays it on the virtual clock.
@MainActor
@Suite("Record and replay, in process")
struct ProgramReplayTests {
  /// A new path for a recording in the temporary folder.
  static func recordingPath() -> String {
    NSTemporaryDirectory() + "booking-recording-" + UUID().uuidString + ".jsonl"
  }

  @Test("a recorded whole booking replays to a confirmation, with no card data in the recording")
  func recordThenReplay() async throws {
    let path = Self.recordingPath()
    defer { try? FileManager.default.removeItem(atPath: path) }

    let recorder = try Run(["--latency", "0", "--record", path])
    defer { recorder.remove() }
    recorder.program.recorder = try KeyRecorder(
      path: path, replacing: false, clock: recorder.clock.wallClock)
    await recorder.start()
    await recorder.searchIstanbulToAmsterdam(passengers: 2)
    await recorder.advance(by: 1)
    await recorder.chooseOffer()
    await recorder.advance(by: 1)
    await recorder.fill([.ada, .alan])
    await recorder.advance(by: 1)
    _ = try await recorder.pickSeats(for: [.ada, .alan])
    await recorder.continueToPayment()
    #expect(recorder.current == .payment, "\(recorder.text)")
    await recorder.advance(by: 2)
    await recorder.pay(card: "5555 5555 5555 4444")
    #expect(recorder.text.contains("Booked!"), "\(recorder.text)")
    await recorder.quit()
    #expect(recorder.exitCode == 0)

    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.count > 50, "a whole booking is many keys")
    let digits = lines.compactMap { line -> Character? in
      guard let range = line.range(of: "\"key\":\"=") else { return nil }
      return line[range.upperBound...].first.flatMap { $0.isNumber ? $0 : nil }
    }
    #expect(!String(digits).contains("5555555555554444"), "the real card number was recorded")
    #expect(String(digits).contains("4242424242424242"), "the card became the test card")
    #expect(
      lines.last.map { !$0.contains("\"=y\"") && !$0.contains("\"=q\"") } == true,
      "the quitting keys were recorded")
    #expect(!text.contains("Lovelace") && !text.contains("Turing"))

    let player = try Run(["--latency", "0", "--replay", path, "--speed", "50"])
    defer { player.remove() }
    player.program.replayer = try KeyReplayer(path: path, speed: 50)
    await player.start()
    #expect(player.header.contains("Replaying"), "\(player.header)")
    await player.replayToEnd()
    #expect(player.log.lines.contains { $0.hasPrefix("replay: finished") }, "\(player.log.lines)")
    let confirmation = player.text
    #expect(confirmation.contains("Booked!"), "\(confirmation)")
    #expect(Run.reference(in: confirmation) != nil, "\(confirmation)")
    // Names are recorded as placeholders of the same kind: Ada stays Ada, Lovelace is Adalovel.
    #expect(confirmation.contains("Ada Adalovel"), "\(confirmation)")
    #expect(player.exitCode == nil, "the replay does not quit the program")
  }

  @Test("a key pressed during a replay stops it and hands control back")
  func personTakesOver() async throws {
    let path = Self.recordingPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    // "ist", Enter, then "a" an hour later.
    let keys =
      ["=i", "=s", "=t", "enter"].enumerated().map {
        "{\"t\":\($0.offset * 100),\"key\":\"\($0.element)\"}"
      }
      + ["{\"t\":3600000,\"key\":\"=a\"}"]
    try (keys.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)

    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    run.program.replayer = try KeyReplayer(path: path, speed: 1)
    await run.start()
    await run.replay(for: 1)
    #expect(run.text.contains("Istanbul Airport"), "\(run.text)")
    #expect(run.program.store.state.search.origin.text == "IST", "\(run.text)")
    await run.type("x")
    #expect(run.text.contains("Replay stopped: you have control"), "\(run.text)")
    #expect(run.program.store.state.search.destination.text == "x", "the person's key counts")
    await run.advance(by: 2 * 3600)
    #expect(
      run.program.store.state.search.destination.text == "x", "the recording's a never came")
    #expect(run.program.replayer?.isPlaying == false)
  }

  @Test(
    "F1 and F2 during a replay open the help and the inspector without stopping it: the replay waits while one is open and goes on when it closes"
  )
  func lookingDoesNotTakeOver() async throws {
    let path = Self.recordingPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    // "ist", Enter at once, then "ams" ten seconds later.
    let keys =
      ["=i", "=s", "=t", "enter"].enumerated().map {
        "{\"t\":\($0.offset * 100),\"key\":\"\($0.element)\"}"
      }
      + ["=a", "=m", "=s"].enumerated().map {
        "{\"t\":\(10_000 + $0.offset * 100),\"key\":\"\($0.element)\"}"
      }
    try (keys.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)

    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    run.program.replayer = try KeyReplayer(path: path, speed: 1)
    await run.start()
    await run.replay(for: 1)
    #expect(run.program.store.state.search.origin.text == "IST", "\(run.text)")
    await run.press([.function(2)])
    #expect(run.text.contains("Flow inspector"), "\(run.text)")
    #expect(!run.text.contains("Replay stopped"), "\(run.text)")
    #expect(run.program.replayer?.isPlaying == true)
    // Open for a minute: the recording's "ams" waits for the inspector to close.
    await run.advance(by: 60)
    #expect(run.program.store.state.search.destination.text == "", "\(run.text)")
    await run.press([.function(2)])
    #expect(!run.text.contains("Flow inspector"), "\(run.text)")
    await run.press([.function(1)])
    #expect(run.text.contains("Keys"), "the help: \(run.text)")
    await run.press([.escape])
    #expect(run.program.replayer?.isPlaying == true)
    await run.replay(for: 11)
    #expect(run.program.store.state.search.destination.text == "ams", "\(run.text)")
    #expect(!run.text.contains("Replay stopped"), "\(run.text)")
    #expect(run.log.lines.contains { $0.hasPrefix("replay: finished") }, "\(run.log.lines)")
  }
}
