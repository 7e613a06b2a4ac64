import FaultLabCore
import FlowFaults
import Testing

@Suite("Output and arguments")
struct OutputTests {
  @Test("the text matrix has a row per check and names no unseparated fault")
  func textMatrix() async throws {
    let text = try await labMatrix().text(.en)
    for check in Check.catalogue {
      #expect(text.contains("\n\(check.name) "), "\(check.name)")
    }
    #expect(text.contains("separating (ayıran)"))
    #expect(text.contains("Faults no check separates: none"))
  }

  @Test("--lang tr prints the Turkish class letters in the cells, capital where a check separates")
  func turkishMatrix() async throws {
    let text = try await labMatrix().text(.tr)
    let lastStep = try #require(text.split(separator: "\n").first { $0.hasPrefix("son-ekran ") })
    let cells = lastStep.split(separator: " ").dropFirst().dropLast().map(String.init)
    #expect(cells.count == FlowVersion.faults.count, "\(lastStep)")
    #expect(cells.contains("k") && cells.contains("A"), "\(lastStep)")
    #expect(!cells.contains("b") && !cells.contains("S"), "\(lastStep)")
    let recorded = try #require(
      text.split(separator: "\n").first { $0.hasPrefix("kayıtlı-rota ") })
    #expect(recorded.contains(" g "), "\(recorded)")
    #expect(text.contains("A ayıran (separating): "))
    #expect(text.contains("Hiçbir denetimin ayırmadığı kusurlar: yok"))
  }

  @Test(
    "what a demo prints fits a 100-column projector: the matrix, the lessons and every bag cell, in both languages"
  )
  func fitsAProjector() async throws {
    let matrix = try await labMatrix()
    let lessons = LessonReport(try await Lab().lessons())
    var texts: [(String, String)] = []
    for language in [Language.en, .tr] {
      texts.append(("matrix \(language)", matrix.text(language)))
      texts.append(("lessons \(language)", lessons.text(language)))
      for check in Check.catalogue {
        guard let bag = FlowVersion.fault(named: "bag") else { continue }
        let cell = try await Lab().contrast(check, bag)
        texts.append(("\(check.name) x bag \(language)", cell.explanation(language)))
      }
    }
    for (name, text) in texts {
      for line in text.split(separator: "\n") {
        #expect(line.count <= 100, "\(name): \(line.count) columns: \(line)")
      }
    }
  }

  @Test("the Turkish reports write their words in Turkish letters, never in ASCII spellings")
  func turkishLetters() async throws {
    let matrix = try await labMatrix()
    let check = try #require(Check.named("whole-path"))
    let fault = try #require(FlowVersion.fault(named: "pay-appends"))
    let cell = try await Lab().contrast(check, fault)
    let reports = [
      matrix.text(.tr), matrix.markdown(.tr), cell.explanation(.tr), cell.markdownExplanation(.tr),
    ]
    let ascii: Set<String> = [
      "ayiran", "kor", "gurultulu", "gercek", "karsi", "hicbir", "ayirmadigi", "ayrimlar",
      "sutunlar", "satirlar", "dogru", "gecti", "kaldi", "sonuc", "kayit", "surumde", "gecer",
      "kalir", "gorur", "goremez", "yesil",
    ]
    for report in reports {
      let words = report.lowercased().split { !$0.isLetter }.map(String.init)
      let found = Set(words).intersection(ascii)
      #expect(found.isEmpty, "ASCII spellings: \(found.sorted())")
    }
    #expect(reports[0].contains("Kusurlar (sütunlar)"))
    #expect(reports[0].contains("Denetimler (satırlar)"))
    #expect(reports[1].contains("**Ayrımlar (a/k/g/t)**"))
    #expect(reports[2].contains("tüm-rota x ödeme-ekler -> ayıran (separating)"))
  }

  @Test("a cell explained in Turkish keeps its side-by-side columns aligned")
  func turkishExplanationAligned() async throws {
    let check = try #require(Check.named("whole-path"))
    let fault = try #require(FlowVersion.fault(named: "pay-appends"))
    let text = try await Lab().contrast(check, fault).explanation(.tr)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var starts: [String: Int] = [:]
    for label in ["okunan", "sonuç", "rota", "ekranlar", "koltuklar", "anlık kayıt"] {
      let line = try #require(lines.first { $0.hasPrefix(label + " ") }, "\(label)")
      let value = line.dropFirst(label.count).prefix { $0 == " " }
      starts[label] = label.count + value.count
    }
    #expect(Set(starts.values).count == 1, "\(starts)")
    let header = try #require(lines.first { $0.contains("doğru: BookingFlow") })
    let indent = header.prefix { $0 == " " }.count
    #expect(starts.values.allSatisfy { $0 == indent }, "\(starts) vs header at \(indent)")
    let verdict = try #require(lines.first { $0.hasPrefix("sonuç ") })
    #expect(verdict.split(separator: " ") == ["sonuç", "geçti", "kaldı"])
  }

  @Test("the Markdown report is a table with one line per check")
  func markdownMatrix() async throws {
    let markdown = try await labMatrix().markdown(.en)
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(rows.count == Check.catalogue.count)
    #expect(markdown.contains("| `last-step` |"))
  }

  @Test("explaining a cell shows both versions' readings side by side")
  func explainCell() async throws {
    let check = try #require(Check.named("last-step"))
    let fault = try #require(FlowVersion.fault(named: "extra-notice"))
    let cell = try await Lab().contrast(check, fault)
    let text = cell.explanation(.en)
    #expect(text.contains("last-step x extra-notice -> blind (kör)"))
    #expect(text.contains("notice > confirmation(K7Q2ZP)"))
    let verdict = try #require(text.split(separator: "\n").first { $0.hasPrefix("verdict") })
    #expect(verdict.split(separator: " ").filter { $0 == "passes" }.count == 2)
  }

  @Test("a cell explained shows the screens drawn under the route: a right route, a wrong screen")
  func explainScreens() async throws {
    let check = try #require(Check.named("whole-path"))
    let fault = try #require(FlowVersion.fault(named: "wrong-screen"))
    let text = try await Lab().contrast(check, fault).explanation(.en)
    #expect(text.contains("whole-path x wrong-screen -> blind (kör)"))
    let rows = text.split(separator: "\n")
    let path = try #require(rows.first { $0.hasPrefix("path ") })
    #expect(path.split(separator: " ").filter { $0 == "confirmation(K7Q2ZP)" }.count == 2)
    let screens = try #require(rows.first { $0.hasPrefix("screens ") })
    #expect(
      screens.split(separator: " ").dropFirst() == ["confirmation(K7Q2ZP)", "payment(quote-a)"])
    let markdown = try await Lab().contrast(check, fault).markdownExplanation(.en)
    #expect(markdown.contains("| screens | `confirmation(K7Q2ZP)` | `payment(quote-a)` |"))
  }

  @Test("arguments are read; unknown ones and half a cell are usage errors")
  func arguments() throws {
    let cell = try Options.parse(["--lang", "tr", "--check", "last-step", "--fault", "bag"])
    #expect(cell.language == .tr)
    #expect(cell.check == "last-step")
    #expect(cell.fault == "bag")
    #expect(try Options.parse(["--markdown", "--lang=en"]).markdown)
    #expect(throws: Options.UsageError.self) { try Options.parse(["--bogus"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--lang", "de"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--check", "last-step"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--fault", "nope"]) }
    let turkish = try Options.parse(["--check", "son-ekran", "--fault", "çanta"])
    #expect(Check.named(try #require(turkish.check))?.name == "last-step")
    #expect(FlowVersion.fault(named: try #require(turkish.fault))?.name == "bag")
    #expect(try Options.parse(["--lessons", "--markdown"]).lessonsOnly)
    #expect(try Options.parse(["--", "--lessons"]).lessonsOnly)
    #expect(
      try Options.parse(["--", "--check", "last-step", "--fault", "bag"]).check == "last-step")
    #expect(throws: Options.UsageError.self) { try Options.parse(["--", "--", "--lessons"]) }
    #expect(throws: Options.UsageError.self) {
      try Options.parse(["--lessons", "--check", "last-step", "--fault", "bag"])
    }
  }
}
