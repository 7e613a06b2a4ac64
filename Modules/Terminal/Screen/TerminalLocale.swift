import CNcurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which characters a screen sends its terminal.
public enum CharacterRepertoire: Hashable, Sendable {
  /// Unicode as UTF-8: box drawing, arrows, symbols, and text in any script.
  case unicode
  /// Printable ASCII and the terminal's line drawing (its alternate character set): every cell
  /// is folded by `PlainGlyphs`, column for column, so the layout does not change.
  case plain

  /// The repertoire for a locale whose character set is `codeset` (what `nl_langinfo(CODESET)`
  /// says once the user's locale is adopted) on a terminal of type `termType`.
  ///
  /// Plain when the codeset is not UTF-8 (a C or POSIX locale, `ANSI_X3.4-1968`, or an 8-bit
  /// one such as ISO-8859-9): the terminal would read UTF-8 as stray bytes, draw `�` for a line,
  /// take escape sequences apart and leave old rows on the screen. Plain too on a DEC VT
  /// (`vt100`, `vt220` and every other `vt` followed by a digit) and on the Linux console
  /// (`linux`, `linux-16color`...), whose fonts lack most symbols whatever the locale says.
  /// Unicode otherwise.
  public static func forTerminal(codeset: String, termType: String) -> CharacterRepertoire {
    if !isUTF8(codeset) { return .plain }
    if isDECTerminal(termType) || isLinuxConsole(termType) { return .plain }
    return .unicode
  }

  /// Whether `codeset` names UTF-8 ("UTF-8", "utf8").
  static func isUTF8(_ codeset: String) -> Bool {
    let letters = codeset.uppercased().filter { $0 != "-" && $0 != "_" }
    return letters == "UTF8"
  }

  /// Whether `termType` is a DEC VT: `vt` followed by a digit (`vt100`, `vt220-8bit`, `vt52`).
  static func isDECTerminal(_ termType: String) -> Bool {
    let name = termType.lowercased()
    guard name.hasPrefix("vt"), let digit = name.dropFirst(2).first else { return false }
    return digit.isASCII && digit.isNumber
  }

  /// Whether `termType` is the Linux console (`linux`, or a variant such as `linux-16color`).
  static func isLinuxConsole(_ termType: String) -> Bool {
    let name = termType.lowercased()
    return name == "linux" || name.hasPrefix("linux-")
  }
}

/// The C locale setup ncurses draws in, from the user's locale and the terminal type.
enum TerminalLocale {
  /// Adopts the user's locale and returns the repertoire to draw in on `termType` (`wanted`
  /// when given, else `CharacterRepertoire.forTerminal`), and whether plain lines go through the
  /// terminal's alternate character set. Then it makes ncurses's character type agree:
  /// - Unicode needs a UTF-8 character type: a locale of another codeset (a bare C or POSIX
  ///   locale given `wanted`) takes `C.UTF-8` or the like instead, as ncursesw would otherwise
  ///   draw every character beyond ASCII as an escape.
  /// - Plain on a DEC VT in a UTF-8 locale takes the C character type, so ncurses sends its line
  ///   drawing through the alternate character set and no byte of UTF-8.
  /// - The Linux console ignores the alternate character set while it is in UTF-8 mode, which
  ///   the locale does not tell. In a UTF-8 locale the locale is kept, and ncurses, knowing
  ///   that, draws lines with the console font's own box-drawing characters; in any other
  ///   locale lines are drawn as `+`, `-` and `|`, which read right in either mode.
  static func adopt(termType: String, wanted: CharacterRepertoire?) -> (
    repertoire: CharacterRepertoire, alternateCharacterSet: Bool
  ) {
    setlocale(LC_ALL, "")
    let codeset = String(cString: cnc_codeset())
    let repertoire =
      wanted ?? CharacterRepertoire.forTerminal(codeset: codeset, termType: termType)
    let utf8 = CharacterRepertoire.isUTF8(codeset)
    let linux = CharacterRepertoire.isLinuxConsole(termType)
    switch repertoire {
    case .unicode where !utf8:
      for candidate in ["C.UTF-8", "C.utf8", "UTF-8", "en_US.UTF-8"]
      where setlocale(LC_CTYPE, candidate) != nil {
        break
      }
    case .plain where utf8 && !linux:
      setlocale(LC_CTYPE, "C")
    default:
      break
    }
    return (repertoire, !linux || utf8)
  }
}
