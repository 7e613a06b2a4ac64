/// The language faultlab prints in.
public enum Language: String, Hashable, Sendable, CaseIterable {
  /// English, with the seeds' Turkish names beside the class words.
  case en
  /// Turkish, as in the seeds' lessons.
  case tr
}

/// How one check classifies one fault: the seeds' four outcomes of the contrast kernel.
public enum Separation: String, Hashable, Sendable, CaseIterable {
  /// Passes on the correct flow, fails on the faulty one: the check sees the fault (ayıran).
  case separating
  /// Passes on both: the check cannot see the fault (kör).
  case blind
  /// Fails on both: the check fails even without the fault (gürültülü).
  case noisy
  /// Fails on the correct flow, passes on the faulty one: it keeps the fault green (ters).
  case inverted

  /// The class of a check that passed or failed on each version.
  public init(passesCorrect: Bool, passesFaulty: Bool) {
    switch (passesCorrect, passesFaulty) {
    case (true, false): self = .separating
    case (true, true): self = .blind
    case (false, false): self = .noisy
    case (false, true): self = .inverted
    }
  }

  /// The English word.
  public var english: String { rawValue }

  /// The seeds' Turkish word.
  public var turkish: String {
    switch self {
    case .separating: "ayıran"
    case .blind: "kör"
    case .noisy: "gürültülü"
    case .inverted: "ters"
    }
  }

  /// The word in `language`, one per matrix cell.
  public func word(_ language: Language) -> String {
    language == .tr ? turkish : english
  }

  /// The word with the other language's word beside it: "separating (ayıran)".
  public func labelled(_ language: Language) -> String {
    language == .tr ? "\(turkish) (\(english))" : "\(english) (\(turkish))"
  }

  /// What the class means, in one line.
  public func meaning(_ language: Language) -> String {
    switch (self, language) {
    case (.separating, .en):
      "passes on the correct flow, fails on the faulty one: it sees the fault"
    case (.blind, .en): "passes on both: it cannot see this fault"
    case (.noisy, .en): "fails on both: it fails even without the fault"
    case (.inverted, .en):
      "fails on the correct flow, passes on the faulty one: it keeps the fault green"
    case (.separating, .tr): "doğru sürümde geçer, kusurluda kalır: kusuru görür"
    case (.blind, .tr): "ikisinde de geçer: bu kusuru göremez"
    case (.noisy, .tr): "ikisinde de kalır: kusur olmadan da kalır"
    case (.inverted, .tr): "doğru sürümde kalır, kusurluda geçer: kusuru yeşil tutar"
    }
  }

  /// The one-letter abbreviation used in the totals column.
  public func letter(_ language: Language) -> String {
    String(word(language).prefix(1))
  }
}
