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

}
