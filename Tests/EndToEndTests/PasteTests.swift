import Foundation
import TestSupport
import Testing

/// Input that arrives with an escape in front: pastes and Alt-modified keys never go back.
@Suite("Paste and Alt keys")
struct PasteTests {
  @Test("A bracketed paste into the given-name field fills it and moves nowhere")
  func bracketedPaste() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(["--fresh"])
    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    _ = try await terminal.chooseOffer()
    try await terminal.press("Tab")  // Title → Given name
    // What a terminal sends for a paste once the app asked for bracketed paste.
    try await terminal.type("\u{1B}[200~Ada\u{1B}[201~")
    let screen = try await terminal.waitFor("the given name pasted") {
      BookingTerminal.field("Given name", in: $0) == "Ada"
    }
    #expect(screen.contains("┌ Passengers · "), "still on passengers:\n\(screen)")

    // tmux wraps its buffer in the brackets only when the app turned bracketed paste on; a line
    // break inside a paste is text, not Enter, so the focus stays on Given name.
    try await terminal.setBuffer(" Lovelace\nKing")
    try await terminal.pasteBuffer()
    let pasted = try await terminal.waitFor("the second paste") {
      BookingTerminal.field("Given name", in: $0) == "Ada"
        && $0.contains("Given name          Ada LovelaceKing")
    }
    #expect(BookingTerminal.field("Family name", in: pasted) == "", "\(pasted)")
    #expect(pasted.contains("┌ Passengers · "), "\(pasted)")
  }

  @Test("Alt+Backspace on the payment form deletes a word and never goes back to extras")
  func altBackspaceAtPayment() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(["--fresh"])
    _ = try await terminal.bookUntilPayment()
    try await terminal.type("4242424242424242")
    try await terminal.waitFor("4242 4242 4242 4242")
    try await terminal.press("M-BSpace")
    try await terminal.press("M-x")
    try await terminal.type("9")
    // The digits were one word; Alt+x does nothing; 9 is typed into the emptied field.
    let screen = try await terminal.waitFor("the key after the Alt keys") {
      BookingTerminal.field("Card number", in: $0) == "9"
    }
    #expect(screen.contains("┌ Payment"), "still at payment:\n\(screen)")
    #expect(!screen.contains("┌ Extras · "), "\(screen)")
  }

  @Test("A recording leaves a paste out and keeps Alt+Backspace, which replays")
  func recording() async throws {
    let recording = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: recording) }
    let recorder = try await BookingTerminal()
    defer { recorder.close() }
    try await recorder.launch(["--fresh", "--record", recording.path])
    try await recorder.waitFor("┌ Search flights", "From")
    try await recorder.type("ams ist")
    try await recorder.waitFor("ams ist")
    try await recorder.press("M-BSpace")
    try await recorder.type("\u{1B}[200~Zeynep\u{1B}[201~")
    try await recorder.waitFor("the pasted text after the deleted word") {
      $0.contains("ams Zeynep") && !$0.contains("ist")
    }
    try await recorder.press("C-c")
    try await recorder.waitFor("Quit?")
    try await recorder.press("y")
    try await recorder.waitForExit()
    // A test holds one terminal at a time (see `TerminalSlots`).
    recorder.close()

    let text = try String(contentsOf: recording, encoding: .utf8)
    #expect(text.contains(#""key":"alt-backspace""#), "\(text)")
    for letter in ["Z", "e", "y", "n", "p"] {
      #expect(!text.contains(#""key":"=\#(letter)""#), "pasted text recorded:\n\(text)")
    }

    let player = try await BookingTerminal()
    defer { player.close() }
    // Fast: the recorder's own waits (long on a loaded machine) must not set the replay's pace.
    try await player.launch(["--fresh", "--replay", recording.path, "--speed", "50"])
    let replayed = try await player.waitFor("the replay's search form") {
      $0.contains("The recording has ended")
    }
    #expect(BookingTerminal.field("From", in: replayed) == "ams", "\(replayed)")
    #expect(!replayed.contains("ams ist"), "Alt+Backspace replayed:\n\(replayed)")
  }
}
