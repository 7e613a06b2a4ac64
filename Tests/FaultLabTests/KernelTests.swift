import FaultLabCore
import FlowFaults
import Testing

@Suite("The contrast kernel")
struct KernelTests {
  @Test("the four classes follow from passing or failing on each version")
  func truthTable() {
    #expect(Separation(passesCorrect: true, passesFaulty: false) == .separating)
    #expect(Separation(passesCorrect: true, passesFaulty: true) == .blind)
    #expect(Separation(passesCorrect: false, passesFaulty: false) == .noisy)
    #expect(Separation(passesCorrect: false, passesFaulty: true) == .inverted)
  }

  @Test("each class carries the seeds' Turkish name, in Turkish letters")
  func turkishNames() {
    #expect(Separation.allCases.map(\.turkish) == ["ayıran", "kör", "gürültülü", "ters"])
    #expect(Separation.blind.labelled(.en) == "blind (kör)")
    #expect(Separation.blind.labelled(.tr) == "kör (blind)")
    #expect(Separation.noisy.labelled(.en) == "noisy (gürültülü)")
    #expect(
      Separation.separating.meaning(.tr) == "doğru sürümde geçer, kusurluda kalır: kusuru görür")
  }

  @Test(
    "the one-letter class abbreviations are distinct in each language", arguments: Language.allCases
  )
  func distinctLetters(language: Language) {
    let letters = Separation.allCases.map { $0.letter(language) }
    #expect(Set(letters).count == Separation.allCases.count, "\(letters)")
    #expect(letters == (language == .tr ? ["a", "k", "g", "t"] : ["s", "b", "n", "i"]))
  }

  @Test(
    "the recorded path is what pay-to-search shows after paying, and the correct flow after a search and back"
  )
  func recordedFromFaultyRun() async throws {
    let fixtures = try LabFixtures()
    let toSearch = try #require(FlowVersion.fault(named: "pay-to-search"))
    let faulty = await Scenario.pay.observe(toSearch, fixtures)
    let correct = await Scenario.pay.observe(.correct, fixtures)
    #expect(faulty.trail == Check.recordedPayPath)
    #expect(correct.trail == "confirmation")
    #expect(await Scenario.searchBack.observe(.correct, fixtures).trail == Check.recordedPayPath)
  }

  @Test(
    "the real flow drops a late reply and a double press, and restores an expired quote at extras")
  func realFlowScenarios() async throws {
    let fixtures = try LabFixtures()
    #expect(await Scenario.lateReply.observe(.correct, fixtures).trail == "results")
    #expect(await Scenario.doubleSubmit.observe(.correct, fixtures).trail == "results>passengers")
    let expired = await Scenario.restoreExpired.observe(.correct, fixtures)
    #expect(expired.trail == "results>passengers>extras")
    let inTime = await Scenario.restoreInTime.observe(.correct, fixtures)
    #expect(inTime.trail == "results>passengers>extras>payment")
    #expect(inTime.seats == ["14A", "14B"])
  }
}
