import Canvas
import FlowFaults
import Foundation
import TestSupport
import Testing

@testable import FlowOwner
@testable import Presentation
@testable import Screens

/// Seed 004's contrast kernel applied to our own recorded expectations: each golden is a check
/// (the state drawn equals the file), run against the real flow, where it passes, and against
/// each of faultlab's faults (`FlowVersion.faults`), where it must fail.
///
/// A golden's state is reached again through the events that made its path (`PathHistory`):
/// as drawn, with a double press, and with a late reply put in on the way (the real flow ends on
/// the same path after each). Each fault is driven through them; where it leaves the flow
/// elsewhere, the golden's state is drawn again on the fault's path, as the golden's test draws
/// it (each step with the screen the fault builds for it), and compared with the golden's file.
@Suite("Goldens under the contrast kernel", .serialized)
struct GoldenKernelTests {
  /// Goldens that separate no fault, by name (`*` for any run of characters), each with why: no
  /// fault can reach or show what they draw. Any other golden must separate a fault.
  static let blindByDesign: [(golden: String, reason: String)] = [
    ("search-*", "the search form: no step on the path, nothing a fault of the flow moves"),
    ("plain-search-*", "the search form in ASCII: no step on the path"),
    ("Styled/search-*", "the search form's styles: no step on the path"),
    ("help-*", "the help box over the search form: the keys, no step on the path"),
    ("results-*", "the results alone: made by the search, and every fault acts on a later report"),
    ("plain-results-*", "the results alone in ASCII: every fault acts on a later report"),
    ("Styled/results-*", "the results alone, styled: every fault acts on a later report"),
    ("details-*", "an offer's details on the results: every fault acts on a later report"),
    ("trips-*", "the trips list over the search form: bookings from the airline, no step"),
    ("trip-*", "one booking from the trips list over the search form: no step on the path"),
    ("plain-trips-*", "the trips list in ASCII over the search form: no step on the path"),
  ]

  /// Faults no golden separates, each with why no drawn state can show it.
  static let unseen: [(fault: String, reason: String)] = [
    (
      "extra-notice",
      "the app has no notice screen: a path with one cannot be drawn (faultlab's whole-path sees it)"
    ),
    (
      "names-saved",
      "no screen draws the flow's own snapshot: the inspector's golden reads a file typed as text"
    ),
    (
      "child-unreported",
      "it drops the trips screen's child's end, which no golden of the booking flow's path "
        + "reaches: the trips goldens are drawn from a list, not driven through a cancellation "
        + "(faultlab's parent-route sees it)"
    ),
  ]

  @Test("every golden, drawn again under each of faultlab's faults, tells the faults apart")
  func goldensSeparateFaults() async throws {
    // A run that rewrites goldens has no recorded expectation to judge yet.
    guard GoldenRecording.requested == nil else { return }
    // Minutes of CPU beside load: off the global executor, whose threads (one per core) the
    // tests running beside it need for their waits.
    try await offTheGlobalExecutor("golden-kernel") { try await Self.judgeEveryGolden() }
  }

  /// Every golden drawn again and judged under each fault; the problems recorded as one issue.
  static func judgeEveryGolden() async throws {
    let collector = GoldenCollector()
    let edges = PathEdges()
    try await GoldenCollector.$current.withValue(collector) {
      try await PathEdges.$current.withValue(edges) { try await Self.drawEveryGolden() }
    }
    let matrix = await GoldenMatrix(collector.drawn, edges: edges)
    let problems = matrix.problems(
      goldenFiles: Self.goldenFiles(), blindByDesign: Self.blindByDesign, unseen: Self.unseen)
    if problems.isEmpty {
      print(matrix.summary)
    } else {
      Issue.record(
        Comment(
          rawValue: problems.joined(separator: "\n") + "\n\n" + matrix.report + "\n\n"
            + matrix.summary))
    }
  }

