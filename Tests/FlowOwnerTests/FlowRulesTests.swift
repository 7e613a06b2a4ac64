import Domain
import FlowOwner
import Foundation
import TestSupport
import Testing

/// `BookingFlow.rules`, the flow's declared table, against the flow itself and its diagram.
@Suite("The flow's declared transitions")
struct FlowRulesTests {
  /// Runs the transition `rule` names on a flow walked to `rule.from`; returns the event.
  func run(_ rule: FlowRule) throws -> (FlowEvent, BookingFlow) {
    var walked = try WalkedFlow()
    walked.walk(to: rule.from)
    var flow = walked.flow
    // A declared output: the step it pushes, built from the walk's records, from the step the
    // walk stands at.
    if let kind = StepKind.allCases.first(where: { $0.declaration.arrival?.output == rule.name }) {
      let records = BookingStep.Records(
        offer: walked.offer, draft: walked.draft, quote: walked.quote)
      let next = try #require(BookingStep(kind, from: records))
      let origin = try #require(walked.flow.path.last)
      return (flow.advance(to: next, from: origin), flow)
    }
    let event: FlowEvent
    switch rule.name {
    case "searchSubmitted": event = flow.searchSubmitted(walked.criteria)
    case "priceChangeAccepted":
      let quote = walked.quote
      let changed = try Quote(
        id: QuoteID("quote-changed"), draftID: quote.draftID, extras: quote.extras,
        lineItems: quote.lineItems, total: quote.total, expiresAt: quote.expiresAt,
        priceChange: PriceChange(
          before: walked.offer.total, after: quote.total, pricePerAdult: walked.offer.pricePerAdult)
      )
      event = flow.acceptPriceChange(changed, from: walked.extras)
    case "repriced":
      let fresh = try Fixture.quote(
        "quote-b", for: walked.draft, expiresAt: Fixture.now.addingTimeInterval(1_800))
      event = flow.repriced(fresh, from: walked.payment)
    case "paid": event = flow.paid(try Fixture.reference(), from: walked.payment)
    case "startOver":
      flow.paid(try Fixture.reference(), from: walked.payment)
      event = flow.startOver()
    case "back": event = flow.back()
    case "pop":
      let target = [walked.results, walked.passengers, walked.extras, walked.payment].first {
        $0.kind == rule.to
      }
      event = flow.pop(to: try #require(target))
    default:
      Issue.record("the table names \(rule.name), which this test cannot run: add it here")
      event = flow.back()
    }
    return (event, flow)
  }

  @Test("every declared transition, run on a real flow from its step, lands on its step")
  func tableMatchesTheFlow() throws {
    for rule in BookingFlow.rules where rule.effect != .restores {
      // startOver is declared from the confirmation; the walk reaches payment, then pays.
      if rule.name != "startOver" {
        var walked = try WalkedFlow()
        walked.walk(to: rule.from)
        #expect(walked.flow.current == rule.from, "\(rule)")
      }
      let (event, flow) = try run(rule)
      #expect(event.isAccepted, "\(rule.name) from \(rule.from): \(event)")
      #expect(flow.current == rule.to, "\(rule.name) from \(rule.from) went to \(flow.current)")
    }
  }

  @Test("an output from a step the table does not declare is dropped, naming the declared one")
  func outputsCheckTheTable() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    let event = walked.flow.passengersSaved(walked.draft, from: walked.extras)
    let declared = BookingFlow.rules.first { $0.name == "passengersSaved" }?.from
    #expect(event.outcome == .dropped(.wrongOrigin(expected: .passengers, found: .extras)))
    #expect(declared == .passengers)
  }

  @Test("every transition the flow logs has a row in the table")
  func everyTransitionIsDeclared() throws {
    let offer = try Fixture.offer("offer-a")
    let transitions: [FlowTransition] = [
      .searchSubmitted(try Fixture.criteria()),
      .advanced(to: .passengers, id: offer.id.rawValue, from: .results),
      .advanced(to: .extras, id: "d", from: .passengers),
      .advanced(to: .payment, id: "q", from: .extras), .repriced(try QuoteID("q"), from: .payment),
      .priceChangeAccepted(try QuoteID("q"), from: .extras),
      .paid(try Fixture.reference(), from: .payment), .back, .popped(to: .results), .startedOver,
      .restored(.fresh),
    ]
    for transition in transitions {
      // Exhaustive: a new kind of transition does not compile here until it is named.
      let name =
        switch transition {
        case .searchSubmitted: "searchSubmitted"
        case .advanced(let to, _, _): to.declaration.arrival?.output ?? "\(to)"
        case .repriced: "repriced"
        case .priceChangeAccepted: "priceChangeAccepted"
        case .paid: "paid"
        case .back: "back"
        case .popped: "pop"
        case .startedOver: "startOver"
        case .restored: "restore"
        }
      #expect(BookingFlow.rules.contains { $0.name == name }, "\(name) is not in the table")
    }
  }

