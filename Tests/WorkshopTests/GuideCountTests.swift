import Foundation
import Testing

/// The hands-on part's baseline is a count the guides state; it is the repository's today.
@Suite("The guides' counts")
struct GuideCountTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Lines of Swift under Tools, Modules and Apps naming `BookingBag`, as the guide's
  /// `grep -rn "BookingBag" --include="*.swift" Tools Modules Apps | wc -l` counts them.
  static func bagLines() throws -> Int {
    var count = 0
    for folder in ["Tools", "Modules", "Apps"] {
      let base = root.appendingPathComponent(folder)
      let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }
      for file in files ?? [] where file.hasSuffix(".swift") {
        let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
        count += text.split(separator: "\n", omittingEmptySubsequences: false)
          .count { $0.contains("BookingBag") }
      }
    }
    return count
  }

  @Test("the count of lines naming BookingBag that both guides give is today's")
  func bagBaseline() throws {
    let count = try Self.bagLines()
    for (guide, pattern) in [
      ("docs/Workshop.md", #/wc -l` \((\d+) here\)/#),
      ("docs/Workshop.tr.md", #/\(burada (\d+)\)/#),
    ] {
      let text = try String(contentsOf: Self.root.appendingPathComponent(guide), encoding: .utf8)
        .replacingOccurrences(of: "\n  ", with: " ")
      let stated = try #require(text.firstMatch(of: pattern), "\(guide) states the count")
      #expect(Int(stated.output.1) == count, "\(guide) says \(stated.output.1), today \(count)")
    }
  }
}
