import Canvas
import FlowOwner
import Foundation
import Presentation
import Program
import Testing

/// Bad input at the forms, and keys that arrive with an escape in front (Alt keys, a paste), in
/// process: the keys as the terminal decodes them.
@MainActor
@Suite("Forms and input, in process")
struct ProgramFormTests {
  @Test("an unknown airport and a past date are shown at their fields, keeping what was typed")
  func badSearch() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    #expect(run.text.contains("┌ Search flights"), "\(run.text)")
    await run.type("zzzz")
    await run.press(.tab)
    await run.type("ams")
    await run.press(.enter)  // Accepts AMS; on to the date.
    await run.press(.control("u"))
    await run.type("2020-01-01")
    await run.press(.control("s"))
    let screen = run.text
    #expect(screen.contains("No airport matches"), "\(screen)")
    #expect(screen.contains("has passed"), "\(screen)")
    #expect(Run.field("From", in: screen) == "zzzz", "\(screen)")
    #expect(Run.field("Date", in: screen) == "2020-01-01", "\(screen)")
    let airportError = try #require(Run.row(containing: "No airport matches 'zzzz'", in: screen))
    let from = try #require(Run.row(containing: "│From ", in: screen))
    #expect(airportError - from <= 1, "the airport error is at the From field:\n\(screen)")
    let dateError = try #require(Run.row(containing: "has passed", in: screen))
    let date = try #require(Run.row(containing: "│Date ", in: screen))
    #expect(dateError - date <= 2, "the date error is at the Date field:\n\(screen)")
    #expect(!screen.contains("┌ Results"))
    #expect(run.current == .search)
  }

  @Test("an invalid card number is refused at its field, keeping what was typed")
  func invalidCard() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.bookUntilPayment()
    await run.pay(card: "4242424242424241")
    let screen = run.text
    #expect(screen.contains("not valid"), "\(screen)")
    #expect(screen.contains("Card number       4242 4242 4242 4241"), "\(screen)")
    #expect(screen.contains("Expiry (MM/YY)    12/30"), "\(screen)")
    #expect(screen.contains("CVC               •••"), "\(screen)")
    #expect(screen.contains("┌ Payment · "))
    let error = try #require(Run.row(containing: "not valid", in: screen))
    let field = try #require(Run.row(containing: "Card number", in: screen))
    #expect((0...1).contains(error - field), "the error is at the card number:\n\(screen)")
    #expect(!run.files().contains { $0.hasPrefix("payments/") }, "\(run.files())")
  }

  @Test("Alt+Backspace on the payment form deletes a word and never goes back to extras")
  func altBackspaceAtPayment() async throws {
    let run = try Run(["--latency", "0", "--fresh"])
    defer { run.remove() }
    await run.start()
    await run.bookUntilPayment()
    await run.type("4242424242424242")
    #expect(run.text.contains("4242 4242 4242 4242"), "\(run.text)")
    await run.press(.alt(.backspace))
    await run.press(.alt(.character("x")))
    await run.type("9")
    // The digits were one word; Alt+x does nothing; 9 is typed into the emptied field.
    let screen = run.text
    #expect(Run.field("Card number", in: screen) == "9", "\(screen)")
    #expect(screen.contains("┌ Payment"), "still at payment:\n\(screen)")
    #expect(!screen.contains("┌ Extras · "), "\(screen)")
    #expect(run.current == .payment)
  }

  @Test("a recording leaves a paste out and keeps Alt+Backspace, which replays")
  func recordingOfAPaste() async throws {
    let path = NSTemporaryDirectory() + "booking-recording-" + UUID().uuidString + ".jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }

    let recorder = try Run(["--latency", "0", "--fresh", "--record", path])
    defer { recorder.remove() }
    recorder.program.recorder = try KeyRecorder(
      path: path, replacing: false, clock: recorder.clock.wallClock)
    await recorder.start()
    #expect(recorder.text.contains("┌ Search flights"), "\(recorder.text)")
    await recorder.type("ams ist")
    #expect(recorder.text.contains("ams ist"), "\(recorder.text)")
    await recorder.advance(by: 1)
    await recorder.press(.alt(.backspace))
    await recorder.press(.paste("Zeynep"))
    #expect(
      recorder.text.contains("ams Zeynep") && !recorder.text.contains("ist"), "\(recorder.text)")
    await recorder.press(.control("c"))
    #expect(recorder.text.contains("Quit?"), "\(recorder.text)")
    await recorder.type("y")
    #expect(recorder.exitCode == 0)

    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#""key":"alt-backspace""#), "\(text)")
    for letter in ["Z", "e", "y", "n", "p"] {
      #expect(!text.contains(#""key":"=\#(letter)""#), "pasted text recorded:\n\(text)")
    }

    let player = try Run(["--latency", "0", "--fresh", "--replay", path, "--speed", "50"])
    defer { player.remove() }
    player.program.replayer = try KeyReplayer(path: path, speed: 50)
    await player.start()
    await player.replayToEnd()
    let replayed = player.text
    #expect(replayed.contains("The recording has ended"), "\(replayed)")
    #expect(Run.field("From", in: replayed) == "ams", "\(replayed)")
    #expect(!replayed.contains("ams ist"), "Alt+Backspace replayed:\n\(replayed)")
  }
}
