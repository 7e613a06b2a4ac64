import Canvas
import Presentation
import Testing

/// A recording is read whole before anything is replayed: each line a key, times in order.
@Suite("Reading a recording")
struct RecordedKeyTests {
  func problem(_ text: String) -> RecordedKey.Problem? {
    do {
      _ = try RecordedKey.parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("a recording's keys are read, blank lines skipped")
  func reads() throws {
    let keys = try RecordedKey.parse(
      "{\"t\":0,\"key\":\"=i\"}\n\n{\"t\":5,\"key\":\"enter\",\"busy\":true}\r\n")
    #expect(keys == [RecordedKey(t: 0, key: "=i"), RecordedKey(t: 5, key: "enter", busy: true)])
  }

  @Test("extreme or backward times, unknown keys and long lines are refused with their line")
  func refuses() {
    let cases: [(String, Int, String)] = [
      ("{\"t\":9223372036854775807,\"key\":\"=a\"}", 1, "outside"),
      ("{\"t\":-1,\"key\":\"=a\"}", 1, "outside"),
      ("{\"t\":10,\"key\":\"=a\"}\n{\"t\":5,\"key\":\"=b\"}", 2, "before"),
      ("{\"t\":1,\"key\":\"hyperspace\"}", 1, "not a key"),
      ("{\"t\":1,\"key\":\"=\\u0000\"}", 1, "not a key"),
      ("{\"t\":1,\"key\":\"ctrl-\\u00e9\"}", 1, "not a key"),
      ("{\"t\":1e999,\"key\":\"=a\"}", 1, "not a recorded key"),
      (String(repeating: "[", count: 300), 1, "longer than"),
      ("{\"t\":1,\"key\":\"=a\"}\nnot json", 2, "not a recorded key"),
    ]
    for (text, line, reason) in cases {
      let found = problem(text)
      #expect(found?.line == line, "\(text.prefix(40))")
      #expect(found?.reason.contains(reason) == true, "\(String(describing: found))")
    }
  }
}