  @Test(
    "lesson 002's MM1: a right route drawn with the wrong screen: the route is the real one's, the confirmation's golden differs"
  )
  func rightRouteWrongScreen() async throws {
    guard GoldenRecording.requested == nil else { return }
    let collector = GoldenCollector()
    let edges = PathEdges()
    try await GoldenCollector.$current.withValue(collector) {
      try await PathEdges.$current.withValue(edges) { try await GoldenTests().panels() }
    }
    let golden = try #require(collector.drawn.first { $0.name == "confirmation-100x30" })
    let fault = try #require(FlowVersion.faults.first { $0.name == "wrong-screen" })
    let history = try #require(GoldenMatrix.history(of: golden.state.flow.path, edges: edges))
    var correct = FlowVersion.correct.make()
    await history.replay(on: &correct)
    var faulty = fault.make()
    await history.replay(on: &faulty)
    let (right, wrong) = (Observation(of: correct), Observation(of: faulty))
    #expect(right.trail == "confirmation" && wrong.trail == right.trail, "the route is right")
    #expect(wrong.screens == "payment", "the confirmation is drawn with the payment's screen")
    let recorded = try String(
      contentsOf: Self.goldens.appendingPathComponent(golden.name + ".txt"), encoding: .utf8)
    #expect(await GoldenMatrix.judge(golden, recorded, history, fault) == .separating)
  }

  @Test("what fails: a golden that separates nothing, a fault no golden sees, an untrue excuse")
  func rules() {
    let faults = FlowVersion.faults.count
    let sees = GoldenMatrix.Row(
      name: "payment-100x30",
      cells: [.blind, .separating] + Array(repeating: .offScreen, count: faults - 2))
    let blind = GoldenMatrix.Row(
      name: "extras-100x30", cells: [.blind] + Array(repeating: .notApplicable, count: faults - 1))
    let form = GoldenMatrix.Row(
      name: "search-100x30", cells: Array(repeating: .notApplicable, count: faults))
    let matrix = GoldenMatrix(rows: [sees, blind, form], differing: [], unreplayable: [])
    let names = FlowVersion.faults.map(\.name)
    let excused = names.dropFirst(2).map { (fault: $0, reason: "no screen") }
    let problems = matrix.problems(
      goldenFiles: ["payment-100x30", "extras-100x30", "search-100x30", "help-100x30"],
      blindByDesign: [("search-*", "no step"), ("payment-*", "stale"), ("trips-*", "gone")],
      unseen: [(fault: names[1], reason: "stale")] + excused)
    #expect(
      problems == [
        "golden help-100x30 is drawn by no test the kernel runs",
        "golden extras-100x30 separates no fault: \(blind.cells.map(\.rawValue))",
        "blindByDesign payment-*: payment-100x30 separates a fault",
        "blindByDesign trips-* names no golden",
        "fault \(names[0]) is separated by no golden",
        "unseen \(names[1]): a golden separates it",
      ])
    #expect(matrix.report.contains("payment-100x30  B S o"), "\(matrix.report)")
  }

  /// Runs every test that draws a golden.
  static func drawEveryGolden() async throws {
    try await GoldenTests().panels()
    try await GoldenTests().turkish()
    try await GoldenTests().resumedExpired()
    try await PartyGoldenTests().roundTripAndParty()
    try await FilteredResultsGoldenTests().filtered()
    try await PriceChangeGoldenTests().priceChanged()
    try await RoundTripGoldenTests().roundTrips()
    await TurkishHelpGoldenTests().help()
    try await RoundTripBookingTests().english()
    try await RoundTripBookingTests().turkish()
    try await PlainGoldenTests().bookingScreens()
    try await PlainGoldenTests().trips()
    try await StyledGoldenTests().screens()
    try InspectorTests().golden()
    try await TripsRootTests().goldens()
    try await RoundTripTripsTests().goldens()
    try await FamilyPaymentGoldenTests().familyPayment()
  }

  /// The folder of the golden files.
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Goldens")

  /// Every golden file's name: its path under Goldens without `.txt`.
  static func goldenFiles() -> [String] {
    let root = goldens.standardizedFileURL.path + "/"
    let found = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return found.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
  }
}

/// What one golden did with one fault.
enum GoldenCell: String, Sendable {
  /// The fault moved the flow and the golden's drawing differs: the golden sees it.
  case separating = "S"
  /// The fault moved the flow and the golden is drawn the same: the golden is blind to it.
  case blind = "B"
  /// The fault moved the flow onto a screen the app has no drawing for (a notice, a screen whose
  /// data is gone).
  case undrawable = "x"
  /// The fault changed only what the flow saves or reads apart (the snapshot), no screen.
  case offScreen = "o"
  /// No event of the golden's history sets the fault off: the flow is the same.
  case notApplicable = "."
}

