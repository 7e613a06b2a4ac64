import Domain

/// One transition of the flow owner: what asks for it, from which step, to which, and what it
/// does to the path. `BookingFlow.rules` is the table, derived from the step declarations; the
/// diagram (`FlowDiagram`) is drawn from it, and a test walks every row on a real flow, so the
/// table, the code and the picture cannot drift apart.
public struct FlowRule: Hashable, Sendable {
  /// What the transition does to the path.
  public enum Effect: String, Hashable, Sendable {
    /// Drops the steps after the origin, then pushes the new step.
    case pushes = "push"
    /// Replaces the whole path.
    case replaces = "replace the path"
    /// Replaces the last step (the payment step) in place.
    case replacesLast = "replace the last step"
    /// Removes steps from the end.
    case removes = "remove"
    /// Rebuilds the path from a snapshot at start.
    case restores = "restore"
  }

  /// The transition, as `FlowTransition` names it in the log.
  public let name: String
  /// The step it is asked from (`search` is the form at the root).
  public let from: StepKind
  /// The step that is current afterwards.
  public let to: StepKind
  /// What it does to the path.
  public let effect: Effect
  /// When it applies, in a few words ("" when always).
  public let condition: String

  /// A declared transition.
  public init(
    _ name: String, from: StepKind, to: StepKind, _ effect: Effect, when condition: String = ""
  ) {
    self.name = name
    self.from = from
    self.to = to
    self.effect = effect
    self.condition = condition
  }
}

extension BookingFlow {
  /// Every transition of the flow, and every fallback of a restore: the outputs, the ways back
  /// and the restores derived from the step declarations (`StepKind.declaration`), and the
  /// transitions that replace the path and the restore's fallbacks as declared here.
  public static let rules: [FlowRule] = {
    let chain = StepKind.chain
    var rules = [FlowRule("searchSubmitted", from: .search, to: .results, .replaces)]
    // Outputs: each step's output pushes the next step carrying it.
    for kind in StepKind.allCases {
      guard let arrival = kind.declaration.arrival else { continue }
      rules.append(FlowRule(arrival.output, from: arrival.from, to: kind, .pushes))
    }
    // The first step holding a quote, and the step whose output it is: where a new price is
    // accepted, and where a restore whose quote cannot be paid falls back to.
    let holding = StepKind.firstHoldingQuote
    let pricing = holding?.declaration.arrival?.from
    if let holding, let pricing {
      rules.append(
        FlowRule(
          "priceChangeAccepted", from: pricing, to: holding, .pushes,
          when: "the airline changed the price"))
    }
    rules += [
      FlowRule("repriced", from: .payment, to: .payment, .replacesLast, when: "price expired"),
      FlowRule("paid", from: .payment, to: .confirmation, .replaces),
      FlowRule("startOver", from: .confirmation, to: .search, .replaces),
    ]
    // Navigation: back one step, or pop to an earlier panel.
    for (index, kind) in chain.enumerated() where kind.declaration.hasWayBack {
      rules.append(
        FlowRule("back", from: kind, to: index == 0 ? .search : chain[index - 1], .removes))
    }
    for (index, kind) in chain.enumerated() where index >= 2 {
      for earlier in chain[..<(index - 1)] {
        rules.append(FlowRule("pop", from: kind, to: earlier, .removes))
      }
    }
    // A restore at start resumes where the snapshot was, or falls back.
    for kind in chain {
      rules.append(
        FlowRule("restore", from: .search, to: kind, .restores, when: "saved at \(kind)"))
    }
    if let pricing {
      rules += [
        FlowRule("restore", from: .search, to: pricing, .restores, when: "quote expired"),
        FlowRule("restore", from: .search, to: pricing, .restores, when: "payment unresolved"),
      ]
    }
    rules += [
      FlowRule("restore", from: .search, to: .confirmation, .restores, when: "already paid"),
      FlowRule(
        "restore", from: .search, to: .results, .restores, when: "offer, draft or quote gone"),
      FlowRule("restore", from: .search, to: .search, .restores, when: "link's records gone"),
      FlowRule(
        "restore", from: .search, to: .search, .restores, when: "beyond the booking window"),
    ]
    return rules
  }()
}

