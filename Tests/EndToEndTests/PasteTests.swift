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
    // break inside a paste is not Enter: what follows it goes to the next field, Family name.
    try await terminal.setBuffer(" Lovelace\nKing")
    try await terminal.pasteBuffer()
    let pasted = try await terminal.waitFor("the second paste") {
      $0.contains("Given name          Ada Lovelace ")
        && BookingTerminal.field("Family name", in: $0) == "King"
    }
    #expect(pasted.contains("┌ Passengers · "), "\(pasted)")
  }

  @Test("Ctrl-S reaches the app through tmux and sends the passengers form from its first field")
  func controlS() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    try await terminal.launch(["--fresh"])
    try await terminal.searchIstanbulToAmsterdam(passengers: 1)
    _ = try await terminal.chooseOffer()
    // Flow control is off, so the terminal passes Ctrl-S on instead of freezing the screen.
    try await terminal.press("C-s")
    let marked = try await terminal.waitFor("the form's messages at its fields") {
      $0.contains("Choose a title.") && $0.contains("Required.")
    }
    #expect(marked.contains("┌ Passengers · "), "\(marked)")
  }

}
