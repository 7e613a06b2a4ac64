import Room
import Testing

@Suite struct AttendeeNameTests {
  @Test func lettersAndSpacesAreANameAndTheRestIsSaidWhy() throws {
    #expect(try AttendeeName("  Ayşe   Nur ").text == "Ayşe Nur")
    #expect(try AttendeeName("Jean-Luc").text == "Jean-Luc")
    #expect(throws: AttendeeName.Problem.self) { try AttendeeName("") }
    #expect(throws: AttendeeName.Problem.self) { try AttendeeName("R2D2") }
    #expect(throws: AttendeeName.Problem.self) { try AttendeeName("a-") }
    #expect(throws: AttendeeName.Problem.self) {
      try AttendeeName(String(repeating: "a", count: 21))
    }
    #expect(try AttendeeName(String(repeating: "ğ", count: 20)).text.count == 20)
  }

  @Test func askingRepeatsWithTheReasonUntilANameIsTyped() {
    var lines = ["", "Bob!", "Bob"][...]
    var shown = ""
    let name = AttendeeName.ask(read: { lines.popFirst() }, write: { shown += $0 })
    #expect(name?.text == "Bob")
    #expect(shown.contains("type a name"))
    #expect(shown.contains("only letters"))
    var none = [String]()[...]
    #expect(AttendeeName.ask(read: { none.popFirst() }, write: { _ in }) == nil)
  }

  @Test func aFingerprintIsMadeAFolderNameAndNothingElseIs() throws {
    let key = try AttendeeKey(fingerprint: "SHA256:ab+/cdEFgh0123456789ijklmnopqrstuvwxyzABCDE")
    #expect(key.folderName == "ab-_cdEFgh0123456789ijklmnopqrstuvwxyzABCDE")
    #expect(AttendeeKey(folderName: key.folderName) == key)
    #expect(throws: AttendeeKey.Problem.self) { try AttendeeKey(fingerprint: "MD5:ab:cd") }
    #expect(throws: AttendeeKey.Problem.self) {
      try AttendeeKey(fingerprint: "SHA256:../../etc/passwd0000000000000")
    }
    #expect(AttendeeKey(folderName: "..") == nil)
  }
}
