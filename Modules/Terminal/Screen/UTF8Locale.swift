#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C locale setup ncursesw needs to read and write characters beyond ASCII.
enum UTF8Locale {
  /// Adopts the user's locale; when that is the bare C or POSIX locale (no `LANG`, as in many
  /// containers and ssh sessions) takes a UTF-8 character type instead, because a canvas holds
  /// Unicode and ncursesw would otherwise draw every non-ASCII character as an escape.
  static func adopt() {
    setlocale(LC_ALL, "")
    guard let current = setlocale(LC_CTYPE, nil) else { return }
    let name = String(cString: current)
    guard name == "C" || name == "POSIX" else { return }
    for candidate in ["C.UTF-8", "C.utf8", "UTF-8", "en_US.UTF-8"]
    where setlocale(LC_CTYPE, candidate) != nil {
      return
    }
  }
}
