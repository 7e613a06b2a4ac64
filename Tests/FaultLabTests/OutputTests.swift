import FaultLabCore
import Testing

@Suite("Output and arguments")
struct OutputTests {
  @Test("the text matrix has a row per check and names no unseparated fault")
  func textMatrix() async throws {
    let text = try await labMatrix().text(.en)
    for check in Check.catalogue {
      #expect(text.contains("\n\(check.name) "), "\(check.name)")
    }
    #expect(text.contains("separating (ayiran)"))
    #expect(text.contains("Faults no check separates: none"))
  }

  @Test("--lang tr prints the Turkish class words in the cells")
  func turkishMatrix() async throws {
    let text = try await labMatrix().text(.tr)
    let lastStep = try #require(text.split(separator: "\n").first { $0.hasPrefix("last-step ") })
    #expect(lastStep.contains("kor"))
    #expect(lastStep.contains("ayiran"))
    #expect(!lastStep.contains("blind"))
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
    #expect(text.contains("last-step x extra-notice -> blind (kor)"))
    #expect(text.contains("notice > confirmation(K7Q2ZP)"))
    let verdict = try #require(text.split(separator: "\n").first { $0.hasPrefix("verdict") })
    #expect(verdict.split(separator: " ").filter { $0 == "passes" }.count == 2)
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
  }
}
