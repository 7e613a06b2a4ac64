/// Something the report names with a one-line summary, written once in each language.
///
/// Checks, flow versions and scenarios carry their own summaries, next to their definitions, so a
/// new one cannot be added without its Turkish line.
public protocol Summarised {
  /// What it is or does, in one line of English.
  var summary: String { get }
  /// The same line in Turkish.
  var turkishSummary: String { get }
}

extension Summarised {
  /// The summary in `language`.
  public func summary(_ language: Language) -> String {
    language == .tr ? turkishSummary : summary
  }
}

/// The report's fixed words in one language; the summaries come from `Summarised`.
struct Words {
  let title: String
  let check: String
  let totals: String
  let separatedBy: String
  let noCheckSeparates: String
  let none: String
  let legend: String
  let faultsHeading: String
  let checksHeading: String
  let correct: String
  let faulty: String
  let passes: String
  let fails: String
  let reads: String
  let verdict: String
  let path: String
  let screens: String
  let seats: String
  let snapshot: String
  let scenario: String
  let fault: String
  let expects: String
  let characters: String

  /// The words for `language`.
  init(_ language: Language) {
    switch language {
    case .en:
      title = "faultlab: each check against the real BookingFlow and each fault"
      check = "check"
      totals = "totals"
      separatedBy = "separated by"
      noCheckSeparates = "Faults no check separates"
      none = "none"
      legend = "Classes"
      faultsHeading = "Faults (columns)"
      checksHeading = "Checks (rows)"
      correct = "correct"
      faulty = "faulty"
      passes = "passes"
      fails = "fails"
      reads = "reads"
      verdict = "verdict"
      path = "path"
      screens = "screens"
      seats = "seats"
      snapshot = "snapshot"
      scenario = "scenario"
      fault = "fault"
      expects = "expects"
      characters = "chars"
    case .tr:
      title = "faultlab: her denetim gerçek BookingFlow'a ve her kusura karşı"
      check = "denetim"
      totals = "toplam"
      separatedBy = "ayıran denetimler"
      noCheckSeparates = "Hiçbir denetimin ayırmadığı kusurlar"
      none = "yok"
      legend = "Ayrımlar"
      faultsHeading = "Kusurlar (sütunlar)"
      checksHeading = "Denetimler (satırlar)"
      correct = "doğru"
      faulty = "kusurlu"
      passes = "geçti"
      fails = "kaldı"
      reads = "okunan"
      verdict = "sonuç"
      path = "rota"
      screens = "ekranlar"
      seats = "koltuklar"
      snapshot = "anlık kayıt"
      scenario = "senaryo"
      fault = "kusur"
      expects = "beklenen"
      characters = "karakter"
    }
  }

  /// The width of a one-cell explanation's label column: its longest label and two spaces.
  var labelWidth: Int {
    [check, expects, fault, scenario, reads, verdict, path, screens, seats, snapshot].map(\.count)
      .max()
      .map { $0 + 2 } ?? 0
  }

  /// `passes` or `fails`.
  func verdict(_ passed: Bool) -> String { passed ? passes : fails }

  /// The totals as `s/b/n/i` counts, in the class order.
  static func counts(_ totals: [Separation: Int]) -> String {
    Separation.allCases.map { "\(totals[$0] ?? 0)" }.joined(separator: "/")
  }

  /// The header of the counts column: the classes' first letters.
  static func countsHeader(_ language: Language) -> String {
    Separation.allCases.map { $0.letter(language) }.joined(separator: "/")
  }
}

extension String {
  /// The text followed by spaces up to `width` characters.
  func padded(_ width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - count))
  }

  /// The text without the spaces at its end.
  var trimmingTrailingSpaces: String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }

  /// The text in lines of at most `width` characters, broken at the last space that fits, if any.
  func wrapped(_ width: Int) -> [String] {
    var lines: [String] = []
    var rest = Substring(self)
    while rest.count > width {
      let window = rest.prefix(width + 1)
      if let space = window.lastIndex(of: " "), space > window.startIndex {
        lines.append(String(rest[..<space]))
        rest = rest[rest.index(after: space)...]
      } else {
        lines.append(String(rest.prefix(width)))
        rest = rest.dropFirst(width)
      }
    }
    lines.append(String(rest))
    return lines
  }
}
