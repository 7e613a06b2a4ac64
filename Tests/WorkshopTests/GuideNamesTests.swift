import FlowOwner
import Foundation
import Presentation
import Testing

/// The guides' table from the seeds' names to the project's: every name the table gives for this
/// project is in the file or folder its row names, in both languages.
@Suite("The guides' table of names")
struct GuideNamesTests {
  static let root = GuideCountTests.root

  /// The table's rows that name the seeds (001 or 002): the project's names and their place.
  static func rows(of guide: String) throws -> [(names: [String], place: String)] {
    let text = try String(contentsOf: root.appendingPathComponent(guide), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 6, cells[1] == "001" || cells[1] == "002" else { return nil }
      return (codeSpans(cells[3]), codeSpans(cells[4]).first ?? "")
    }
  }

  /// The text between backticks in `cell`.
  static func codeSpans(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  /// The identifiers a code span names, as the source spells them: `BookingFlow.paid(_:from:)`
  /// is `BookingFlow` and `paid`; `path: [BookingStep]` is `path` and `BookingStep`; a file
  /// (`session/snapshot.json`) names none.
  static func identifiers(in span: String) -> [String] {
    guard !span.contains("/") else { return [] }
    let signature = #/\([^)]*\)/#
    return span.replacing(signature, with: "")
      .split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
  }

  /// The Swift text of `place`: one file, or every file under a folder.
  static func source(at place: String) throws -> String {
    let url = root.appendingPathComponent(place)
    guard place.hasSuffix("/") else { return try String(contentsOf: url, encoding: .utf8) }
    let files = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String }
    return try (files ?? []).filter { $0.hasSuffix(".swift") }.map {
      try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8)
    }.joined(separator: "\n")
  }

  @Test(
    "each name the table gives for this project is in the place its row names",
    arguments: [
      "docs/Workshop.md", "docs/Workshop.tr.md",
    ])
  func namesAreWhereTheTableSays(guide: String) throws {
    let rows = try Self.rows(of: guide)
    #expect(rows.count >= 20, "\(guide) has the table")
    for row in rows {
      let source = try Self.source(at: row.place)
      for name in row.names.flatMap(Self.identifiers) {
        #expect(source.contains(name), "\(guide): `\(name)` is not in \(row.place)")
      }
    }
  }

  @Test("the guides' reason for no retain cycle holds: the owner and the app's state are values")
  func valuesNotReferences() {
    #expect(Mirror(reflecting: BookingFlow()).displayStyle == .struct)
    #expect(Mirror(reflecting: RootFeature.State(now: Date())).displayStyle == .struct)
  }
}
