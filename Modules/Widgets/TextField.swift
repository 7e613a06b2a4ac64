import Canvas

/// An editable one-line field of a form: the text, the cursor, and what may be typed into it.
///
/// Every way text gets in (typing, `init`, `setText`) passes the same filter, so the text never
/// holds a control, format or unassigned character, nor more than `maxLength` characters.
public struct TextField: Hashable, Sendable {
  /// How the text is shown.
  public enum Mask: Hashable, Sendable {
    /// As typed.
    case none
    /// Every character shown as `•`.
    case secret
    /// Digits in groups of four separated by spaces, all visible.
    case cardNumber
  }

  /// What may be typed.
  public enum Allowed: Hashable, Sendable {
    /// Any printable character.
    case text
    /// The digits 0 to 9.
    case digits
    /// Letters, spaces, `-`, `'`, `’` and `.`: a person's name.
    case letters
    /// The letters A to Z, upper-cased as they are typed: an airport code.
    case airport
    /// The digits 0 to 9 and `-`.
    case date
    /// Any printable character but white space.
    case email
    /// The digits 0 to 9, `+`, space, `-`, `(` and `)`.
    case phone
    /// The digits 0 to 9 and `/`: a card's expiry, `MM/YY`.
    case cardExpiry
  }

  /// The text, unmasked.
  public private(set) var text: String
  /// Where the cursor is, in characters from the start (0 to `text.count`).
  public private(set) var cursor: Int
  /// The most characters the text may hold.
  public let maxLength: Int
  /// How the text is shown.
  public let mask: Mask
  /// What may be typed.
  public let allowed: Allowed
  /// Whether the whole text is selected (a filled field just reached, as a browser selects on
  /// focus): the next character typed replaces it, Backspace or Delete clears it, a cursor key
  /// keeps it and moves the cursor.
  public private(set) var isSelected = false

  /// A field holding `text` (filtered and cut to `maxLength`), the cursor at its end.
  public init(
    _ text: String = "", maxLength: Int = 64, mask: Mask = .none, allowed: Allowed = .text
  ) {
    self.maxLength = max(0, maxLength)
    self.mask = mask
    self.allowed = allowed
    self.text = ""
    cursor = 0
    setText(text)
  }

  /// Replaces the text (filtered and cut to `maxLength`) and puts the cursor at its end.
  public mutating func setText(_ text: String) {
    var accepted = ""
    for character in text {
      guard let typed = admit(character) else { continue }
      let candidate = accepted + String(typed)
      if candidate.count > maxLength { break }
      accepted = candidate
    }
    self.text = accepted
    cursor = accepted.count
    isSelected = false
  }

  /// Selects the whole text, if there is any.
  public mutating func selectAll() {
    isSelected = !text.isEmpty
  }

  /// Leaves the text as it is, unselected.
  public mutating func deselect() {
    isSelected = false
  }

  /// Applies an editing key; returns whether the field used it (even when it changed nothing).
  ///
  /// A paste inserts the characters this field allows, up to `maxLength`, as if typed one by one
  /// (a line break in it is dropped, never Enter). Alt+Backspace deletes the word before the
  /// cursor, as in a shell. Keys it leaves to the form (Tab, Enter, Esc, up, down, other Alt
  /// keys...) return false.
  public mutating func handle(_ key: Key) -> Bool {
    if isSelected {
      isSelected = false
      switch key {
      case .character(let character):
        // A character the field refuses leaves the selection as it was.
        guard admit(character) != nil else {
          isSelected = true
          return true
        }
        replace(0..<text.count)
      case .backspace, .delete:
        replace(0..<text.count)
        return true
      default:
        break
      }
    }
    switch key {
    case .character(let character): insert(character)
    case .paste(let pasted): for character in pasted { insert(character) }
    case .alt(.backspace): replace(wordStart..<cursor)
    case .backspace: if cursor > 0 { replace(cursor - 1..<cursor) }
    case .delete: if cursor < text.count { replace(cursor..<cursor + 1) }
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = text.count
    case .control("u"): replace(0..<cursor)
    case .control("k"): replace(cursor..<text.count)
    default: return false
    }
    return true
  }

  /// Where the word before the cursor starts: spaces right before the cursor, then everything
  /// back to the previous space.
  private var wordStart: Int {
    let before = Array(text.prefix(cursor))
    var start = before.count
    while start > 0, before[start - 1].isWhitespace { start -= 1 }
    while start > 0, !before[start - 1].isWhitespace { start -= 1 }
    return start
  }

  /// Inserts `character` at the cursor when it is allowed and fits; otherwise changes nothing.
  private mutating func insert(_ character: Character) {
    guard let typed = admit(character) else { return }
    let before = String(text.prefix(cursor)) + String(typed)
    let after = text.dropFirst(cursor)
    let candidate = before + after
    guard candidate.count <= maxLength else { return }
    text = candidate
    // Counted on the result: a character can join its neighbour into one (two flag letters).
    cursor = min(before.count, candidate.count)
  }

  /// Removes the characters at `offsets` and leaves the cursor where they began.
  private mutating func replace(_ offsets: Range<Int>) {
    let before = String(text.prefix(offsets.lowerBound))
    text = before + text.dropFirst(offsets.upperBound)
    cursor = min(before.count, text.count)
  }

  /// The character as it is stored, or nil when this field refuses it.
  private func admit(_ character: Character) -> Character? {
    guard Self.isPrintable(character) else { return nil }
    switch allowed {
    case .text: return character
    case .digits: return Self.isDigit(character) ? character : nil
    case .letters:
      return character.isLetter || " -'’.".contains(character) ? character : nil
    case .airport:
      guard let ascii = character.asciiValue, Self.isASCIILetter(ascii) else { return nil }
      return Character(Unicode.Scalar(ascii & ~0x20))
    case .date: return Self.isDigit(character) || character == "-" ? character : nil
    case .email: return character.isWhitespace ? nil : character
    case .phone: return Self.isDigit(character) || "+ -()".contains(character) ? character : nil
    case .cardExpiry: return Self.isDigit(character) || character == "/" ? character : nil
    }
  }

  private static func isDigit(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii)
  }

  private static func isASCIILetter(_ ascii: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii)
  }

  /// Whether `character` takes columns and holds nothing that could upset a terminal or hide
  /// text: control, format (bidi marks, joiners), surrogate, private-use, unassigned, separators.
  private static func isPrintable(_ character: Character) -> Bool {
    guard DisplayWidth.of(character) > 0, let first = character.unicodeScalars.first else {
      return false
    }
    // A character that starts with a mark or an emoji modifier would join the cell before it.
    switch first.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return false
    default: if first.properties.isEmojiModifier { return false }
    }
    // One that ends with a prepended letter (a repha, U+11D46) would join the cell after it.
    if (String(character) + " ").count == 1 { return false }
    return character.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
        .paragraphSeparator:
        false
      default: true
      }
    }
  }
}
