import Canvas
import Foundation
import Presentation
import Recording
import TestSupport
import Testing

/// Recordings are input people share: none may crash or hang the reader.
@Suite("Random recordings")
struct RecordingFuzzTests {
  static let cases = 10_000
  static let seed: UInt64 = 0x2EC0_2D1E_F022

  static let words = [
    "=a", "=1", "=é", "=🙂", "enter", "esc", "tab", "backtab", "ctrl-c", "ctrl-z", "f1", "f12",
    "f13", "f0", "up", "pagedown", "=", "==", "=ab", "ctrl-", "ctrl-cc", "ctrl-É", "=\\u0000",
    "=\\u001b", "=\\u202e", "\\ud800", "",
  ]
  static let times = [
    "0", "1", "-1", "500", "86400000", "86400001", "9223372036854775807", "-9223372036854775808",
    "9223372036854775808", "1e9", "1.5", "1e400", "-0", "null", "\"12\"", "true", "[]", "{}",
  ]

  /// A random text that is often almost a recording.
  static func text(using random: inout SeededRandom) -> String {
    var lines: [String] = []
    var t = 0
    for _ in 0..<random.int(0...12) {
      switch random.int(0...9) {
      case 0...4:
        t += random.int(0...2000)
        lines.append(#"{"t":\#(t),"key":"\#(random.pick(words))"}"#)
      case 5:
        lines.append(#"{"t":\#(random.pick(times)),"key":"\#(random.pick(words))"}"#)
      case 6:
        lines.append(
          #"{"t":\#(t),"key":"=a","busy":\#(random.pick(["true", "false", "1", "null", "\"x\""]))}"#
        )
      case 7:
        lines.append(JSONText.random(depth: 3, using: &random))
      case 8:
        lines.append(HostileText.string(maxScalars: 40, using: &random))
      default:
        lines.append(
          String(repeating: random.pick(["[", "{\"t\":", "\\", "\""]), count: random.int(1...400)))
      }
    }
    return lines.joined(separator: random.pick(["\n", "\r\n", "\n\n", "\r"]))
  }

  @Test("10,000 random recordings: read whole into keys in order, or refused at a line in one line")
  func randomRecordings() async throws {
    try await offTheGlobalExecutor("randomRecordings") { self.randomRecordingsBody() }
  }

  /// The test, run off the global executor: its CPU would hold one of that executor's threads.
  func randomRecordingsBody() {
    var random = SeededRandom(seed: Self.seed)
    var failures: [String] = []
    var read = 0
    var refused = 0
    var slowest = 0.0
    for index in 0..<Self.cases {
      let text = Self.text(using: &random)
      // By bytes: a CR LF is one Character, and a line of the recording all the same.
      let lineCount = text.utf8.split(
        separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
      )
      .count
      let started = ContinuousClock.now
      do {
        let keys = try RecordedKey.parse(text)
        read += 1
        let times = keys.map(\.t)
        if times != times.sorted()
          || times.contains(where: { $0 < 0 || $0 > RecordedKey.longestMilliseconds })
          || keys.contains(where: { KeyCoding.key($0.key) == nil })
        {
          failures.append("case \(index): accepted keys out of order or bounds: \(keys.prefix(3))")
        }
      } catch {
        refused += 1
        if !(1...max(1, lineCount)).contains(error.line)
          || !HostileText.isOneLine(error.description)
        {
          failures.append("case \(index): \(HostileText.escaped(error.description))")
        }
      }
      let elapsed = ContinuousClock.now - started
      slowest = max(
        slowest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
      if failures.count >= 20 { break }
    }
    print(
      "[reliability] recordings: \(Self.cases) texts, \(read) read, \(refused) refused; "
        + "slowest \(Int(slowest * 1000)) ms")
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(read > 100 && refused > 100, "the generator should make both")
    // A hang detector, not a speed target: one case taking seconds means a loop gone wrong.
    #expect(slowest < 5, "a recording took \(slowest) s to read")
  }
}
