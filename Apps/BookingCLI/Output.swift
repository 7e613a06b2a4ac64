#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command prints: one JSON document with `--json`, else aligned text.
enum Output {
  /// Writes `text` to standard error.
  static func error(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// `value` as one JSON document (keys sorted, indented) on standard output.
  static func json(_ value: some Encodable) throws(Failure) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      print(String(decoding: try encoder.encode(value), as: UTF8.self))
    } catch {
      throw Failure(code: .badData, message: "could not write JSON: \(error)")
    }
  }

  /// `rows` under `header`, each column as wide as its widest cell, two spaces between.
  static func table(_ header: [String], _ rows: [[String]]) {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    for row in all {
      let cells = row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell.padding(widths[column])
      }
      print(cells.joined(separator: "  "))
    }
  }

  /// `pairs` as "label  value" lines, the labels padded to one width.
  static func fields(_ pairs: [(String, String)]) {
    let width = pairs.map(\.0.count).max() ?? 0
    for (label, value) in pairs { print("\(label.padding(width))  \(value)") }
  }

  /// A date as ISO 8601 in UTC, e.g. `2026-05-04T10:15:00Z`.
  static func instant(_ date: Date) -> String { date.formatted(.iso8601) }
}

extension String {
  /// The string with spaces after it up to `width` characters.
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
