/// A line-drawing character of the terminal's alternate character set (the VT100's special
/// graphics, which ncurses reaches through terminfo's `acsc` and replaces with `+`, `-` or `|`
/// on a terminal without it).
public enum LineDrawing: UInt8, CaseIterable, Hashable, Sendable {
  case horizontal, vertical
  case topLeft, topRight, bottomLeft, bottomRight
  /// `├`, `┤`, `┬`, `┴`.
  case teeRight, teeLeft, teeDown, teeUp
  case cross

  /// The letter that names it in the alternate character set (`q` is the horizontal line).
  public var acsLetter: UInt8 {
    switch self {
    case .horizontal: 0x71  // q
    case .vertical: 0x78  // x
    case .topLeft: 0x6C  // l
    case .topRight: 0x6B  // k
    case .bottomLeft: 0x6D  // m
    case .bottomRight: 0x6A  // j
    case .teeRight: 0x74  // t
    case .teeLeft: 0x75  // u
    case .teeDown: 0x77  // w
    case .teeUp: 0x76  // v
    case .cross: 0x6E  // n
    }
  }

  /// The ASCII character that stands for it, as ncurses's own fallback draws it.
  public var ascii: UInt8 {
    switch self {
    case .horizontal: 0x2D  // -
    case .vertical: 0x7C  // |
    default: 0x2B  // +
    }
  }
}

/// What one column of a cell is drawn with on a terminal that shows ASCII alone.
public enum PlainGlyph: Hashable, Sendable {
  /// A printable ASCII character.
  case ascii(UInt8)
  /// A character of the alternate character set.
  case line(LineDrawing)

  /// The ASCII character for the column: the character itself, or the line's stand-in.
  public var asciiByte: UInt8 {
    switch self {
    case .ascii(let byte): byte
    case .line(let line): line.ascii
    }
  }
}

/// Cells and text folded to what a terminal that shows ASCII alone can draw (a C or POSIX
/// locale, a VT100 or VT220, the Linux console): box drawing becomes line drawing, every other
/// symbol an ASCII character that reads the same way (`→` `>`, `…` `.`, `•` `*`, `█` `#`), and a
/// letter with accents its base letter (`ç` `c`, `ğ` `g`, `ı` `i`, `İ` `I`, `é` `e`). Anything
/// else is `?`.
///
/// Every cell keeps its width, so a screen keeps its layout: a one-column character becomes one
/// ASCII character, a wide one two. Folding is pure: the same cell always folds the same way.
public enum PlainGlyphs {
  /// The glyphs `cell` is drawn with: one for a one-column cell, two for a wide character, none
  /// for a continuation cell (its wide character's second glyph covers it).
  public static func glyphs(of cell: Cell) -> (first: PlainGlyph, second: PlainGlyph?)? {
    if cell.isContinuation { return nil }
    if let scalar = cell.onlyScalar, scalar.value >= 0x20, scalar.value < 0x7F {
      return (.ascii(UInt8(scalar.value)), cell.width == 2 ? .ascii(0x20) : nil)
    }
    let folded = glyph(ofCluster: cell)
    guard cell.width == 2 else { return (folded ?? .ascii(question), nil) }
    // A wide character known as a symbol or a letter keeps it and a space; any other is `??`.
    if let folded { return (folded, .ascii(0x20)) }
    return (.ascii(question), .ascii(question))
  }

  /// `canvas` with every cell in printable ASCII: line drawing as `+`, `-` and `|`, a wide
  /// character as two one-column cells. Styles are kept. What a test compares to see the screen
  /// a terminal that shows ASCII alone draws.
  public static func ascii(_ canvas: Canvas) -> Canvas {
    var plain = canvas
    for y in 0..<canvas.height {
      for x in 0..<canvas.width {
        guard let cell = canvas[x, y], let (first, second) = glyphs(of: cell) else { continue }
        plain.put(String(Unicode.Scalar(first.asciiByte)), x: x, y: y, style: cell.style)
        if let second, let next = canvas[x + 1, y] {
          plain.put(String(Unicode.Scalar(second.asciiByte)), x: x + 1, y: y, style: next.style)
        }
      }
    }
    return plain
  }

