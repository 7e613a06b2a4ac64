import Domain
import FlowOwner
import Testing
import Words

/// The Turkish screens use the words of the article they were made from (seed 000), and a picker
/// never offers two choices that read the same.
@Suite("Turkish words")
struct TurkishWordsTests {
  @Test("every title in the picker reads differently, in both languages")
  func distinctTitles() {
    for language in Language.allCases {
      let names = Title.allCases.map { language.strings.titleName($0) }
      #expect(Set(names).count == names.count, "\(language): \(names)")
    }
  }

  @Test("the extras step is 'Ek hizmetler', as the article says it")
  func extrasName() {
    let strings = Language.turkish.strings
    #expect(strings.stepName(.extras) == "Ek hizmetler")
    let help = strings.helpLines.joined(separator: "\n")
    #expect(!help.lowercased().contains("ekstralar"), "\(help)")
    #expect(help.contains("ek hizmetler:"), "\(help)")
  }
}
