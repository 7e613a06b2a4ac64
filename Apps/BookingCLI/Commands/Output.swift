import Domain

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
  /// Writes `text` to standard error. A failure here has nowhere to be told: it is dropped.
  static func error(_ text: String) {
    if let streams = CLIStreams.current {
      streams.write(Array(text.utf8), error: true)
      return
    }
    _ = writeAll(Array(text.utf8), to: 2)
  }

  /// Writes `bytes` to standard output, ending the process as `put` says when that fails.
  static func standardOutput(_ bytes: [UInt8]) {
    if let streams = CLIStreams.current {
      streams.write(bytes, error: false)
      return
    }
    if let code = writeAll(bytes, to: 1) { outputFailed(code) }
  }

  /// Writes `text` to standard output at once, unbuffered, so a failed write is known where it
  /// happens. A reader that went away (`| head -1`) ends the process quietly by SIGPIPE, as git
  /// ends; any other failure (a full disk, `> /dev/full`) ends it with 74 and a line on stderr.
  static func put(_ text: String) {
    standardOutput(Array(text.utf8))
  }

  /// `text` and a newline on standard output, as `put` writes.
  static func line(_ text: String = "") { put(text + "\n") }

  /// Ends the process for a write to standard output that failed with `code`.
  static func outputFailed(_ code: Int32) -> Never {
    if code == EPIPE {
      // SIGPIPE is ignored while a command works, so a payment is never cut off half-way; its
      // default action now ends the process as a closed pipe ends git, 141 in the shell.
      signal(SIGPIPE, SIG_DFL)
      raise(SIGPIPE)
      exit(128 + SIGPIPE)
    }
    error("booking-cli: standard output could not be written: \(String(cString: strerror(code)))\n")
    exit(ExitCode.ioError.rawValue)
  }

  /// Writes all of `bytes` to `descriptor`, waiting while a non-blocking one is full; the
  /// `errno` of a write that failed, nil when all were written.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK {
          var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, -1)
          continue
        }
        return code
      }
      guard written > 0 else { return EIO }
      offset += written
    }
    return nil
  }

  /// `value` as one JSON document (keys sorted, indented) on standard output.
  static func json(_ value: some Encodable) throws(Failure) {
    var text = try encoded(value)
    text.append(UInt8(ascii: "\n"))
    standardOutput(text)
  }

  /// `value` as one line of compact JSON (keys sorted) on standard output: `--json-lines`.
  static func jsonLine(_ value: some Encodable) throws(Failure) {
    var text = try compact(value)
    text.append(UInt8(ascii: "\n"))
    standardOutput(text)
  }

  /// `value` as the JSON text every document here is written as: keys sorted, slashes as they
  /// are, two spaces of indent a level, `"key" : value`, and an empty object or array as `{}`
  /// or `[]` on the line of its key.
  static func encoded(_ value: some Encodable) throws(Failure) -> [UInt8] {
    indented(try compact(value))
  }

  /// `value` as compact JSON, keys sorted and slashes as they are.
  private static func compact(_ value: some Encodable) throws(Failure) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return Array(try encoder.encode(value))
    } catch {
      throw Failure(code: .badData, message: "could not write JSON: \(error)")
    }
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
    line(padded.joined(separator: "  "))
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
      standardOutput(bytes)
      count += 1
    }

    /// Ends the array.
    func finish() { Output.line(count == 0 ? "[]" : "\n]") }
  }

  /// `rows` under `header`, each column as wide as its widest cell, two spaces between.
  static func table(_ header: [String], _ rows: [[String]]) {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    var text = ""
    for row in all {
      let cells = row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell.padding(widths[column])
      }
      // A row whose last cells are empty (a round trip's second row) ends at its last text.
      var line = cells.joined(separator: "  ")
      while line.last == " " { line.removeLast() }
      text += line + "\n"
    }
    put(text)
  }

  /// `text` in lines of at most `width` characters (by default 100, a projector's width),
  /// broken at spaces.
  static func paragraph(_ text: String, width: Int = 100) {
    put(text.wrapped(at: width).map { $0 + "\n" }.joined())
  }

  /// `pairs` as "label  value" lines, the labels padded to one width.
  static func fields(_ pairs: [(String, String)]) {
    let width = pairs.map(\.0.count).max() ?? 0
    put(pairs.map { label, value in "\(label.padding(width))  \(value)\n" }.joined())
  }
}

extension String {
  /// The string with spaces after it up to `width` characters.
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
