/// Random text made to upset a terminal or a parser: controls, NUL, bidi overrides, joiners,
/// combining marks, emoji sequences, wide and astral characters, separators, tags, private use.
enum HostileText {
  /// Scalars, grouped by what they do to text.
  static let families: [[UInt32]] = [
    Array(0x41...0x5A) + Array(0x61...0x7A) + Array(0x30...0x39) + [0x20, 0x2D, 0x27, 0x2E, 0x40],
    Array(0x00...0x1F) + [0x7F],  // C0 controls, NUL, DEL
    Array(0x80...0x9F) + [0x85],  // C1 controls
    Array(0x300...0x36F),  // combining marks
    [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD],  // zero-width, joiners, BOM, soft hyphen
    [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069],
    [0x2028, 0x2029],  // line and paragraph separators
    Array(0x4E00...0x4E40) + Array(0xAC00...0xAC20) + [0x1100, 0x1161, 0x11A8],  // CJK, Hangul
    Array(0x1F600...0x1F64F) + [0x1F3FB, 0x1F3FF, 0xFE0F, 0xFE0E, 0x20E3],  // emoji, modifiers
    Array(0x1F1E6...0x1F1FF),  // regional indicators (flags)
    Array(0x0627...0x063A) + Array(0x05D0...0x05EA) + [0x0600, 0x0601, 0x061C],  // Arabic, Hebrew
    Array(0x0915...0x0939) + [0x094D, 0x093F],  // Devanagari and virama
    Array(0xE0001...0xE007F) + [0xE000, 0xF8FF, 0xFFFF, 0xFFFE, 0x0378, 0x10FFFF],  // tags, PUA
    [0xE9, 0xF6, 0xFC, 0xDF, 0x131, 0x130, 0x2019],  // accented letters, dotless i, ’
  ]

  /// A string of up to `maxScalars` scalars, drawn family by family.
  static func string(maxScalars: Int, using random: inout SeededRandom) -> String {
    var text = ""
    for _ in 0..<random.int(0...maxScalars) {
      let family = random.pick(families)
      if let scalar = Unicode.Scalar(random.pick(family)) { text.unicodeScalars.append(scalar) }
    }
    if random.chance(0.1) { text += random.pick(["\r\n", "👩‍👩‍👧", "🇹🇷", "é", "👍🏽", "1️⃣"]) }
    return text
  }

  /// Whether `text` holds a scalar a text field must never keep: control, format (bidi, joiners),
  /// separators, surrogates, private use or unassigned.
  static func unclean(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
        .unassigned:
        true
      default:
        false
      }
    }
  }

  /// Non-empty and one line: no control character and no line or paragraph separator.
  static func isOneLine(_ text: String) -> Bool {
    !text.isEmpty
      && !text.unicodeScalars.contains { scalar in
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
      }
  }

  /// `text` with scalars escaped, for failure messages.
  static func escaped(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      (0x20...0x7E).contains(scalar.value)
        ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }.joined()
  }
}
