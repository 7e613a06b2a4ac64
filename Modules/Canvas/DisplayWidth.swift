/// How many terminal columns text takes: East Asian wide characters and most emoji take 2,
/// combining marks and other zero-width characters take 0, everything else 1.
public enum DisplayWidth {
  /// The columns `character` (a grapheme cluster) takes: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    var width = of(first)
    while let scalar = scalars.next() {
      // An emoji variation selector makes the cluster an emoji, two columns wide.
      if scalar.value == 0xFE0F, width == 1 { width = 2 }
      // A cluster whose first scalar is zero-width takes the width of its first visible scalar.
      if width == 0 { width = of(scalar) }
    }
    return width
  }

  /// The columns `scalar` takes on its own.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    // Dashes, bullets, arrows, box drawing and blocks: common in every frame, all one column.
    if (0x2010...0x2027).contains(value) || (0x2190...0x21FF).contains(value)
      || (0x2500...0x25A0).contains(value)
    {
      return 1
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control, .surrogate, .lineSeparator,
      .paragraphSeparator:
      return 0
    default: break
    }
    if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// The columns `text` takes.
  public static func of(_ text: String) -> Int {
    if let ascii = asciiWidth(text) { return ascii }
    var text = text
    if let simple = text.withUTF8(simpleRun) { return simple.columns }
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// The columns `text` takes.
  public static func of(_ text: some StringProtocol) -> Int {
    of(String(text))
  }

  /// The width of printable ASCII text (one column a byte), or nil for anything else.
  private static func asciiWidth(_ text: String) -> Int? {
    let counted = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
      return bytes.count
    }
    if let counted { return counted }
    var count = 0
    for byte in text.utf8 {
      guard byte >= 0x20, byte < 0x7F else { return nil }
      count += 1
    }
    return count
  }

  /// The width of UTF-8 whose every scalar is one column and never joins a neighbour (see
  /// `simpleScalar`), one column a scalar without grapheme breaking, and whether it is all
  /// ASCII; nil for any other text.
  static func simpleRun(_ bytes: UnsafeBufferPointer<UInt8>) -> (columns: Int, ascii: Bool)? {
    var count = 0
    var ascii = true
    var index = 0
    while index < bytes.count {
      guard let (scalar, length) = simpleScalar(bytes, at: index) else { return nil }
      if scalar >= 0x80 { ascii = false }
      index += length
      count += 1
    }
    return (count, ascii)
  }

  /// The scalar at `index` of valid UTF-8 and its length in bytes, when it is one a terminal
  /// shows in one column and that never joins a neighbour (what `Canvas.put` draws without
  /// grapheme breaking); nil for any other.
  static func simpleScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> (UInt32, Int)?
  {
    let lead = bytes[index]
    if lead < 0x80 { return lead >= 0x20 && lead < 0x7F ? (UInt32(lead), 1) : nil }
    if lead >= 0xC2, lead <= 0xDF, index + 1 < bytes.count {
      let scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
      // Latin-1 and Latin Extended, before the combining marks; not the soft hyphen.
      return scalar >= 0xA0 && scalar < 0x300 && scalar != 0xAD ? (scalar, 2) : nil
    }
    if lead == 0xE2, index + 2 < bytes.count {
      let scalar =
        UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
        | UInt32(bytes[index + 2] & 0x3F)
      // Dashes and bullets, currency signs, arrows, box drawing and blocks.
      switch scalar {
      case 0x2010...0x2027, 0x20A0...0x20C0, 0x2190...0x21FF, 0x2500...0x25A0: return (scalar, 3)
      default: return nil
      }
    }
    return nil
  }

  /// The longest prefix of `text` that fits in `columns`, never splitting a character.
  public static func prefix(_ text: String, fitting columns: Int) -> String {
    if let ascii = asciiWidth(text) {
      return ascii <= columns ? text : String(text.utf8.prefix(max(0, columns))) ?? ""
    }
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let width = of(text[index])
      if used + width > columns { break }
      used += width
      end = text.index(after: index)
    }
    return String(text[..<end])
  }

  /// `text` cut to `columns` with an ellipsis when it does not fit.
  public static func truncate(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    if of(text) <= columns { return text }
    return prefix(text, fitting: columns - 1) + "…"
  }

  /// `text` cut to `columns` at the end of a word, with `…` (mid-word only when the first word
  /// alone is too long): a cut line reads as cut, never as "countdo".
  public static func truncateAtWord(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    if of(text) <= columns { return text }
    let room = prefix(text, fitting: columns - 1)
    guard let space = room.lastIndex(of: " ") else { return room + "…" }
    var words = String(room[..<space])
    while words.last == " " || words.last == "," || words.last == ";" { words.removeLast() }
    return words.isEmpty ? room + "…" : words + "…"
  }

  /// `text` padded with spaces (or cut) to exactly `columns`.
  public static func pad(_ text: String, to columns: Int, alignRight: Bool = false) -> String {
    let cut = truncate(text, to: columns)
    let gap = String(repeating: " ", count: max(0, columns - of(cut)))
    return alignRight ? gap + cut : cut + gap
  }

  /// East Asian Wide and Fullwidth ranges (Unicode 15).
  private static func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default: false
    }
  }
}
