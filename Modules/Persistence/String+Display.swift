extension String {
  /// Longest part of an untrusted string echoed back in a message.
  private static let displayLimit = 64

  /// The string in single quotes with control, quote and non-ASCII characters escaped and long
  /// values shortened, so a hostile ID cannot break or flood the one-line message.
  var quotedForDisplay: String {
    var shown = ""
    var count = 0
    for scalar in unicodeScalars {
      if count == Self.displayLimit {
        shown += "..."
        break
      }
      shown += Self.escape(scalar)
      count += 1
    }
    return "'\(shown)'"
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\0": return "\\0"
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    case "\\": return "\\\\"
    case "'": return "\\'"
    default:
      if (0x20...0x7E).contains(scalar.value) { return String(scalar) }
      return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
  }
}
