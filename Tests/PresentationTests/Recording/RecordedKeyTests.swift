import Canvas
import Presentation
import Recording
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

  @Test("a recording with CRLF line ends is read as with LF, a blank CRLF line skipped")
  func readsCRLF() throws {
    let keys = try RecordedKey.parse(
      "{\"t\":0,\"key\":\"=i\"}\r\n\r\n{\"t\":5,\"key\":\"=s\"}\r\n{\"t\":9,\"key\":\"enter\"}\r\n")
    #expect(
      keys == [
        RecordedKey(t: 0, key: "=i"), RecordedKey(t: 5, key: "=s"), RecordedKey(t: 9, key: "enter"),
      ])
    #expect(problem("{\"t\":10,\"key\":\"=a\"}\r\n{\"t\":5,\"key\":\"=b\"}\r\n")?.line == 2)
  }

  @Test("a replay's wait saturates: no gap or speed overflows, none is negative")
  func replayGapSaturates() {
    let longest = RecordedKey.longestGapMilliseconds
    #expect(RecordedKey.replayGap(1000, speed: 2) == 500)
    #expect(RecordedKey.replayGap(1000, speed: 1e-17) == longest)
    #expect(RecordedKey.replayGap(Int.max, speed: 1e-300) == longest)
    #expect(RecordedKey.replayGap(Int.max, speed: .leastNonzeroMagnitude) == longest)
    #expect(RecordedKey.replayGap(1000, speed: 0) == longest)
    #expect(RecordedKey.replayGap(1000, speed: .nan) == 0)
    #expect(RecordedKey.replayGap(1000, speed: -1) == 0)
    #expect(RecordedKey.replayGap(-5, speed: 1) == 0)
    #expect(RecordedKey.replayGap(Int.min, speed: 1e-17) == 0)
    #expect(
      RecordedKey.replayGap(RecordedKey.longestMilliseconds, speed: RecordedKey.speeds.lowerBound)
        == longest)
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
