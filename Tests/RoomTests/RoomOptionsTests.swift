import Launch
import Program
import Testing

@Suite("The room's command lines")
struct RoomOptionsTests {
  @Test("booking room watch DIR, with --lang and --theme and nothing else")
  func watch() throws {
    let options = try Options.parse(["room", "watch", "/var/lib/room", "--lang", "tr"])
    #expect(options.watchRoom == "/var/lib/room")
    #expect(options.language == .turkish)
    for refused in [
      ["room"], ["room", "watch"], ["room", "look", "/x"], ["room", "watch", "/x", "--fresh"],
    ] {
      #expect(throws: Options.Problem.self, "\(refused)") { try Options.parse(refused) }
    }
  }

  @Test("--room and --attendee go together, and set the folders themselves")
  func attendee() throws {
    let options = try Options.parse(["--room", "/r", "--attendee", "SHA256:abc"])
    #expect(options.room == "/r")
    #expect(options.attendee == "SHA256:abc")
    for refused in [
      ["--room", "/r"], ["--attendee", "SHA256:abc"],
      ["--room", "/r", "--attendee", "SHA256:abc", "--data-dir", "/d"],
      ["--room", "/r", "--attendee", "SHA256:abc", "--airline-dir", "/a"],
    ] {
      #expect(throws: Options.Problem.self, "\(refused)") { try Options.parse(refused) }
    }
  }
}
