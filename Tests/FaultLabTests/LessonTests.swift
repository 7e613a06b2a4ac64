import FaultLabCore
import FlowFaults
import Testing

/// Every lesson example, run the way `faultlab` runs them.
func lessonOutcomes() async throws -> [LessonOutcome] {
  try await Lab().lessons()
}

/// `text` with the Turkish letters folded to the seeds' ASCII spellings.
func seedSpelling(_ text: String) -> String {
  let folds: [Character: Character] = [
    "ç": "c", "ğ": "g", "ı": "i", "ö": "o", "ş": "s", "ü": "u", "Ç": "C", "Ğ": "G", "İ": "I",
    "Ö": "O", "Ş": "S", "Ü": "U",
  ]
  return String(text.map { folds[$0] ?? $0 })
}

@Suite("The seeds' lesson examples")
struct LessonTests {
  @Test(
    "each lesson example has the class faultlab pins for it",
    arguments: [
      ("payment-completed x pay-to-search", Separation.blind),
      ("last-step x pay-to-search", .separating),
      ("first-step x pay-to-search", .blind),
      ("whole-path x pay-to-search", .separating),
      ("last-step x extra-notice", .blind),
      ("whole-path x extra-notice", .separating),
      ("whole-path x pay-unreported", .separating),
      ("whole-path x wrong-screen", .blind),
      ("bags-state", .separating),
      ("bags-left", .separating),
      ("bags-not-negative", .blind),
      ("single-bag", .blind),
      ("card-number", .separating),
      ("card-number-single", .blind),
      ("recorded-bags-two", .inverted),
      ("recorded-bags-one", .blind),
      ("recorded-path x pay-to-search", .inverted),
      ("recorded-path-back x pay-to-search", .blind),
      ("restore-network x stale-quote", .noisy),
      ("no-old-seats x bag", .separating),
      ("payment-gone x bag", .separating),
      ("restore-keeps-data x bag", .separating),
      ("restore-pay-live x bag", .separating),
      ("link-back x bag", .separating),
      ("price-is-quote x bag", .separating),
      ("price-follows-flight x bag", .separating),
      ("pay-live x bag", .separating),
    ])
  func pinned(name: String, expected: Separation) async throws {
    let outcomes = try await lessonOutcomes()
    let outcome = try #require(outcomes.first { $0.example.name == name }, "\(name)")
    #expect(outcome.separation == expected, "\(outcome.describe(.en))")
  }

  @Test("every example in the catalogue is pinned, and each has the class its lesson states")
  func everyExampleAgrees() async throws {
    let outcomes = try await lessonOutcomes()
    #expect(outcomes.count == 27)
    #expect(Set(outcomes.map(\.example.name)).count == outcomes.count)
    for outcome in outcomes {
      #expect(outcome.agrees, "\(outcome.describe(.en)), lesson: \(outcome.example.stated)")
    }
    #expect(LessonReport(outcomes).differences.isEmpty)
  }

  @Test("each lesson's examples are there: 002's view model, route start and stuck flow, 004's")
  func lessonsCovered() async throws {
    let labels = LessonExample.catalogue.map(\.seedLabel)
    for label in [
      "odeme-tamamlandi", "son-ekran", "rota-basi", "tum-rota", "son-ekran-bildirim",
      "tum-rota-bildirim", "durum-karsilastir", "kalan-adet", "adet-negatif-degil",
      "bir-adetli-urun", "kayit-iki-ekle-bir-kaldir", "kayit-bir-ekle-bir-kaldir",
    ] {
      #expect(labels.contains(label), "\(label)")
    }
    let noisy = LessonExample.catalogue.filter { $0.stated == .noisy }
    #expect(noisy.map(\.name) == ["restore-network x stale-quote"])
  }

