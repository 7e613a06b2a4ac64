import FaultLabCore
import FlowFaults
import Testing

@Suite("Summaries in each language")
struct SummaryTests {
  /// Every check, flow version and scenario, each with what it is and its name.
  static var everySummarised: [(name: String, item: any Summarised)] {
    var all: [(name: String, item: any Summarised)] = []
    for check in Check.catalogue { all.append(("check \(check.name)", check)) }
    for version in [FlowVersion.correct] + FlowVersion.faults {
      all.append(("version \(version.name)", version))
    }
    for scenario in Scenario.allCases { all.append(("scenario \(scenario.rawValue)", scenario)) }
    for example in LessonExample.catalogue {
      all.append(("lesson example \(example.name)", example))
      all.append(("measurement \(example.measurement.summary)", example.measurement))
    }
    return all
  }

  /// What the matrix reports list with a summary: the checks and the faults.
  static var inMatrix: [any Summarised] {
    Check.catalogue.map { $0 as any Summarised } + FlowVersion.faults.map { $0 as any Summarised }
  }

  @Test("every check, fault, scenario, lesson example and measurement has its own Turkish summary")
  func everyTurkishSummary() {
    for (name, item) in Self.everySummarised {
      let blank = item.turkishSummary.allSatisfy(\.isWhitespace)
      #expect(!blank, "\(name) has no Turkish summary")
      #expect(item.turkishSummary != item.summary, "\(name)'s Turkish summary is its English one")
      #expect(item.summary(.tr) == item.turkishSummary, "\(name)")
      #expect(item.summary(.en) == item.summary, "\(name)")
    }
  }

  /// The text report with its wrapped lines joined again: a summary too long for a 100-column
  /// projector goes on under itself, indented.
  static func unwrapped(_ text: String) -> String {
    text.replacing(#/\n +/#, with: " ")
  }

  @Test("the Turkish text report shows every Turkish summary and no English one")
  func turkishText() async throws {
    let text = Self.unwrapped(try await labMatrix().text(.tr))
    expectOnlyTurkish(text, among: Self.inMatrix)
  }

  @Test("the Turkish Markdown report shows every Turkish summary and no English one")
  func turkishMarkdown() async throws {
    let markdown = try await labMatrix().markdown(.tr)
    expectOnlyTurkish(markdown, among: Self.inMatrix)
  }

  @Test("a cell explained in Turkish shows its check, fault and scenario in Turkish")
  func turkishExplanations() async throws {
    let matrix = try await labMatrix()
    for cell in matrix.rows.joined() {
      let shown: [any Summarised] = [cell.check, cell.fault, cell.check.scenario]
      expectOnlyTurkish(Self.unwrapped(cell.explanation(.tr)), among: shown)
      expectOnlyTurkish(cell.markdownExplanation(.tr), among: shown)
    }
  }

  @Test("a check explained in Turkish states its expectation in Turkish")
  func turkishExpectations() async throws {
    let matrix = try await labMatrix()
    for cell in matrix.rows.joined() {
      let check = cell.check
      let english = check.expectation(.en)
      let turkish = check.expectation(.tr)
      #expect(english == check.expectation, "\(check.name)")
      #expect(turkish == check.turkishExpectation, "\(check.name)")
      if !english.hasPrefix("== ") {
        #expect(turkish != english, "\(check.name)'s Turkish expectation is its English one")
      }
      for explanation in [cell.explanation(.tr), cell.markdownExplanation(.tr)] {
        #expect(explanation.contains(turkish), "\(check.name): missing \(turkish)")
        if turkish != english {
          #expect(!explanation.contains(english), "\(check.name) in English: \(english)")
        }
      }
      #expect(cell.explanation(.en).contains(english), "\(check.name)")
    }
    let paymentGone = try #require(Check.named("payment-gone"))
    #expect(paymentGone.expectation(.tr) == "rotada ödeme ekranı yok")
  }

  @Test("the English reports keep the English summaries")
  func englishUnchanged() async throws {
    let text = Self.unwrapped(try await labMatrix().text(.en))
    for item in Self.inMatrix {
      let english = text.contains(item.summary)
      let turkish = text.contains(item.turkishSummary)
      #expect(english, "missing: \(item.summary)")
      #expect(!turkish, "in Turkish: \(item.turkishSummary)")
    }
  }

  /// Expects `report` to show each of `shown` in Turkish and no English summary of anything.
  private func expectOnlyTurkish(
    _ report: String, among shown: [any Summarised],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for item in shown {
      let shows = report.contains(item.turkishSummary)
      #expect(shows, "missing: \(item.turkishSummary)", sourceLocation: sourceLocation)
    }
    for (name, item) in Self.everySummarised {
      let leaks = report.contains(item.summary)
      #expect(!leaks, "\(name) in English: \(item.summary)", sourceLocation: sourceLocation)
    }
  }
}