  @Test("every fallback of a restore is drawn, to the step restore falls back to")
  func everyFallbackIsDeclared() throws {
    let reasons: [FallbackReason] = [
      .quoteExpired, .alreadyPaid(try Fixture.reference()), .quoteUnavailable, .draftUnavailable,
      .offerUnavailable, .searchUnavailable, .lookupFailed("x"), .paymentUnresolved("x"),
      .beyondBookingWindow(try Fixture.departureDay()),
    ]
    for reason in reasons {
      let (condition, step): (String, StepKind) =
        switch reason {
        case .quoteExpired: ("quote expired", .extras)
        case .paymentUnresolved: ("payment unresolved", .extras)
        case .alreadyPaid: ("already paid", .confirmation)
        case .quoteUnavailable, .draftUnavailable, .offerUnavailable, .lookupFailed:
          ("offer, draft or quote gone", .results)
        case .searchUnavailable: ("link's records gone", .search)
        case .beyondBookingWindow: ("beyond the booking window", .search)
        }
      #expect(
        BookingFlow.rules.contains {
          $0.effect == .restores && $0.condition == condition && $0.to == step
        }, "\(reason)")
    }
  }

  @Test("the diagram draws every row, in Mermaid and in Graphviz")
  func diagramDrawsTheTable() {
    let mermaid = FlowDiagram.render(.mermaid)
    let dot = FlowDiagram.render(.dot)
    #expect(mermaid.hasPrefix("stateDiagram-v2\n"))
    #expect(dot.hasPrefix("digraph booking {"))
    #expect(mermaid.contains("payment --> confirmation : paid (replace the path)"), "\(mermaid)")
    #expect(mermaid.contains("search --> extras : restore: quote expired"))
    #expect(
      dot.contains(
        "payment -> payment [label=\"repriced (replace the last step): price expired\"];"))
    for rule in BookingFlow.rules {
      #expect(mermaid.contains("  \(rule.from) --> \(rule.to) : \(rule.name)"), "\(rule)")
      #expect(dot.contains("  \(rule.from) -> \(rule.to) [label=\"\(rule.name)"), "\(rule)")
    }
  }

  @Test("the terminal's diagram draws every row once, within 100 columns")
  func textDiagramDrawsTheTable() {
    let text = FlowDiagram.render(.text)
    let lines = text.split(separator: "\n")
    for line in lines { #expect(line.count <= 100, "\(line)") }
    for step in StepKind.allCases { #expect(text.contains("│ \(step) "), "\(step)") }
    let chain = StepKind.allCases
    for rule in BookingFlow.rules {
      let forward = chain.firstIndex(of: rule.from).map {
        $0 + 1 < chain.count && chain[$0 + 1] == rule.to
      }
      if rule.effect == .restores {
        #expect(text.contains("  → \(rule.to): \(rule.condition)\n"), "\(rule)")
      } else if forward == true {
        #expect(text.contains("│ \(rule.name)") || text.contains(" · \(rule.name)"), "\(rule)")
      } else {
        #expect(text.contains("  \(rule.name) → \(rule.to)"), "\(rule)")
      }
    }
    let checkIn = FlowRule("checkIn", from: .confirmation, to: .confirmation, .pushes)
    #expect(
      FlowDiagram.render(.text, rules: BookingFlow.rules + [checkIn])
        .contains("checkIn → confirmation"))
  }

  @Test("docs/images/flow.dot is the diagram of today's table (Tools/scripts/diagram.sh)")
  func committedDiagram() throws {
    let root = PackageExecutable.root
    let committed = try String(
      contentsOf: root.appendingPathComponent("docs/images/flow.dot"), encoding: .utf8)
    #expect(committed == FlowDiagram.render(.dot), "run Tools/scripts/diagram.sh")
  }

  @Test("a transition added to the table appears in the diagram")
  func addedRuleAppears() {
    let checkIn = FlowRule("checkIn", from: .confirmation, to: .confirmation, .pushes)
    let rules = BookingFlow.rules + [checkIn]
    #expect(
      FlowDiagram.render(.mermaid, rules: rules).contains("confirmation --> confirmation : checkIn")
    )
    #expect(
      FlowDiagram.render(.dot, rules: rules).contains(
        "confirmation -> confirmation [label=\"checkIn\"];"))
    #expect(!FlowDiagram.render(.mermaid).contains("checkIn"))
  }
}