  /// `text` folded to printable ASCII, column for column (control characters are dropped).
  public static func ascii(_ text: String) -> String {
    var folded = ""
    for character in text {
      let width = DisplayWidth.of(character)
      guard width > 0 else { continue }
      let cell = Cell(grapheme: String(character), width: UInt8(width), style: .plain)
      guard let (first, second) = glyphs(of: cell) else { continue }
      folded.unicodeScalars.append(Unicode.Scalar(first.asciiByte))
      if let second { folded.unicodeScalars.append(Unicode.Scalar(second.asciiByte)) }
    }
    return folded
  }

  private static let question: UInt8 = 0x3F

  /// The glyph for a cluster that is not plain ASCII, from its first scalar: combining marks
  /// that follow it are dropped, as are those canonical decomposition takes off a precomposed
  /// letter. Nil when nothing stands for it.
  private static func glyph(ofCluster cell: Cell) -> PlainGlyph? {
    var first: Unicode.Scalar?
    cell.forEachScalar { scalar in
      first = scalar
      return false
    }
    guard let first else { return .ascii(0x20) }
    if first.value >= 0x20, first.value < 0x7F { return .ascii(UInt8(first.value)) }
    if let line = line(first) { return .line(line) }
    if let symbol = symbol(first) { return .ascii(symbol) }
    if let letter = letter(first) { return .ascii(letter) }
    return nil
  }

  /// The line drawing for a box-drawing character: light, heavy, double, dashed and rounded
  /// lines all take the one line drawing of their shape.
  static func line(_ scalar: Unicode.Scalar) -> LineDrawing? {
    switch scalar.value {
    case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576,
      0x2578, 0x257A, 0x257C, 0x257E:
      .horizontal
    case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577,
      0x2579, 0x257B, 0x257D, 0x257F:
      .vertical
    case 0x250C...0x250F, 0x2552...0x2554, 0x256D: .topLeft
    case 0x2510...0x2513, 0x2555...0x2557, 0x256E: .topRight
    case 0x2514...0x2517, 0x2558...0x255A, 0x2570: .bottomLeft
    case 0x2518...0x251B, 0x255B...0x255D, 0x256F: .bottomRight
    case 0x251C...0x2523, 0x255E...0x2560: .teeRight
    case 0x2524...0x252B, 0x2561...0x2563: .teeLeft
    case 0x252C...0x2533, 0x2564...0x2566: .teeDown
    case 0x2534...0x253B, 0x2567...0x2569: .teeUp
    case 0x253C...0x254B, 0x256A...0x256C: .cross
    default: nil
    }
  }

