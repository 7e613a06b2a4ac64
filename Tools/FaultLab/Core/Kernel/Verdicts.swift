/// What one check read from each version and whether it passed there: the seeds' `Contrast`
/// without the check itself, so a flow cell, a screen and a reducer replay print alike.
public struct Verdicts: Hashable, Sendable {
  /// What the check read from the correct version.
  public let correct: String
  /// What the check read from the faulty version.
  public let faulty: String
  /// Whether the check passed on the correct version.
  public let passesCorrect: Bool
  /// Whether the check passed on the faulty version.
  public let passesFaulty: Bool

  /// Readings and verdicts as given.
  public init(correct: String, faulty: String, passesCorrect: Bool, passesFaulty: Bool) {
    self.correct = correct
    self.faulty = faulty
    self.passesCorrect = passesCorrect
    self.passesFaulty = passesFaulty
  }

  /// Applies `passes` to both readings, as the seeds' `contrast` does.
  public init(correct: String, faulty: String, passes: (String) -> Bool) {
    self.init(
      correct: correct, faulty: faulty, passesCorrect: passes(correct),
      passesFaulty: passes(faulty))
  }

  /// The class these verdicts give.
  public var separation: Separation {
    Separation(passesCorrect: passesCorrect, passesFaulty: passesFaulty)
  }

  /// The seeds' `describe` line: `label | dogru=X/gecti kusurlu=Y/kaldi -> class`, with the words
  /// of `language` (Turkish in Turkish letters: `doğru=X/geçti kusurlu=Y/kaldı -> kör`).
  public func describe(_ label: String, _ language: Language) -> String {
    let words = SeedWords(language)
    let onCorrect = passesCorrect ? words.passed : words.failed
    let onFaulty = passesFaulty ? words.passed : words.failed
    return "\(label) | \(words.correct)=\(correct)/\(onCorrect) "
      + "\(words.faulty)=\(faulty)/\(onFaulty) -> \(separation.word(language))"
  }
}

extension Contrast {
  /// The cell's readings and verdicts.
  public var verdicts: Verdicts {
    Verdicts(
      correct: correctReading, faulty: faultyReading, passesCorrect: passesCorrect,
      passesFaulty: passesFaulty)
  }

  /// The seeds' `describe` line for this cell, labelled with the check's name in `language`.
  public func describe(_ language: Language) -> String {
    verdicts.describe(check.name(language), language)
  }
}

extension Separation {
  /// The seeds' `countSeparations`: one line per class, in the seeds' order, with its count.
  public static func countSeparations(_ results: [Separation], _ language: Language) -> String {
    allCases.map { separation in
      "\(separation.word(language)): \(results.filter { $0 == separation }.count)"
    }.joined(separator: "\n")
  }
}

/// The words of the `describe` line.
struct SeedWords {
  let correct: String
  let faulty: String
  let passed: String
  let failed: String

  init(_ language: Language) {
    switch language {
    case .en: (correct, faulty, passed, failed) = ("correct", "faulty", "passed", "failed")
    case .tr: (correct, faulty, passed, failed) = ("doğru", "kusurlu", "geçti", "kaldı")
    }
  }
}