  @Test("the describe line has the seeds' format in English and in Turkish")
  func describeFormat() async throws {
    let outcomes = try await lessonOutcomes()
    let viewModel = try #require(outcomes.first)
    #expect(
      viewModel.describe(.en)
        == "payment-completed x pay-to-search | correct=true/passed faulty=true/passed -> blind")
    #expect(
      viewModel.describe(.tr)
        == "ödeme-tamamlandı x ödemeden-aramaya | doğru=true/geçti kusurlu=true/geçti -> kör")
    let bags = try #require(outcomes.first { $0.example.name == "bags-state" })
    #expect(bags.describe(.tr) == "bagaj-durumu | doğru=p1x1/geçti kusurlu=none/kaldı -> ayıran")
    let english =
      /^.+ \| correct=.*\/(passed|failed) faulty=.*\/(passed|failed) -> (separating|blind|noisy|inverted)$/
    let turkish =
      /^.+ \| doğru=.*\/(geçti|kaldı) kusurlu=.*\/(geçti|kaldı) -> (ayıran|kör|gürültülü|ters)$/
    for outcome in outcomes {
      #expect(outcome.describe(.en).wholeMatch(of: english) != nil, "\(outcome.describe(.en))")
      #expect(outcome.describe(.tr).wholeMatch(of: turkish) != nil, "\(outcome.describe(.tr))")
    }
  }

  @Test(
    "with the seeds' own values, the Turkish line is the seeds' printed line, letter for letter")
  func seedsOwnLines() {
    let paid = Verdicts(correct: "true", faulty: "true") { $0 == "true" }
    #expect(
      seedSpelling(paid.describe("odeme-tamamlandi", .tr))
        == "odeme-tamamlandi | dogru=true/gecti kusurlu=true/gecti -> kor")
    let recorded = Verdicts(correct: "kalemx1", faulty: "bos") { $0 == "bos" }
    #expect(
      seedSpelling(recorded.describe("kayit-iki-ekle-bir-kaldir", .tr))
        == "kayit-iki-ekle-bir-kaldir | dogru=kalemx1/kaldi kusurlu=bos/gecti -> ters")
    let noisy = Verdicts(correct: "a", faulty: "b") { _ in false }
    #expect(
      seedSpelling(noisy.describe("ag", .tr)) == "ag | dogru=a/kaldi kusurlu=b/kaldi -> gurultulu")
  }

  @Test("countSeparations prints the four classes in the seeds' order, in each language")
  func countSeparations() {
    let results: [Separation] = [.separating, .blind, .separating, .blind]
    #expect(
      Separation.countSeparations(results, .tr) == "ayıran: 2\nkör: 2\ngürültülü: 0\nters: 0")
    #expect(
      seedSpelling(Separation.countSeparations([.blind, .inverted], .tr))
        == "ayiran: 0\nkor: 1\ngurultulu: 0\nters: 1")
    #expect(
      Separation.countSeparations(results, .en)
        == "separating: 2\nblind: 2\nnoisy: 0\ninverted: 0")
  }

  @Test("the text report prints each measurement's lines, then its countSeparations")
  func textReport() async throws {
    let report = LessonReport(try await lessonOutcomes())
    for language in Language.allCases {
      // A line too long for a projector goes on under itself, indented: joined again here.
      let lines = report.text(language).replacing("\n    ", with: " ")
        .split(separator: "\n", omittingEmptySubsequences: false)
      for (_, outcomes) in report.measurements {
        let first = try #require(outcomes.first)
        let start = try #require(lines.firstIndex { $0 == first.line(language) })
        // Each line has the lesson's class beside faultlab's.
        for (offset, outcome) in outcomes.enumerated() {
          let line = lines[start + offset]
          #expect(line.hasPrefix(outcome.describe(language)), "\(line)")
          #expect(line.hasSuffix(" \(outcome.example.stated.word(language)))"), "\(line)")
        }
        let counts = Separation.countSeparations(outcomes.map(\.separation), language)
          .split(separator: "\n")
        #expect(Array(lines[(start + outcomes.count)...].prefix(4)) == counts)
      }
    }
    #expect(report.text(.en).contains("Where faultlab differs from a lesson: nowhere"))
    #expect(report.text(.tr).contains("faultlab'in bir dersten ayrıldığı yerler: hiçbir yerde"))
  }

  @Test("the Markdown table has one row per example with the lesson's class and ours")
  func markdownTable() async throws {
    let outcomes = try await lessonOutcomes()
    let markdown = LessonReport(outcomes).markdown(.en)
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| 00") }
    #expect(rows.count == outcomes.count)
    let first =
      "| 002 | `odeme-tamamlandi` | `payment-completed x pay-to-search` | blind (kör) "
      + "| blind (kör) | yes |"
    #expect(rows.first.map(String.init) == first)
    let implied = rows.filter { $0.hasPrefix("| 001 |") }
    #expect(implied.count == 8, "one per failure of the bag the article names")
    #expect(implied.allSatisfy { $0.contains("| separating (ayıran) * |") }, "\(implied)")
    #expect(rows.filter { $0.contains(" * |") }.count == 8)
    #expect(markdown.contains("\\* the lesson names the failure, not a class"))
    let turkish = LessonReport(outcomes).markdown(.tr)
    #expect(turkish.contains("| 004 | `kayit-iki-ekle-bir-kaldir` | `kayıtlı-bagaj-iki` | ters"))
  }

  @Test("a report shows where faultlab and a lesson differ, in bold")
  func differenceShown() async throws {
    let first = try #require(LessonExample.catalogue.first)
    let contrary = LessonExample(
      lesson: first.lesson, measurement: first.measurement, seedLabel: first.seedLabel,
      name: "contrary", turkishName: "karşıt", stated: .separating, summary: "a lesson wrong",
      turkishSummary: "yanılan bir ders", evaluate: { try await first.evaluate($0) })
    let report = LessonReport(try await Lab().lessons([contrary]))
    #expect(report.differences.map(\.example.name) == ["contrary"])
    #expect(report.markdown(.en).contains("| **blind (kör)** | **no** |"))
    #expect(report.text(.en).contains("contrary: the lesson says separating, faultlab finds blind"))
  }
}
