import Canvas
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One recorded key: its time after the start in milliseconds, its word, and whether the app
/// was waiting for the airline when it was typed.
///
/// A key typed while the app was idle (the usual case, and the default when `busy` is absent) is
/// replayed only once the app is idle again: a replay on a slower or busier machine then sends
/// "Enter" to the results list, not to its spinner. A key typed during a wait (Esc while results
/// load) is replayed at its time, during the wait, as it was typed.
public struct RecordedKey: Codable, Hashable, Sendable {
  /// Milliseconds after the recording started.
  public let t: Int
  /// The key's word (`KeyCoding`).
  public let key: String
  /// Whether the app was waiting for the airline when it was typed.
  public var busy: Bool?

  /// A recorded key.
  public init(t: Int, key: String, busy: Bool? = nil) {
    self.t = t
    self.key = key
    self.busy = busy
  }

  /// Whether the replay waits for the app to be idle before sending it.
  public var waitsForIdle: Bool { busy != true }

  /// The longest recording replayed: a day.
  public static let longestMilliseconds = 24 * 60 * 60 * 1000
  /// The longest line a recorded key takes.
  public static let longestLine = 256

  /// The speeds a recording can be replayed at (`--speed`): from 100 times slower to 1000 times
  /// faster.
  public static let speeds: ClosedRange<Double> = 0.01...1000

  /// The longest a replay waits between two keys: a day's recording at the slowest speed.
  public static let longestGapMilliseconds = Int(Double(longestMilliseconds) / speeds.lowerBound)

  /// The wait in milliseconds between keys recorded `recordedGap` ms apart, replayed at `speed`:
  /// from 0 to `longestGapMilliseconds` whatever the two numbers are (a gap that would not fit,
  /// or a speed that is zero, negative or not a number, waits the longest or not at all).
  public static func replayGap(_ recordedGap: Int, speed: Double) -> Int {
    guard recordedGap > 0 else { return 0 }
    let gap = Double(recordedGap) / speed
    guard gap >= 0 else { return 0 }
    guard gap < Double(longestGapMilliseconds) else { return longestGapMilliseconds }
    return Int(gap)
  }

  /// Why a recording cannot be replayed: the line (from 1) and the reason.
  public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
  }

  /// The keys of a recording's text, checked whole before any is replayed: each line one key
  /// (ended by LF or CRLF), times from 0 to a day and never going back.
  public static func parse(_ text: String) throws(Problem) -> [RecordedKey] {
    var keys: [RecordedKey] = []
    var number = 0
    // By bytes: Swift reads CR LF as one character, which a split on "\n" would not see.
    for var line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    {
      number += 1
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      let trimmed = String(decoding: line, as: UTF8.self).trimmingSpaces()
      if trimmed.isEmpty { continue }
      guard trimmed.utf8.count <= longestLine else {
        throw Problem(line: number, reason: "longer than \(longestLine) bytes: not a recorded key")
      }
      guard let key = try? JSONDecoder().decode(RecordedKey.self, from: Data(trimmed.utf8)) else {
        throw Problem(line: number, reason: "not a recorded key")
      }
      guard KeyCoding.key(key.key) != nil else {
        throw Problem(line: number, reason: "\(key.key.debugDescription) is not a key")
      }
      guard (0...longestMilliseconds).contains(key.t) else {
        throw Problem(
          line: number, reason: "time \(key.t) is outside 0 to \(longestMilliseconds) ms")
      }
      if let previous = keys.last, key.t < previous.t {
        throw Problem(
          line: number, reason: "time \(key.t) is before the line above (\(previous.t))")
      }
      keys.append(key)
    }
    return keys
  }
}
