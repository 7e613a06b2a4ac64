import Foundation
import Testing

/// Which goldens a run may rewrite, and what a rewrite changed.
///
/// A golden is a recorded expectation: rewriting it from whatever the code draws would turn a
/// bug into the expected screen (seed 004's warning). So a run rewrites only the goldens it
/// names: `BOOKING_RECORD_GOLDENS=inspector-80x24,help-*` (comma-separated names, `*` standing
/// for any run of characters, as long as something else is named with it). A bare `1`, `all` or
/// `*` is refused, every rewrite says what it changed line by line, and a golden that differs
/// says how to rewrite that one.
public enum GoldenRecording {
  /// The variable's value, if set.
  public static let requested = ProcessInfo.processInfo.environment["BOOKING_RECORD_GOLDENS"]

  /// The names and patterns `requested` asks for; nil when it is unset or names nothing.
  public static func patterns(_ requested: String?) -> [String]? {
    guard let requested else { return nil }
    let parts = requested.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    let named = parts.filter { !["1", "all", "true", "yes"].contains($0.lowercased()) }
      .filter { $0.contains { $0 != "*" } }
    return named.isEmpty ? nil : named
  }

  /// What to do with the golden `name` (a path under Goldens, without `.txt`).
  public enum Decision {
    /// Compare with the file.
    case compare
    /// Rewrite the file: it is named.
    case record
    /// The variable is set but names no golden: refuse, saying why.
    case refuse(String)
  }

  public static func decision(for name: String, requested: String? = requested) -> Decision {
    guard let requested, !requested.isEmpty else { return .compare }
    guard let patterns = patterns(requested) else {
      return .refuse(
        "BOOKING_RECORD_GOLDENS=\(requested) names no golden: name those to rewrite, "
          + "e.g. BOOKING_RECORD_GOLDENS=\(name) (or a pattern such as inspector-*), and read "
          + "what each rewrite changed")
    }
    return patterns.contains { matches(name, $0) } ? .record : .compare
  }

  /// Whether `name` matches `pattern`, where `*` stands for any run of characters.
  public static func matches(_ name: String, _ pattern: String) -> Bool {
    let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
    guard pieces.count > 1 else { return name == pattern }
    guard let first = pieces.first, let last = pieces.last, name.hasPrefix(first),
      name.dropFirst(first.count).hasSuffix(last), name.count >= first.count + last.count
    else { return false }
    var rest = Substring(name.dropFirst(first.count).dropLast(last.count))
    for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
      guard let range = rest.range(of: piece) else { return false }
      rest = rest[range.upperBound...]
    }
    return true
  }

  /// The lines that differ between `old` and `new`, numbered, each as `-` (was) and `+` (is);
  /// "no change" when they are equal.
  public static func diff(_ old: String, _ new: String) -> String {
    let before = old.split(separator: "\n", omittingEmptySubsequences: false)
    let after = new.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for index in 0..<max(before.count, after.count) {
      let was = index < before.count ? String(before[index]) : nil
      let now = index < after.count ? String(after[index]) : nil
      guard was != now else { continue }
      if let was { lines.append("\(index + 1) - \(was)") }
      if let now { lines.append("\(index + 1) + \(now)") }
    }
    return lines.isEmpty ? "no change" : lines.joined(separator: "\n")
  }

  /// Compares `text` with the golden file `file` named `name`, or rewrites it when the run names
  /// it; records an issue for a rewrite (with what it changed), a refusal, a missing file or a
  /// difference (with how to rewrite this one golden).
  public static func check(
    _ text: String, file: URL, name: String, sourceLocation: SourceLocation
  ) {
    let old = FileManager.default.contents(atPath: file.path).map {
      String(decoding: $0, as: UTF8.self)
    }
    switch decision(for: name) {
    case .refuse(let why):
      Issue.record(Comment(rawValue: why), sourceLocation: sourceLocation)
    case .record:
      try? FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? Data(text.utf8).write(to: file)
      Issue.record(
        Comment(rawValue: "recorded golden \(name); what changed:\n" + diff(old ?? "", text)),
        sourceLocation: sourceLocation)
    case .compare:
      guard let old else {
        Issue.record(
          Comment(rawValue: "no golden \(name).txt: run with BOOKING_RECORD_GOLDENS=\(name)"),
          sourceLocation: sourceLocation)
        return
      }
      #expect(
        text == old,
        Comment(
          rawValue: "\(name) differs (if that is meant, BOOKING_RECORD_GOLDENS=\(name)):\n"
            + diff(old, text)),
        sourceLocation: sourceLocation)
    }
  }
}
