import Airline

/// Folds text for matching what a person types against place names: lower case, accents off,
/// letters such as ß, æ or ı written the way a keyboard without them would ("ss", "ae", "i").
///
/// Foundation's `folding(options:)` needs ICU, which the app does not load; place names need
/// only the Latin letters below (Turkish, German, the Nordic languages, French, Spanish,
/// Portuguese, Polish, Czech, Romanian and more), and combining accents are dropped, so text
/// typed in decomposed form folds the same.
enum TextFolding {
  static func fold(_ text: String) -> String {
    var folded = ""
    folded.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.lowercased().unicodeScalars {
      if (0x0300...0x036F).contains(scalar.value) { continue }  // combining accents
      if let base = bases[scalar] {
        folded.unicodeScalars.append(contentsOf: base.unicodeScalars)
      } else {
        folded.unicodeScalars.append(scalar)
      }
    }
    return folded
  }

  /// Each lower-case letter with an accent (or a ligature), and what it folds to.
  private static let bases: [Unicode.Scalar: String] = {
    let groups: [(String, String)] = [
      ("àáâãäåāăą", "a"), ("æ", "ae"), ("çćĉċč", "c"), ("ďđð", "d"),
      ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"), ("ìíîïĩīĭįı", "i"), ("ĳ", "ij"),
      ("ĵ", "j"), ("ķĸ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉŋ", "n"), ("òóôõöøōŏő", "o"),
      ("œ", "oe"), ("ŕŗř", "r"), ("śŝşšșſ", "s"), ("ß", "ss"), ("ţťŧț", "t"), ("þ", "th"),
      ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z"),
    ]
    var table: [Unicode.Scalar: String] = [:]
    for (letters, base) in groups {
      for scalar in letters.unicodeScalars where scalar.value > 0x7F { table[scalar] = base }
    }
    return table
  }()
}