/// Every golden against every fault, with what the kernel could not judge.
struct GoldenMatrix {
  /// One golden's row.
  struct Row {
    let name: String
    /// One cell per fault, in `FlowVersion.faults` order.
    let cells: [GoldenCell]
  }

  let rows: [Row]
  /// Goldens whose own state is not drawn as their file says (their own test fails too).
  let differing: [String]
  /// Goldens whose history the real flow does not bring back to their path.
  let unreplayable: [String]

  /// The given rows.
  init(rows: [Row], differing: [String], unreplayable: [String]) {
    self.rows = rows
    self.differing = differing
    self.unreplayable = unreplayable
  }

  /// Judges each golden drawn, once per name (the first drawing of a name).
  init(_ drawn: [GoldenCollector.Drawn], edges: PathEdges) async {
    var seen: Set<String> = []
    var rows: [Row] = []
    var differing: [String] = []
    var unreplayable: [String] = []
    for golden in drawn where seen.insert(golden.name).inserted {
      let file = GoldenKernelTests.goldens.appendingPathComponent(golden.name + ".txt")
      let recorded = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      guard golden.text(golden.state) == recorded else {
        differing.append(golden.name)
        continue
      }
      let history = golden.history ?? Self.history(of: golden.state.flow.path, edges: edges)
      var cells: [GoldenCell] = []
      for fault in FlowVersion.faults {
        var outcomes: [GoldenCell] = []
        for variant in history?.variants ?? [] {
          guard
            let outcome = await Self.judge(golden, recorded, variant.history, fault)
          else {
            unreplayable.append("\(golden.name) (\(variant.name))")
            continue
          }
          outcomes.append(outcome)
        }
        cells.append(Self.combine(outcomes))
      }
      rows.append(Row(name: golden.name, cells: cells))
    }
    self.rows = rows
    self.differing = differing
    self.unreplayable = Array(Set(unreplayable)).sorted()
  }

  /// The events that made `path`: a chain from its search, or a confirmation paid on the
  /// payment path it was reached from; nil at the search form.
  static func history(of path: [BookingStep], edges: PathEdges) -> PathHistory? {
    guard case .confirmation(let reference)? = path.first else {
      return PathHistory(forward: path)
    }
    return edges.parent(of: path).flatMap { PathHistory(forward: $0) }?.paying(reference)
  }

  /// What `fault` does to `golden` after `history`; nil when the real flow does not end on the
  /// golden's path.
  static func judge(
    _ golden: GoldenCollector.Drawn, _ recorded: String, _ history: PathHistory,
    _ fault: FlowVersion
  ) async -> GoldenCell? {
    var correct = FlowVersion.correct.make()
    await history.replay(on: &correct)
    var faulty = fault.make()
    await history.replay(on: &faulty)
    let path = golden.state.flow.path
    guard correct.path.map(\.description) == path.map({ Stop($0).description }) else {
      return nil
    }
    let (expected, found) = (Observation(of: correct), Observation(of: faulty))
    if expected == found { return .notApplicable }
    if expected.path == found.path { return .offScreen }
    let steps = found.path.compactMap(\.step)
    guard steps.count == found.path.count else { return .undrawable }
    // The steps the fault left as they were keep the golden's own values (a restored step's
    // highlighted offer, its travellers); the rest are the fault's.
    let kept = zip(expected.path, found.path).prefix { $0 == $1 }.count
    var shown = golden.state
    shown.flow = BookingFlow(validPath: Array(path.prefix(kept)) + steps.dropFirst(kept))
    _ = RootFeature.reconcile(&shown, .test())
    // A fault may build a step's screen from another step (`Stop.drawn`): the route is the
    // step's, the screen drawn is the other's, as the app's table builds it.
    for (entry, stop) in zip(shown.steps, found.path) {
      guard let drawn = stop.drawn, drawn != stop.step else { continue }
      shown.stack.update(entry.id) { $0 = BookingSteps.screen(for: drawn) }
    }
    return golden.text(shown) == recorded ? .blind : .separating
  }