/// The flow drawn from `BookingFlow.rules`: Mermaid or Graphviz text, or a drawing for a
/// terminal (with boxes, or compact enough for a 100x30 projector).
public enum FlowDiagram {
  /// A diagram format.
  public enum Format: String, Sendable, CaseIterable {
    case mermaid, dot, text, compact
  }

  /// The diagram of `rules` in `format`.
  public static func render(_ format: Format, rules: [FlowRule] = BookingFlow.rules) -> String {
    switch format {
    case .mermaid: mermaid(rules)
    case .dot: dot(rules)
    case .text: text(rules)
    case .compact: compact(rules)
    }
  }

  private static func label(_ rule: FlowRule) -> String {
    var text = rule.name
    if rule.effect != .pushes, rule.effect != .restores { text += " (\(rule.effect.rawValue))" }
    if !rule.condition.isEmpty { text += ": " + rule.condition }
    return text
  }

  private static func mermaid(_ rules: [FlowRule]) -> String {
    var lines = ["stateDiagram-v2", "  [*] --> search"]
    for rule in rules {
      lines.append("  \(rule.from) --> \(rule.to) : \(label(rule))")
    }
    lines.append("  confirmation --> [*]")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func dot(_ rules: [FlowRule]) -> String {
    var lines = [
      "digraph booking {", "  rankdir=LR;", "  node [shape=box, style=rounded];",
    ]
    for kind in StepKind.allCases { lines.append("  \(kind);") }
    for rule in rules {
      let style = rule.effect == .restores ? ", style=dashed" : ""
      lines.append("  \(rule.from) -> \(rule.to) [label=\"\(label(rule))\"\(style)];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A transition that does not move the flow to the next step, named with its target.
  private static func sideLabel(_ rule: FlowRule) -> String {
    "\(rule.name) → \(rule.to)"
      + (rule.effect == .pushes || rule.effect == .removes ? "" : " (\(rule.effect.rawValue))")
      + (rule.condition.isEmpty ? "" : ": " + rule.condition)
  }

  /// `text` wrapped at its spaces in lines of at most `width` characters, the lines after the
  /// first indented by two spaces.
  private static func hanging(_ text: String, _ width: Int) -> [String] {
    let lines = text.wrapped(at: width)
    guard let first = lines.first else { return [] }
    let rest = lines.dropFirst().joined(separator: " ").wrapped(at: width - 2)
    return [first] + rest.map { "  " + $0 }
  }

  /// `items` joined with " · " in lines of at most `width` characters; an item that does not fit
  /// a line of its own has lines of its own (`hanging`).
  private static func packed(_ items: [String], _ width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for item in items {
      if !line.isEmpty, line.count + 3 + item.count <= width {
        line += " · " + item
        continue
      }
      if !line.isEmpty { lines.append(line) }
      if item.count <= width {
        line = item
      } else {
        lines += hanging(item, width)
        line = ""
      }
    }
    return lines + (line.isEmpty ? [] : [line])
  }

  /// The flow for a projector, within 100 columns and 30 rows: on the left the steps from top
  /// to bottom, each with its other transitions beside its name and, under it, what moves the
  /// flow to the next step; on the right the restores at start. Every rule is drawn once.
  private static func compact(_ rules: [FlowRule]) -> String {
    let steps = StepKind.allCases
    let restores = rules.filter { $0.effect == .restores }
    let right =
      restores.isEmpty
      ? []
      : ["At start, restore goes to:"]
        + restores.flatMap { rule in
          hanging("→ \(rule.to)" + (rule.condition.isEmpty ? "" : ": " + rule.condition), 40)
        }
    let rightWidth = right.map(\.count).max() ?? 0
    let leftWidth = 100 - (right.isEmpty ? 0 : rightWidth + 3)
    let nameWidth = (steps.map { $0.description.count }.max() ?? 0) + 2
    let moving = rules.filter { $0.effect != .restores }
    var left: [String] = []
    for (index, step) in steps.enumerated() {
      let next = index + 1 < steps.count ? steps[index + 1] : nil
      let beside = packed(
        moving.filter { $0.from == step && $0.to != next }.map(sideLabel), leftWidth - nameWidth)
      let padding = String(repeating: " ", count: nameWidth - step.description.count)
      left.append(step.description + (beside.first.map { padding + $0 } ?? ""))
      for line in beside.dropFirst() {
        left.append(String(repeating: " ", count: nameWidth) + line)
      }
      let down = moving.filter { $0.from == step && $0.to == next }
      guard !down.isEmpty else { continue }
      for rule in down {
        left += hanging(label(rule), leftWidth - 4).map { "  │ " + $0 }
      }
      left.append("  ▼")
    }
    var lines: [String] = []
    for row in 0..<max(left.count, right.count) {
      let part = row < left.count ? left[row] : ""
      guard row < right.count else {
        lines.append(part)
        continue
      }
      lines.append(
        part + String(repeating: " ", count: max(0, leftWidth - part.count)) + " │ " + right[row])
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The steps from top to bottom in boxes, each arrow down labelled with what moves the flow
  /// to the next step; beside each box the step's other transitions, and under the drawing the
  /// restores at start. Every rule is drawn once; it fits 100 columns.
  private static func text(_ rules: [FlowRule]) -> String {
    let steps = StepKind.allCases
    let boxWidth = (steps.map { $0.description.count }.max() ?? 0) + 4
    let side = 100 - 2 - boxWidth - 2
    let moving = rules.filter { $0.effect != .restores }
    var lines: [String] = []
    for (index, step) in steps.enumerated() {
      let next = index + 1 < steps.count ? steps[index + 1] : nil
      let down = moving.filter { $0.from == step && $0.to == next }
      let beside = moving.filter { $0.from == step && $0.to != next }
        .flatMap { sideLabel($0).wrapped(at: side) }
      let bar = String(repeating: "─", count: boxWidth - 2)
      let middle = boxWidth / 2
      let bottom =
        down.isEmpty
        ? "└" + bar + "┘"
        : "└" + String(bar.prefix(middle - 1)) + "┬" + String(bar.dropFirst(middle)) + "┘"
      let box = [
        "┌" + bar + "┐",
        "│ " + step.description
          + String(repeating: " ", count: boxWidth - 3 - step.description.count)
          + "│",
        bottom,
      ]
      for (row, part) in box.enumerated() {
        let note = row < beside.count ? "  " + beside[row] : ""
        lines.append("  " + part + note)
      }
      for extra in beside.dropFirst(box.count) {
        let stem =
          down.isEmpty
          ? String(repeating: " ", count: boxWidth)
          : String(repeating: " ", count: middle) + "│"
            + String(repeating: " ", count: boxWidth - middle - 1)
        lines.append("  " + stem + "  " + extra)
      }
      guard !down.isEmpty else { continue }
      let stem = "  " + String(repeating: " ", count: middle) + "│"
      for label in down.map(label).joined(separator: " · ").wrapped(at: 100 - stem.count - 1) {
        lines.append(stem + " " + label)
      }
      lines.append("  " + String(repeating: " ", count: middle) + "▼")
    }
    let restores = rules.filter { $0.effect == .restores }
    if !restores.isEmpty {
      lines += ["", "At start, a saved flow is restored (restore):"]
      for rule in restores {
        lines.append("  → \(rule.to)" + (rule.condition.isEmpty ? "" : ": " + rule.condition))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