  /// The ASCII character that reads as the symbol `scalar` does, when there is one.
  static func symbol(_ scalar: Unicode.Scalar) -> UInt8? {
    let ascii: Unicode.Scalar? =
      switch scalar.value {
      // Spaces, dots and dashes.
      case 0x00A0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: " "
      case 0x00B7, 0x2024, 0x2026, 0x2027, 0x2219, 0x22C5: "."
      case 0x00AD, 0x2010...0x2015, 0x2212, 0x2043: "-"
      case 0x2022, 0x2023, 0x25E6: "*"
      // Quotes.
      case 0x2018...0x201B, 0x2032, 0x00B4: "'"
      case 0x201C...0x201F, 0x2033: "\""
      case 0x00AB, 0x2039: "<"
      case 0x00BB, 0x203A: ">"
      // Signs.
      case 0x00D7, 0x2715, 0x2716, 0x2717, 0x2718: "x"
      case 0x00B1: "+"
      case 0x00F7: "/"
      case 0x00B0: "o"
      case 0x2713, 0x2714: "v"
      case 0x26A0: "!"
      case 0x2708: "*"  // the aeroplane
      // Arrows.
      case 0x2190, 0x21D0, 0x21A9, 0x21B5, 0x2B05: "<"
      case 0x2192, 0x21D2, 0x21AA, 0x27A1, 0x2794: ">"
      case 0x2191, 0x21D1, 0x2B06: "^"
      case 0x2193, 0x21D3, 0x2B07: "v"
      case 0x2194, 0x21C4, 0x21C6, 0x21D4: "="
      case 0x2195, 0x21C5, 0x21D5: "|"
      // Blocks, from the lowest eighth to the full block, and shades.
      case 0x2581, 0x2582: "_"
      case 0x2583, 0x2584: "-"
      case 0x2585, 0x2586: "="
      case 0x2587, 0x2588...0x258F, 0x2590, 0x2593, 0x2580, 0x2594, 0x2595: "#"
      case 0x2591: "."
      case 0x2592: ":"
      case 0x2571: "/"
      case 0x2572: "\\"
      case 0x2573: "X"
      // Shapes.
      case 0x25A0...0x25A3, 0x25AA, 0x25AB, 0x25AC...0x25AF: "#"
      case 0x25B2...0x25B5: "^"
      case 0x25B6...0x25BB: ">"
      case 0x25BC...0x25BF: "v"
      case 0x25C0...0x25C5: "<"
      case 0x25C6...0x25C8: "*"
      case 0x25CB, 0x25CF, 0x25C9, 0x25CE: "o"
      // The spinner's braille frames, as a turning bar.
      case 0x280B, 0x283C, 0x2807: "-"
      case 0x2819, 0x2834, 0x280F: "\\"
      case 0x2839, 0x2826: "|"
      case 0x2838, 0x2827: "/"
      default: nil
      }
    return ascii.map { UInt8($0.value) }
  }

  /// The ASCII base letter of a Latin letter: what is left of a precomposed letter (`ç`, `ğ`,
  /// `İ`, `é`, `ő`) once canonical decomposition has taken its marks off, and the nearest
  /// letter for those that have no decomposition (`ı` `i`, `ø` `o`, `ł` `l`, `ß` `s`, `æ` `a`).
  /// The standard library has no public normalization, and the app loads no ICU: the base is
  /// read from the scalar's Unicode name ("LATIN SMALL LETTER C WITH CEDILLA").
  static func letter(_ scalar: Unicode.Scalar) -> UInt8? {
    let nearest: Unicode.Scalar? =
      switch scalar {
      case "ı", "ĳ": "i"
      case "Ĳ": "I"
      case "ß", "ſ": "s"
      case "æ": "a"
      case "Æ": "A"
      case "œ": "o"
      case "Œ": "O"
      case "ð": "d"
      case "Ð": "D"
      case "þ": "t"
      case "Þ": "T"
      case "ŋ", "ŉ": "n"
      case "Ŋ": "N"
      case "ĸ": "k"
      default: nil
      }
    if let nearest { return UInt8(nearest.value) }
    guard scalar.properties.isAlphabetic, let name = scalar.properties.name else { return nil }
    let small = "LATIN SMALL LETTER "
    let capital = "LATIN CAPITAL LETTER "
    let rest: Substring
    if name.hasPrefix(small) {
      rest = name.dropFirst(small.count)
    } else if name.hasPrefix(capital) {
      rest = name.dropFirst(capital.count)
    } else {
      return nil
    }
    // One letter, then nothing or " WITH" and its marks: "C WITH CEDILLA", "I WITH DOT ABOVE".
    guard let base = rest.first, let value = base.asciiValue, base.isUppercase,
      rest.count == 1 || rest.dropFirst().hasPrefix(" WITH ")
    else { return nil }
    return name.hasPrefix(small) ? value + 0x20 : value
  }
}
