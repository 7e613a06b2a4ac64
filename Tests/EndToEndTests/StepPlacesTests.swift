import FlowOwner
import Foundation
import TestSupport
import Testing

/// The places in the code that name a step outside a switch the compiler checks for
/// exhaustiveness: an `if case` or `guard case` on a step, a `default:` in a switch over steps,
/// a rule of the flow that names its kinds. Each is listed here with why; one that appears, or
/// goes, fails until the list says so. Those a new step may have to change (they name a
/// neighbour: "payment follows extras") are the ones docs/Architecture.md's "Adding a step"
/// names to check by hand; the rest look up what a step on the path carries, and a new step
/// changes nothing there.
@Suite("The places that name a step outside an exhaustive switch")
struct StepPlacesTests {
  /// What a listed place is.
  enum Kind {
    /// Finds what a known step carries (the extras' draft, the payment's quote): a new step
    /// changes nothing here.
    case lookup
    /// Names a step where the path starts, is replaced or ends (the search, the results, the
    /// payment paid from, the confirmation): a step added between two others changes nothing
    /// here.
    case end
    /// Names a neighbour or a kind's place in the flow: a new step between two steps may have
    /// to change it, and docs/Architecture.md names it (`named`).
    case neighbour(named: String)
  }

  /// Every file with such places: how many, of which kind, and why.
  static let listed: [String: (count: Int, kind: Kind, why: String)] = [
    "Modules/FlowOwner/Flow/BookingFlow.swift": (
      3, .end,
      "repriced's and paid's origin, a payment (where the path ends), and advance's push of a "
        + "passengers step with what was typed (that step's own rule, naming no neighbour)"
    ),
    "Modules/FlowOwner/Flow/BookingStep.swift": (
      StepKind.allCases.filter { $0.declaration.arrival != nil }.count,
      .neighbour(named: "chain check"),
      "mismatch(after:): the guard on the step before it of each step an output pushes"
    ),
    "Modules/FlowOwner/Flow/FlowRules.swift": (
      8, .end,
      "the rows that replace the path (a search, paying, starting over, a price expired in "
        + "place) and restore's fallbacks to the confirmation, the results and the search"
    ),
    "Modules/FlowOwner/Snapshot/BookingSnapshot.swift": (1, .lookup, "the criteria of the results"),
    "Modules/Presentation/Root/RootFeature.swift": (
      2, .lookup, "a confirmation at the end, the results' criteria"
    ),
    "Modules/Presentation/Root/SearchDay.swift": (1, .lookup, "the results' search moved a day"),
    "Modules/Presentation/Views/RootView.swift": (
      1, .lookup, "the extras' title names the passengers' summary"
    ),
    "Tools/FaultLab/Flows/Faults/ConfirmationDrawnAsPayment.swift": (
      1, .lookup, "the fault acts on a confirmation"
    ),
    "Tools/FaultLab/Flows/Faults/PayReturnsToSearch.swift": (
      1, .lookup, "the fault acts on a payment"
    ),
    "Tools/FaultLab/Flows/Faults/SnapshotCarriesNames.swift": (
      1, .lookup, "the names an extras' draft carries"
    ),
    "Tools/FaultLab/Flows/Harness/PathHistory.swift": (
      2, .lookup, "the results' criteria, and the payment a history pays on"
    ),
  ]

  /// The steps' case names, from the kinds themselves: a new step is looked for as soon as it is
  /// declared.
  static let steps = StepKind.allCases.filter { $0 != .search }.map(\.description)
    .joined(separator: "|")

  /// The places in `text`: lines matching a step with `if`, `guard` or `while case`, or a rule
  /// naming its kinds, and switches over steps with a `default:`.
  static func places(in text: String) throws -> Int {
    let matched = try Regex(
      #"\b(?:if|guard|while)\b.*\bcase \.(?:"# + steps + #")\b|, case \.(?:"# + steps + #")\b"#)
    let rule = try Regex(#"from: \.(?:search|"# + steps + #"), to: \."#)
    var count = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false)
    where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
      if line.contains(matched) || line.contains(rule) { count += 1 }
    }
    let stepCase = try Regex(#"case \.(?:"# + steps + #")\b"#)
    var index = text.startIndex
    while let found = text[index...].firstMatch(of: #/\bswitch\b[^{\n]*\{/#) {
      var depth = 1
      var end = found.range.upperBound
      while depth > 0, end < text.endIndex {
        if text[end] == "{" { depth += 1 } else if text[end] == "}" { depth -= 1 }
        end = text.index(after: end)
      }
      let body = text[found.range.upperBound..<end]
      if body.contains(stepCase), body.contains(#/(?m)^\s*default:/#) { count += 1 }
      index = found.range.upperBound
    }
    return count
  }

  @Test("every such place is listed, with why, and those naming a neighbour are in the docs")
  func everyPlaceIsListed() throws {
    let root = PackageExecutable.root
    var found: [String: Int] = [:]
    for folder in ["Modules", "Apps", "Tools"] {
      let base = root.appendingPathComponent(folder)
      guard let walk = FileManager.default.enumerator(atPath: base.path) else { continue }
      for case let path as String in walk
      where path.hasSuffix(".swift") && !path.contains("Migration/") {
        let text = try String(
          contentsOf: base.appendingPathComponent(path), encoding: .utf8)
        let count = try Self.places(in: text)
        if count > 0 { found["\(folder)/\(path)"] = count }
      }
    }
    #expect(
      found == Self.listed.mapValues(\.count),
      "found: \(found.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })")
    let architecture = try String(
      contentsOf: root.appendingPathComponent("docs/Architecture.md"), encoding: .utf8)
    let adding =
      architecture.components(separatedBy: "## Adding a step").last?
      .components(separatedBy: "\n## ").first ?? ""
    for (file, place) in Self.listed {
      guard case .neighbour(let name) = place.kind else { continue }
      #expect(adding.contains(name), "\(file): Adding a step does not name \(name)")
    }
  }
}
