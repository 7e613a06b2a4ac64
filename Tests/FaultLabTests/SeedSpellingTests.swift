import FaultLabCore
import FlowFaults
import Testing

/// `--ascii`: the seeds' own ASCII spelling, for a presenter who shows a lesson beside faultlab.
@Suite("The seeds' ASCII spelling (--ascii)")
struct SeedSpellingTests {
  @Test("--ascii is read, takes no value, and goes with every other option")
  func argument() throws {
    let options = try Options.parse(["--lang", "tr", "--ascii"])
    #expect(options.ascii && options.language == .tr)
    #expect(try Options.parse(["--lessons", "--ascii", "--markdown"]).ascii)
    #expect(try Options.parse(["--ascii", "--check", "last-step", "--fault", "bag"]).ascii)
    #expect(!(try Options.parse(["--lang", "tr"]).ascii))
    #expect(throws: Options.UsageError.self) { try Options.parse(["--ascii=yes"]) }
    #expect(Options.usage.contains("--ascii"))
  }

  @Test("--lang tr --ascii prints lesson 002's lines with the seed's words: ayiran, kor, dogru")
  func lessonLines() async throws {
    let options = try Options.parse(["--lang", "tr", "--ascii", "--lessons"])
    let report = LessonReport(try await Lab().lessons()).text(options.language)
    let text = options.render(report).replacing("\n    ", with: " ")
    #expect(
      text.contains(
        "odeme-tamamlandi x odemeden-aramaya | dogru=true/gecti kusurlu=true/gecti -> kor"))
    #expect(text.contains("tum-rota x fazla-bildirim | dogru=confirmation/gecti"))
    #expect(text.contains("ayiran: 2\nkor: 2\ngurultulu: 0\nters: 0"))
    #expect(text.contains("faultlab'in bir dersten ayrildigi yerler: hicbir yerde"))
  }

  @Test("under --ascii every report form, in both languages, is ASCII and folds letter for letter")
  func everyReportIsASCII() async throws {
    let matrix = try await labMatrix()
    let lessons = LessonReport(try await Lab().lessons())
    let check = try #require(Check.named("whole-path"))
    let fault = try #require(FlowVersion.fault(named: "pay-appends"))
    let cell = try await Lab().contrast(check, fault)
    let ascii = try Options.parse(["--ascii"])
    let plain = try Options.parse([])
    for language in Language.allCases {
      let reports = [
        matrix.text(language), matrix.markdown(language), lessons.text(language),
        lessons.markdown(language), cell.explanation(language),
        cell.markdownExplanation(language), Options.usage,
      ]
      for report in reports {
        let folded = ascii.render(report)
        let isASCII = folded.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(isASCII, "\(folded.prefix(200))")
        #expect(folded.count == report.count, "one character for one: the columns stay aligned")
        #expect(folded == seedSpelling(report).replacing("—", with: "-"))
        #expect(plain.render(report) == report)
      }
    }
    let explained = ascii.render(cell.explanation(.tr))
    #expect(explained.hasPrefix("tum-rota x odeme-ekler -> ayiran (separating)"))
    #expect(ascii.render(matrix.text(.en)).contains("separating (ayiran)"))
  }

  @Test("a check or fault is found by its Turkish name spelt as the seeds spell it")
  func namesInASCII() {
    #expect(Check.named("tum-rota")?.name == "whole-path")
    #expect(Check.named("tüm-rota")?.name == "whole-path")
    #expect(Check.named("rota-basi")?.name == "first-step")
    #expect(Check.named("odeme-tamamlandi")?.name == "payment-completed")
    #expect(FlowVersion.fault(named: "odeme-ekler")?.name == "pay-appends")
    #expect(FlowVersion.fault(named: "canta")?.name == "bag")
    let checks = Check.catalogue.map(\.turkishName.seedSpelling)
    let faults = FlowVersion.faults.map(\.turkishName.seedSpelling)
    #expect(Set(checks).count == checks.count, "two checks' Turkish names fold to one")
    #expect(Set(faults).count == faults.count, "two faults' Turkish names fold to one")
  }
}
