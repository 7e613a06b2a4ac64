import Foundation

/// A way to break a record file, applied to its real bytes with a seeded generator.
enum Mutation: String, CaseIterable, Sendable {
  case truncated
  case flippedBytes
  case empty
  case randomJSON
  case wrongType
  case hugeNumber
  case deepNesting
  case deepNestingInData
  case tenMegabytes
  case invalidUTF8
  case nulBytes
  case otherSchema
  case otherKind
  case trailingGarbage

  /// `original` broken this way.
  func apply(to original: [UInt8], using random: inout SeededRandom) -> [UInt8] {
    switch self {
    case .truncated:
      return Array(original.prefix(random.int(0...max(0, original.count - 1))))
    case .flippedBytes:
      var bytes = original
      for _ in 0..<random.int(1...8) {
        let index = random.int(0...(bytes.count - 1))
        bytes[index] ^= UInt8(random.int(1...255))
      }
      return bytes
    case .empty:
      return []
    case .randomJSON:
      var text = JSONText.random(depth: 4, using: &random)
      if random.chance(0.5) {
        // An envelope around random data gets past the header to the payload's decoder.
        let kind = JSONText.string(in: original, key: "kind") ?? "offers"
        text = #"{"schema": 1, "kind": "\#(kind)", "data": \#(text)}"#
      }
      return Array(text.utf8)
    case .wrongType:
      return JSONText.replacingValue(in: original, using: &random) { value, random in
        JSONText.otherType(than: value, using: &random)
      }
    case .hugeNumber:
      let huge = random.pick([
        "1e400", "-1e400", "99999999999999999999999999999999", "1.7976931348623157e309",
        "-9223372036854775809", "18446744073709551616", "1e-400",
        "123456789012345678901234567890.5",
      ])
      let numbers = JSONText.numberRanges(in: original)
      guard !numbers.isEmpty else { return Array(huge.utf8) }
      let range = random.pick(numbers)
      return Array(original[..<range.lowerBound]) + Array(huge.utf8)
        + Array(original[range.upperBound...])
    case .deepNesting:
      let depth = random.pick([1_000, 10_000, 100_000])
      return Array(repeating: UInt8(ascii: "["), count: depth)
        + Array(repeating: UInt8(ascii: "]"), count: depth)
    case .deepNestingInData:
      let kind = JSONText.string(in: original, key: "kind") ?? "offers"
      let depth = random.pick([1_000, 100_000])
      let open = String(repeating: random.chance(0.5) ? "[" : "{\"a\":", count: depth)
      let close = String(repeating: open.hasPrefix("[") ? "]" : "}", count: depth)
      return Array(#"{"schema": 1, "kind": "\#(kind)", "data": \#(open)1\#(close)}"#.utf8)
    case .tenMegabytes:
      // Valid JSON, and a valid envelope when the padding is not read: only the size is wrong.
      var bytes = [UInt8](repeating: UInt8(ascii: " "), count: 10 * 1024 * 1024)
      bytes.append(contentsOf: original)
      return bytes
    case .invalidUTF8:
      var bytes = original
      let invalid: [[UInt8]] = [
        [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
        [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
      ]
      let strings = JSONText.stringContentOffsets(in: original)
      for _ in 0..<random.int(1...3) {
        let at = strings.isEmpty ? random.int(0...bytes.count) : random.pick(strings)
        bytes.insert(contentsOf: random.pick(invalid), at: min(at, bytes.count))
      }
      return bytes
    case .nulBytes:
      var bytes = original
      for _ in 0..<random.int(1...4) { bytes.insert(0, at: random.int(0...bytes.count)) }
      return bytes
    case .otherSchema:
      let schema = random.pick(["0", "-1", "2", "99", "\"1\"", "1.5", "null", "true"])
      return JSONText.replacingKey("schema", in: original, with: schema)
    case .otherKind:
      let kind = random.pick([
        "\"quotes\"", "\"offers\"", "\"\"", "\"../session\"", "1", "null", "\"OFFERS\"",
      ])
      return JSONText.replacingKey("kind", in: original, with: kind)
    case .trailingGarbage:
      let tail = random.pick(["}", "garbage", "{}", "\u{0}", ",", "\n\n{\"schema\":1}"])
      return original + Array(tail.utf8)
    }
  }
}

/// Byte-level JSON surgery that keeps everything but the part it breaks.
enum JSONText {
  /// A random JSON value, at most `depth` deep.
  static func random(depth: Int, using random: inout SeededRandom) -> String {
    let roll = random.int(0...(depth > 0 ? 7 : 4))
    switch roll {
    case 0: return "null"
    case 1: return random.chance(0.5) ? "true" : "false"
    case 2: return String(random.int(-1_000_000...1_000_000))
    case 3: return random.pick(["0.5", "-0", "1e3", "3.14159", "1E-7"])
    case 4: return quote(randomString(using: &random))
    case 5, 6:
      let fields = (0..<random.int(0...4)).map { _ in
        let key = random.pick([
          "id", "schema", "kind", "data", "amount", "currency", "expiresAt", "passengers",
          randomString(using: &random),
        ])
        return quote(key) + ": " + Self.random(depth: depth - 1, using: &random)
      }
      return "{" + fields.joined(separator: ", ") + "}"
    default:
      let items = (0..<random.int(0...4)).map { _ in
        Self.random(depth: depth - 1, using: &random)
      }
      return "[" + items.joined(separator: ", ") + "]"
    }
  }

  private static func randomString(using random: inout SeededRandom) -> String {
    let alphabet = Array("abcXYZ019 -_:.é漢🙂\u{200F}\u{301}")
    return String((0..<random.int(0...12)).map { _ in random.pick(alphabet) })
  }

  /// `text` as a JSON string literal.
  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if scalar.value < 0x20 {
          out += String(format: "\\u%04X", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// The string value of the first `"key": "..."` in `bytes`.
  static func string(in bytes: [UInt8], key: String) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let range = text.range(of: "\"\(key)\" : \"") ?? text.range(of: "\"\(key)\": \"")
    else { return nil }
    let rest = text[range.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// `bytes` with the value of the first `"key"` replaced by `replacement` (raw JSON).
  static func replacingKey(_ key: String, in bytes: [UInt8], with replacement: String) -> [UInt8] {
    for value in values(in: bytes) where value.key == key {
      return Array(bytes[..<value.range.lowerBound]) + Array(replacement.utf8)
        + Array(bytes[value.range.upperBound...])
    }
    return Array(replacement.utf8)
  }

  /// `bytes` with one random scalar value (after a key or in an array) replaced by
  /// `transform(value)`.
  static func replacingValue(
    in bytes: [UInt8], using random: inout SeededRandom,
    _ transform: (String, inout SeededRandom) -> String
  ) -> [UInt8] {
    let found = values(in: bytes)
    guard !found.isEmpty else { return Array(transform("null", &random).utf8) }
    let value = random.pick(found)
    let old = String(decoding: bytes[value.range], as: UTF8.self)
    return Array(bytes[..<value.range.lowerBound]) + Array(transform(old, &random).utf8)
      + Array(bytes[value.range.upperBound...])
  }

  /// A JSON value of another type than `value`.
  static func otherType(than value: String, using random: inout SeededRandom) -> String {
    let options: [String]
    switch value.first {
    case "\"": options = ["42", "true", "null", "[]", "{}", "[\(value)]"]
    case "t", "f": options = ["\"true\"", "1", "null", "[]"]
    case "n": options = ["\"\"", "0", "{}", "[]"]
    default: options = ["\"\(value)\"", "true", "null", "[\(value)]", "{}"]
    }
    return random.pick(options)
  }

  /// Ranges of number tokens outside strings.
  static func numberRanges(in bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
        index += 1
        continue
      }
      if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        let start = index
        while index < bytes.count, "0123456789+-.eE".utf8.contains(bytes[index]) { index += 1 }
        ranges.append(start..<index)
        continue
      }
      index += 1
    }
    return ranges
  }

  /// Offsets just inside the opening quote of every string.
  static func stringContentOffsets(in bytes: [UInt8]) -> [Int] {
    var offsets: [Int] = []
    var inString = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if inString, byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString.toggle()
        if inString { offsets.append(index + 1) }
      }
      index += 1
    }
    return offsets
  }

  /// Scalar values (strings, numbers, true, false, null) with the key they follow ("" in arrays).
  static func values(in bytes: [UInt8]) -> [(key: String, range: Range<Int>)] {
    var found: [(key: String, range: Range<Int>)] = []
    var index = 0
    var lastString = ""
    var afterColon = false
    var inArray: [Bool] = []
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index = min(index + 1, bytes.count)
        let text = String(decoding: bytes[(start + 1)..<max(start + 1, index - 1)], as: UTF8.self)
        if afterColon || inArray.last == true {
          found.append((afterColon ? lastString : "", start..<index))
          afterColon = false
        } else {
          lastString = text
        }
        continue
      case UInt8(ascii: ":"):
        afterColon = true
      case UInt8(ascii: "{"):
        inArray.append(false)
        afterColon = false
      case UInt8(ascii: "["):
        inArray.append(true)
        afterColon = false
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = inArray.popLast()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"),
        UInt8(ascii: "f"), UInt8(ascii: "n"):
        let start = index
        while index < bytes.count, !",}] \n\r\t".utf8.contains(bytes[index]) { index += 1 }
        if afterColon || inArray.last == true {
          found.append((afterColon ? lastString : "", start..<index))
        }
        afterColon = false
        continue
      default:
        break
      }
      index += 1
    }
    return found
  }
}
