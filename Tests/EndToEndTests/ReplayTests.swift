import Foundation
import TestSupport
import Testing

/// `--record` and `--replay`: a workshop demo that runs the same every time.
@Suite("Record and replay in a real terminal")
struct ReplayTests {
  @Test("a recorded whole booking replays to a confirmation, with no card data in the recording")
  func recordThenReplay() async throws {
    let recording = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: recording) }

    let recorder = try await BookingTerminal()
    defer { recorder.close() }
    try await recorder.launch(["--record", recording.path])
    try await recorder.searchIstanbulToAmsterdam(passengers: 2)
    _ = try await recorder.chooseOffer()
    try await recorder.fillPassengers([.ada, .alan])
    _ = try await recorder.pickSeats(for: [.ada, .alan])
    _ = try await recorder.continueToPayment()
    try await recorder.pay(card: "5555 5555 5555 4444")
    try await recorder.waitFor("the recorded booking confirmed") { $0.contains("Booked!") }
    try await recorder.press("q")
    try await recorder.waitFor("the quit question") { $0.contains("Quit?") }
    try await recorder.press("y")
    try await recorder.waitForExit()
    // A test holds one terminal at a time (see `TerminalSlots`).
    recorder.close()

    let text = try String(contentsOf: recording, encoding: .utf8)
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

    let player = try await BookingTerminal()
    defer { player.close() }
    // Fast (keys typed while idle still wait for idle): the recorder's own waits, long on a
    // loaded machine, must not set the replay's pace.
    try await player.launch(["--replay", recording.path, "--speed", "50"])
    let confirmation = try await player.waitFor("the replayed booking confirmed") {
      $0.contains("Booked!") && BookingTerminal.reference(in: $0) != nil
    }
    // Names are recorded as placeholders of the same kind: Ada stays Ada, Lovelace is Adalovel.
    #expect(confirmation.contains("Ada Adalovel"), "\(confirmation)")
    #expect(!text.contains("Lovelace") && !text.contains("Turing"))
    #expect(player.isRunning, "the replay does not quit the app")
  }

  @Test("a key pressed during a replay stops it and hands control back")
  func personTakesOver() async throws {
    let recording = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: recording) }
    // Slow keys: "ist", Enter, then "a" an hour later (a minute was not enough: on a loaded
    // CI machine the minute passed before the test's own key arrived).
    let keys =
      ["=i", "=s", "=t", "enter"].enumerated().map {
        "{\"t\":\($0.offset * 100),\"key\":\"\($0.element)\"}"
      }
      + ["{\"t\":3600000,\"key\":\"=a\"}"]
    try (keys.joined(separator: "\n") + "\n").write(
      to: recording, atomically: true, encoding: .utf8)

    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(["--replay", recording.path])
    try await terminal.waitFor("the replay typing IST") { $0.contains("Istanbul Airport") }
    try await terminal.type("x")
    let screen = try await terminal.waitFor("the replay stopping") {
      $0.contains("Replay stopped: you have control")
    }
    #expect(screen.contains("x"), "the person's key counts")
  }
}
