#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds the first syntax error in JSON text, as a person would say it: what was wrong, and the
/// line and column where it was found.
///
/// `JSONDecoder` only says "not valid JSON"; a corrupt record's report should say where. This
/// runs only on files that already failed to decode, so it favours plain code over speed.
enum JSONSyntax {
  /// The deepest nesting read before the text is called too deep (the decoder's own limit).
  static let maxDepth = 512

  /// nil when `data` is one valid JSON value (surrounded by whitespace at most).
  static func problem(in data: Data) -> String? {
    var reader = Reader(bytes: Array(data))
    do throws(Problem) {
      reader.skipSpace()
      try reader.value(depth: 0)
      reader.skipSpace()
      if let byte = reader.peek { throw reader.unexpected(byte) }
      return nil
    } catch {
      return error.message
    }
  }

  struct Problem: Error {
    let message: String
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    var place: String { "line \(line), column \(index - lineStart + 1)" }

    func unexpected(_ byte: UInt8) -> Problem {
      let shown =
        (0x21...0x7E).contains(byte)
        ? "'\(Character(Unicode.Scalar(byte)))'"
        : "byte 0x\(String(byte, radix: 16, uppercase: true))"
      return Problem(message: "unexpected \(shown) at \(place)")
    }

    var endOfFile: Problem { Problem(message: "unexpected end of file at \(place)") }

    mutating func advance() {
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }

    mutating func skipSpace() {
      while let byte = peek, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { advance() }
    }

    mutating func expect(_ ascii: Unicode.Scalar) throws(Problem) {
      guard let byte = peek else { throw endOfFile }
      guard byte == UInt8(ascii: ascii) else { throw unexpected(byte) }
      advance()
    }

    mutating func value(depth: Int) throws(Problem) {
      guard let byte = peek else { throw endOfFile }
      switch byte {
      case UInt8(ascii: "{"): try object(depth: depth + 1)
      case UInt8(ascii: "["): try array(depth: depth + 1)
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try word("true")
      case UInt8(ascii: "f"): try word("false")
      case UInt8(ascii: "n"): try word("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      default: throw unexpected(byte)
      }
    }

    mutating func nest(_ depth: Int) throws(Problem) {
      guard depth <= JSONSyntax.maxDepth else {
        throw Problem(message: "nested deeper than \(JSONSyntax.maxDepth) levels at \(place)")
      }
    }

    mutating func object(depth: Int) throws(Problem) {
      try nest(depth)
      advance()
      skipSpace()
      if peek == UInt8(ascii: "}") {
        advance()
        return
      }
      while true {
        skipSpace()
        guard let byte = peek else { throw endOfFile }
        guard byte == UInt8(ascii: "\"") else { throw unexpected(byte) }
        try string()
        skipSpace()
        try expect(":")
        skipSpace()
        try value(depth: depth)
        skipSpace()
        guard let next = peek else { throw endOfFile }
        advance()
        if next == UInt8(ascii: "}") { return }
        guard next == UInt8(ascii: ",") else {
          index -= 1
          throw unexpected(next)
        }
      }
    }

    mutating func array(depth: Int) throws(Problem) {
      try nest(depth)
      advance()
      skipSpace()
      if peek == UInt8(ascii: "]") {
        advance()
        return
      }
      while true {
        skipSpace()
        try value(depth: depth)
        skipSpace()
        guard let next = peek else { throw endOfFile }
        advance()
        if next == UInt8(ascii: "]") { return }
        guard next == UInt8(ascii: ",") else {
          index -= 1
          throw unexpected(next)
        }
      }
    }

    mutating func string() throws(Problem) {
      advance()
      var scalars: [UInt8] = []
      while true {
        guard let byte = peek else { throw endOfFile }
        switch byte {
        case UInt8(ascii: "\""):
          advance()
          guard String(validating: scalars, as: UTF8.self) != nil else {
            throw Problem(message: "a string that is not UTF-8 ends at \(place)")
          }
          return
        case UInt8(ascii: "\\"):
          advance()
          guard let escaped = peek else { throw endOfFile }
          if escaped == UInt8(ascii: "u") {
            advance()
            for _ in 0..<4 {
              guard let hex = peek else { throw endOfFile }
              guard Character(Unicode.Scalar(hex)).isHexDigit else { throw unexpected(hex) }
              advance()
            }
          } else {
            guard Array("\"\\/bfnrt".utf8).contains(escaped) else { throw unexpected(escaped) }
            advance()
          }
        case 0x00..<0x20:
          throw Problem(message: "a control character inside a string at \(place)")
        default:
          scalars.append(byte)
          advance()
        }
      }
    }

    mutating func word(_ text: String) throws(Problem) {
      for ascii in text.unicodeScalars { try expect(ascii) }
    }

    mutating func number() throws(Problem) {
      if peek == UInt8(ascii: "-") { advance() }
      try digits()
      if peek == UInt8(ascii: ".") {
        advance()
        try digits()
      }
      if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
        advance()
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
        try digits()
      }
    }

    mutating func digits() throws(Problem) {
      guard let first = peek else { throw endOfFile }
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw unexpected(first) }
      while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { advance() }
    }
  }
}
