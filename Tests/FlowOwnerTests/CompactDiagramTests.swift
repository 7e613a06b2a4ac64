import Domain
import FlowOwner
import Testing

/// `booking --diagram compact`: the flow on one projector screen, drawn from the same table.
@Suite("The compact diagram")
struct CompactDiagramTests {
  /// Checks that `text` fits 100x30 and names every row of `rules` where it belongs.
  func expectDrawn(_ rules: [FlowRule], in text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count <= 30, "\(lines.count) rows:\n\(text)")
    for line in lines { #expect(line.count <= 100, "\(line.count) columns: \(line)") }
    let steps = StepKind.allCases
    for step in steps {
      #expect(lines.contains { $0 == "\(step)" || $0.hasPrefix("\(step) ") }, "\(step)")
    }
    for rule in rules {
      let forward = steps.firstIndex(of: rule.from).map {
        $0 + 1 < steps.count && steps[$0 + 1] == rule.to
      }
      if rule.effect == .restores {
        let condition = rule.condition.isEmpty ? "" : ": \(rule.condition)"
        #expect(text.contains(" │ → \(rule.to)\(condition)\n"), "\(rule)")
      } else if forward == true {
        #expect(text.contains("  │ \(rule.name)"), "\(rule)")
      } else {
        let drawn = "\(rule.name) → \(rule.to)"
        let rows = rules.filter {
          $0.effect != .restores && $0.name == rule.name && $0.to == rule.to
        }
        #expect(text.ranges(of: drawn).count == rows.count, "\(rule)\n\(text)")
      }
    }
  }

  @Test("fits 100 columns and 30 rows, and names every transition the table has")
  func fitsAProjector() {
    let text = FlowDiagram.render(.compact)
    expectDrawn(BookingFlow.rules, in: text)
    #expect(text.contains("  │ paid (replace the path)"), "\(text)")
    #expect(text.contains("repriced → payment (replace the last step)"), "\(text)")
  }

  @Test("is drawn from the table it is given: a row added to it appears")
  func drawnFromTheTable() {
    let added = [
      FlowRule("checkIn", from: .confirmation, to: .confirmation, .pushes),
      FlowRule("restore", from: .search, to: .payment, .restores, when: "card held"),
    ]
    let rules = BookingFlow.rules + added
    let text = FlowDiagram.render(.compact, rules: rules)
    expectDrawn(rules, in: text)
    #expect(!FlowDiagram.render(.compact).contains("checkIn"))
    #expect(!FlowDiagram.render(.compact).contains("card held"))
  }
}
