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
    print(String(decoding: try encoded(value), as: UTF8.self))
  }

  /// `value` as the JSON text every document here is written as: keys sorted, slashes as they
  /// are, two spaces of indent a level, `"key" : value`, and an empty object or array as `{}`
  /// or `[]` on the line of its key.
  static func encoded(_ value: some Encodable) throws(Failure) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let compact: Data
    do {
      compact = try encoder.encode(value)
    } catch {
      throw Failure(code: .badData, message: "could not write JSON: \(error)")
    }
    return indented(Array(compact))
  }

  /// Compact JSON text (no space outside its strings, as `JSONEncoder` writes it without
  /// `.prettyPrinted`) laid out one value a line.
  static func indented(_ compact: [UInt8]) -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity(compact.count * 2)
    var depth = 0
    var inString = false
    var escaped = false
    var index = 0
    func newLine() {
      text.append(UInt8(ascii: "\n"))
      text += repeatElement(UInt8(ascii: " "), count: depth * 2)
    }
    while index < compact.count {
      let byte = compact[index]
      index += 1
      if inString {
        text.append(byte)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        text.append(byte)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        text.append(byte)
        let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if index < compact.count, compact[index] == closing {
          text.append(closing)
          index += 1
        } else {
          depth += 1
          newLine()
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        newLine()
        text.append(byte)
      case UInt8(ascii: ","):
        text.append(byte)
        newLine()
      case UInt8(ascii: ":"):
        text += Array(" : ".utf8)
      default:
        text.append(byte)
      }
    }
    return text
  }

  /// `cells` in columns of `widths` (the last column as wide as its cell), two spaces between:
  /// a row printed as soon as it is known, aligned with the others. A cell wider than its
  /// column pushes the rest of its row right.
  static func row(_ cells: [String], widths: [Int]) {
    let padded = cells.enumerated().map { column, cell in
      column == cells.count - 1 || !widths.indices.contains(column)
        ? cell : cell.padding(widths[column])
    }
    print(padded.joined(separator: "  "))
  }

  /// `failure` as `{"error": {"code": 64, "kind": "usage", "message": "..."}}` on standard
  /// output: what `--json` prints when a command fails.
  static func errorDocument(_ failure: Failure) {
    struct Document: Encodable {
      struct Body: Encodable {
        let code: Int32
        let kind: String
        let message: String
      }
      let error: Body
    }
    let body = Document.Body(
      code: failure.code.rawValue, kind: failure.code.name, message: failure.message)
    // Three plain fields always encode; a failure here leaves only the line on stderr.
    try? json(Document(error: body))
  }

  /// Writes a JSON array to standard output one element at a time, so a long list is never
  /// held whole: `[`, each element indented as `json` writes it, `]`.
  struct ArrayWriter {
    private var count = 0

    /// Writes `value` as the next element.
    mutating func append(_ value: some Encodable) throws(Failure) {
      let element = try Output.encoded(value)
      // Each line indented by two spaces: a newline in JSON text is always between tokens.
      var bytes = Array((count == 0 ? "[\n  " : ",\n  ").utf8)
      bytes.reserveCapacity(bytes.count + element.count + element.count / 8)
      for byte in element {
        bytes.append(byte)
        if byte == UInt8(ascii: "\n") { bytes += [UInt8(ascii: " "), UInt8(ascii: " ")] }
      }
      print(String(decoding: bytes, as: UTF8.self), terminator: "")
      count += 1
    }

    /// Ends the array.
    func finish() { print(count == 0 ? "[]" : "\n]") }
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
      // A row whose last cells are empty (a round trip's second row) ends at its last text.
      var line = cells.joined(separator: "  ")
      while line.last == " " { line.removeLast() }
      print(line)
    }
  }

  /// `text` in lines of at most `width` characters (by default 100, a projector's width),
  /// broken at spaces.
  static func paragraph(_ text: String, width: Int = 100) {
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        print(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { print(line) }
  }

  /// `pairs` as "label  value" lines, the labels padded to one width.
  static func fields(_ pairs: [(String, String)]) {
    let width = pairs.map(\.0.count).max() ?? 0
    for (label, value) in pairs { print("\(label.padding(width))  \(value)") }
  }
}

extension String {
  /// The string with spaces after it up to `width` characters.
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
