/// The seeds' code writes Turkish in ASCII: `ayiran`, `kor`, `gurultulu`, `ters`,
/// `dogru=…/gecti`. faultlab writes Turkish letters; `--ascii` folds them back, one character for
/// one, so the columns stay aligned and a line reads as the lesson's own output.
extension String {
  /// The text with each Turkish letter written as the seeds' code writes it (`ç ğ ı ö ş ü` as
  /// `c g i o s u`) and the Markdown's `—` as `-`: every character ASCII.
  public var seedSpelling: String {
    String(map { Self.seedFolds[$0] ?? $0 })
  }

  private static let seedFolds: [Character: Character] = [
    "ç": "c", "ğ": "g", "ı": "i", "ö": "o", "ş": "s", "ü": "u",
    "Ç": "C", "Ğ": "G", "İ": "I", "Ö": "O", "Ş": "S", "Ü": "U",
    "—": "-",
  ]
}
