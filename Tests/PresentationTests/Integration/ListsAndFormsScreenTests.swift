import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import TestSupport
import Testing
import Words

/// The screens as a traveller reads them: a sorted list full from the top of its page, the
/// airlines checklist with its counts, the passengers named at payment, dates with their
/// weekday, and Ctrl-S named where forms are.
@Suite("Lists and forms on screen", .serialized)
struct ListsAndFormsScreenTests {
  static let sizes = [(100, 30), (80, 24)]

  let searchKeys: [RootFeature.Action] =
    keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
    + keys("2026-12-24") + [.key(.tab), .key(.character("+")), .key(.control("s"))]

  /// A round trip, 24 to 31 Dec, for one.
  let roundTripKeys: [RootFeature.Action] =
    [.key(.backTab), .key(.character(" ")), .key(.tab)] + keys("ist") + [.key(.enter)]
    + keys("ams") + [.key(.enter), .key(.control("u"))] + keys("2026-12-24") + [.key(.control("s"))]

  let fillPassengers: [RootFeature.Action] =
    [.key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace") + [.key(.tab)]
    + keys("1985-12-10")
    + [.key(.tab), .key(.right), .key(.tab)] + keys("太郎") + [.key(.tab)] + keys("山田") + [.key(.tab)]
    + keys("1986-12-09") + [.key(.tab)] + keys("ada@example.com") + [.key(.tab)]
    + keys("+31201234567")

  /// The lines of the list under the column headings, down to the panel's bottom border.
  func listLines(_ canvas: Canvas) -> [String] {
    let lines = canvas.lines
    guard let headings = lines.firstIndex(where: { $0.contains("Times") }),
      let bottom = lines.lastIndex(where: { $0.hasPrefix("└") })
    else { return [] }
    return Array(lines[(headings + 1)..<bottom])
  }

  func results(_ state: RootFeature.State) -> ResultsFeature.State? {
    state.steps.last?.screen.state(ResultsFeature.self)
  }

  @Test(
    "a sort with the selection far down shows the new order from its top: its first offer highlighted and the list full",
    arguments: [false, true])
  func sortShowsTheTop(roundTrip: Bool) async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    await drive(&state, roundTrip ? roundTripKeys : searchKeys, world)
    let count = try #require(results(state)?.listed.count)
    #expect(count > 20, "enough offers for two pages")
    await drive(&state, Array(repeating: .key(.down), count: count - 2), world)
    for sort in ["departure", "duration", "price"] {
      await drive(&state, [.key(.character("s"))], world)
      let listed = try #require(results(state))
      let first = try #require(listed.listed.first)
      #expect(listed.selected == 0, "sorted by \(sort): the highlight goes to the top")
      for (width, height) in Self.sizes {
        let canvas = RootView.render(state, width: width, height: height, theme: .color)
        let rows = listLines(canvas)
        #expect(!rows.isEmpty)
        for row in rows {
          let inside = row.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
          // A scroll bar's track alone is an empty row.
          #expect(
            inside.count > 1, "sorted by \(sort) at \(width)x\(height): an empty row\n\(canvas)")
        }
        // The new order's first offer is the list's first row: nothing of it is above the view.
        let times = "\(first.outbound.departure.hhmm)→\(first.outbound.arrival.hhmm)"
        #expect(
          rows.first?.contains(times) == true,
          "sorted by \(sort) at \(width)x\(height): the first offer is the first row\n\(canvas)")
      }
    }
  }

  @Test("the airlines checklist lists the airlines under the other filters, each with its count")
  func checklistCounts() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    await drive(&state, searchKeys, world)
    guard case .loaded(let offers)? = results(state)?.load else {
      Issue.record("no offers")
      return
    }
    let nonstops = offers.filter { $0.stops == 0 }
    let withNonstops = Set(nonstops.map(\.airline.code))
    let without = try #require(
      Set(offers.map(\.airline.code)).subtracting(withNonstops).sorted().first)
    // One airline with no nonstop is unticked first: it stays listed, to be ticked back.
    await drive(&state, [.key(.character("a"))], world)
    let codes = try #require(results(state)?.airlines.map(\.code))
    let at = try #require(codes.firstIndex(of: without))
    await drive(
      &state,
      Array(repeating: .key(.down), count: at) + [.key(.character(" ")), .key(.escape)], world)
    await drive(&state, [.key(.character("n")), .key(.character("a"))], world)
    let canvas = RootView.render(state, width: 100, height: 30, theme: .color)
    let text = canvas.lines.joined(separator: "\n")
    for code in withNonstops {
      let name = try #require(offers.first { $0.airline.code == code }?.airline.name)
      let count = nonstops.filter { $0.airline.code == code }.count
      #expect(text.contains("[x] \(code)  \(name) (\(count))"), "\(code)\n\(text)")
    }
    let hiddenName = try #require(offers.first { $0.airline.code == without }?.airline.name)
    #expect(text.contains("[ ] \(without)  \(hiddenName) (0)"), "\(text)")
    let others = Set(offers.map(\.airline.code)).subtracting(withNonstops).subtracting([without])
    for code in others {
      #expect(!text.contains("] \(code)  "), "\(code) has no nonstop: not listed\n\(text)")
    }
  }

  @Test("the payment screen names the passengers, in English and Turkish")
  func paymentNamesPassengers() async throws {
    for language in Language.allCases {
      let world = TestWorld()
      defer { world.remove() }
      var state = RootFeature.State(now: TestWorld.start, language: language)
      await drive(
        &state,
        searchKeys + [.key(.enter)] + fillPassengers
          + [.key(.tab), .key(.enter), .key(.character("c"))], world)
      #expect(state.current == .payment)
      for (width, height) in Self.sizes {
        let lines = RootView.render(state, width: width, height: height, theme: .color).lines
        let title = "┌ \(language.strings.stepName(.payment))"
        let panel = try #require(lines.firstIndex { $0.hasPrefix(title) })
        let inside = lines[panel...].joined(separator: "\n")
        #expect(inside.contains("Ada Lovelace, 太郎 山田"), "\(language) \(width)x\(height)\n\(inside)")
      }
    }
  }

  @Test("dates carry their weekday: the results heading, the details and the panels")
  func weekdays() async throws {
    let world = TestWorld()
    defer { world.remove() }
    for (language, said) in [(Language.english, "Thu 24 Dec"), (.turkish, "24 Ara Per")] {
      var state = RootFeature.State(now: TestWorld.start, language: language)
      await drive(&state, searchKeys, world)
      var lines = RootView.render(state, width: 100, height: 30, theme: .color).lines
      #expect(lines[2].contains(said), "the results' title: \(lines[2])")
      await drive(&state, [.key(.character("d"))], world)
      lines = RootView.render(state, width: 100, height: 30, theme: .color).lines
      #expect(lines.contains { $0.contains(said) && $0.contains("→") }, "details\n\(lines)")
      await drive(&state, [.key(.escape), .key(.enter)], world)
      lines = RootView.render(state, width: 100, height: 30, theme: .color).lines
      #expect(lines[2].contains(said), "the results panel on the path: \(lines[2])")
    }
  }

  @Test("the forms' footers and the help name Ctrl-S")
  func sendKeyNamed() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    var bar = RootView.render(state, width: 100, height: 30, theme: .color).lines.last ?? ""
    #expect(bar.contains("^S"), "search: \(bar)")
    await drive(&state, searchKeys + [.key(.enter)], world)
    bar = RootView.render(state, width: 100, height: 30, theme: .color).lines.last ?? ""
    #expect(bar.contains("^S"), "passengers: \(bar)")
    for language in Language.allCases {
      #expect(language.strings.helpLines.contains { $0.hasPrefix("Ctrl-S") }, "\(language)")
    }
  }
}
