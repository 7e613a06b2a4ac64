import TestSupport
import Testing

/// Re-recording names its goldens and says what each rewrite changed.
@Suite("Golden recording")
struct GoldenRecordingTests {
  @Test("a run rewrites only the goldens it names; 1, all and * alone are refused")
  func onlyNamedGoldens() {
    func records(_ name: String, _ requested: String?) -> Bool {
      if case .record = GoldenRecording.decision(for: name, requested: requested) { return true }
      return false
    }
    func refuses(_ requested: String) -> Bool {
      if case .refuse = GoldenRecording.decision(for: "help-80x24", requested: requested) {
        return true
      }
      return false
    }
    #expect(!records("help-80x24", nil))
    #expect(records("help-80x24", "help-80x24"))
    #expect(!records("help-40x12", "help-80x24"))
    #expect(records("help-40x12", "inspector-*, help-*"))
    #expect(records("Styled/results-dark-100x30", "Styled/*-dark-*"))
    #expect(!records("Styled/results-light-100x30", "Styled/*-dark-*"))
    #expect(refuses("1") && refuses("all") && refuses("*") && refuses(" , "))
  }

  @Test("a diff numbers the lines that changed, as they were and as they are")
  func diff() {
    #expect(GoldenRecording.diff("a\nb\nc", "a\nB\nc\nd") == "2 - b\n2 + B\n4 + d")
    #expect(GoldenRecording.diff("same", "same") == "no change")
  }
}