  /// One cell from the outcomes of a history's variants: blind if the golden missed the fault
  /// in any of them, else separating if it saw it in any.
  static func combine(_ outcomes: [GoldenCell]) -> GoldenCell {
    for cell in [GoldenCell.blind, .separating, .undrawable, .offScreen]
    where outcomes.contains(cell) {
      return cell
    }
    return .notApplicable
  }

  /// What fails: a golden file no test draws, a golden drawn unlike its file, a history the
  /// real flow does not replay, a golden that separates no fault and is not in `blindByDesign`,
  /// a fault no golden separates and not in `unseen`, and an entry of either list that names
  /// nothing or is no longer true.
  func problems(
    goldenFiles: [String], blindByDesign: [(golden: String, reason: String)],
    unseen: [(fault: String, reason: String)]
  ) -> [String] {
    var problems: [String] = []
    let drawn = Set(rows.map(\.name) + differing)
    for name in goldenFiles where !drawn.contains(name) {
      problems.append("golden \(name) is drawn by no test the kernel runs")
    }
    for name in differing { problems.append("golden \(name) is not drawn as its file says") }
    for name in unreplayable {
      problems.append("golden \(name): the real flow does not replay its history to its path")
    }
    for row in rows where !row.cells.contains(.separating) {
      let allowed = blindByDesign.contains { GoldenRecording.matches(row.name, $0.golden) }
      if !allowed {
        problems.append("golden \(row.name) separates no fault: \(row.cells.map(\.rawValue))")
      }
    }
    for entry in blindByDesign {
      let matched = rows.filter { GoldenRecording.matches($0.name, entry.golden) }
      if matched.isEmpty { problems.append("blindByDesign \(entry.golden) names no golden") }
      for row in matched where row.cells.contains(.separating) {
        problems.append("blindByDesign \(entry.golden): \(row.name) separates a fault")
      }
    }
    for (index, fault) in FlowVersion.faults.enumerated() {
      let separated = rows.contains { $0.cells[index] == .separating }
      let excused = unseen.contains { $0.fault == fault.name }
      if !separated && !excused { problems.append("fault \(fault.name) is separated by no golden") }
      if separated && excused { problems.append("unseen \(fault.name): a golden separates it") }
    }
    return problems
  }

  /// The matrix: a row per golden, a column per fault, and the key.
  var report: String {
    let faults = FlowVersion.faults
    let width = (rows.map(\.name.count).max() ?? 0) + 2
    var lines = [
      "golden".padding(toLength: width, withPad: " ", startingAt: 0)
        + faults.indices.map { String($0 + 1) }.joined(separator: " ")
    ]
    for row in rows {
      lines.append(
        row.name.padding(toLength: width, withPad: " ", startingAt: 0)
          + row.cells.map(\.rawValue).joined(separator: " "))
    }
    lines.append("")
    for (index, fault) in faults.enumerated() {
      lines.append("\(index + 1) \(fault.name): \(fault.summary)")
    }
    lines.append(
      "S separating  B blind  x no screen for it  o off screen  . not applicable (not set off)")
    return lines.joined(separator: "\n")
  }

  /// The counts, and how many goldens separate each fault.
  var summary: String {
    let cells = rows.flatMap(\.cells)
    let counts = [GoldenCell.separating, .blind, .undrawable, .offScreen, .notApplicable].map {
      cell in "\(cell.rawValue) \(cells.filter { $0 == cell }.count)"
    }
    var lines = [
      "goldens under the contrast kernel: \(rows.count) goldens x \(FlowVersion.faults.count) "
        + "faults: " + counts.joined(separator: ", "),
      "goldens that separate no fault (each in blindByDesign): "
        + String(rows.filter { !$0.cells.contains(.separating) }.count),
    ]
    for (index, fault) in FlowVersion.faults.enumerated() {
      let seeing = rows.filter { $0.cells[index] == .separating }.count
      let blind = rows.filter { $0.cells[index] == .blind }.map(\.name)
      lines.append(
        "  \(fault.name): separated by \(seeing) goldens"
          + (blind.isEmpty ? "" : "; blind: " + blind.joined(separator: " ")))
    }
    return lines.joined(separator: "\n")
  }
}
