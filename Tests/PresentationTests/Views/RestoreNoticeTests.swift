import FlowOwner
import Testing
import Words

/// The header's one line after a resume that fell back: it says what to do where the traveller
/// landed, in both languages.
@Suite("The resume's notice")
struct RestoreNoticeTests {
  @Test(
    "a price gone lands at extras and says to price them again; details gone land at passengers and say to enter them",
    arguments: [Language.english, .turkish])
  func namesWhereItLanded(language: Language) throws {
    let notice = Strings.english.recovery.restoreNotice
    let words = language == .english ? Strings.english : Strings.turkish
    let atExtras = try #require(
      words.recovery.restoreNotice(.fellBack(to: .extras, because: .quoteUnavailable)))
    let atPassengers = try #require(
      words.recovery.restoreNotice(.fellBack(to: .passengers, because: .draftUnavailable)))
    let bothGone = try #require(
      words.recovery.restoreNotice(.fellBack(to: .passengers, because: .quoteUnavailable)))
    let atResults = try #require(
      words.recovery.restoreNotice(.fellBack(to: .results, because: .quoteUnavailable)))
    #expect(Set([atExtras, atPassengers, atResults]).count == 3)
    #expect(bothGone == atPassengers)
    if language == .english {
      #expect(atExtras == "That price was not found - review your extras to price them again")
      #expect(atPassengers == "Your passenger details were not found - enter them again")
      #expect(
        notice(.fellBack(to: .results, because: .quoteUnavailable))?.contains("results") == true)
    } else {
      #expect(atExtras.contains("ek hizmetlerinizi"))
      #expect(atPassengers.contains("yeniden girin"))
    }
  }
}
