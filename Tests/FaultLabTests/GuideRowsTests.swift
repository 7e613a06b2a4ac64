import FaultLabCore
import FlowFaults
import Foundation
import Testing

/// The guide quotes rows of faultlab's matrix: each as faultlab prints it, in both languages.
@Suite("The guide's rows of the matrix")
struct GuideRowsTests {
  static let guides = ["docs/Workshop.md", "docs/Workshop.tr.md"]

  /// The repository's root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test("every row a guide quotes (`check`, row `n n i …`) is the row faultlab prints")
  func quotedRowsMatch() async throws {
    let matrix = try await labMatrix()
    for guide in Self.guides {
      let text = try String(
        contentsOf: Self.root.appendingPathComponent(guide), encoding: .utf8
      ).replacingOccurrences(of: "\n  ", with: " ")
      let quotes = text.matches(of: #/`([a-z-]+)`, (?:row|satır) `([sbni ]+)`/#)
      #expect(quotes.count >= 2, "\(guide) quotes the recorded-path rows")
      for quote in quotes {
        let check = String(quote.output.1)
        let row = FlowVersion.faults.map { fault in
          matrix.cell(check: check, fault: fault.name).map {
            String($0.separation.rawValue.prefix(1))
          }
            ?? "?"
        }.joined(separator: " ")
        #expect(row == quote.output.2, "\(guide): \(check) is \(row) in faultlab's matrix")
      }
    }
  }
}
