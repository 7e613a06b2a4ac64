import Airline
import Canvas
import Domain
import FlowFaults
import FlowOwner
import Foundation
import Presentation
import SimulatedAirline
import TestSupport
import Testing
import Words

/// Compares a render with `Goldens/<name>.txt`, or rewrites it when the run names it in
/// BOOKING_RECORD_GOLDENS (`GoldenRecording`).
func expectGolden(
  _ canvas: Canvas, _ name: String, mask: [String: String] = [:],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Goldens/\(name).txt")
  GoldenRecording.check(
    goldenText(canvas, mask: mask), file: file, name: name, sourceLocation: sourceLocation)
}

/// Draws `state` with `draw` and compares it with `Goldens/<name>.txt` (`expectGolden`); hands
/// the state and the drawing to the contrast kernel when it collects (`GoldenCollector`), which
/// draws the state again under faultlab's faults, reached through `history` when the path alone
/// does not say how. Returns the canvas drawn.
@discardableResult
func expectGolden(
  _ state: RootFeature.State, _ name: String, mask: [String: String] = [:],
  history: PathHistory? = nil, sourceLocation: SourceLocation = #_sourceLocation,
  draw: @escaping @Sendable (RootFeature.State) -> Canvas
) -> Canvas {
  let canvas = draw(state)
  expectGolden(canvas, name, mask: mask, sourceLocation: sourceLocation)
  GoldenCollector.current?.drew(name, state, history: history) {
    goldenText(draw($0), mask: mask)
  }
  return canvas
}

/// The text a golden file holds for `canvas`: its lines, each secret in `mask` replaced.
func goldenText(_ canvas: Canvas, mask: [String: String] = [:]) -> String {
  var lines = canvas.lines
  for (secret, replacement) in mask {
    lines = lines.map { $0.replacingOccurrences(of: secret, with: replacement) }
  }
  return lines.joined(separator: "\n") + "\n"
}

@Suite("Golden renders", .serialized)
struct GoldenTests {
  static let sizes = [(100, 30), (80, 24), (40, 12)]

  let fillPassengers: [RootFeature.Action] =
    [.key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace") + [.key(.tab)]
    + keys("1985-12-10")
    + [.key(.tab), .key(.right), .key(.tab)] + keys("太郎") + [.key(.tab)] + keys("山田") + [.key(.tab)]
    + keys("1986-12-09") + [.key(.tab)] + keys("ada@example.com") + [.key(.tab)]
    + keys("+31201234567") + [.key(.tab)]

  let searchKeys: [RootFeature.Action] =
    keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
    + keys("2026-12-24") + [.key(.tab), .key(.character("+")), .key(.control("s"))]

  func render(_ state: RootFeature.State, _ name: String, mask: [String: String] = [:]) {
    for (width, height) in Self.sizes {
      let canvas = expectGolden(state, "\(name)-\(width)x\(height)", mask: mask) {
        RootView.render($0, width: width, height: height, theme: .color)
      }
      expectAligned(canvas)
    }
  }

  /// Every row is exactly as wide as the canvas, whatever scripts it holds.
  func expectAligned(_ canvas: Canvas, sourceLocation: SourceLocation = #_sourceLocation) {
    for y in 0..<canvas.height {
      #expect(DisplayWidth.of(canvas.line(y)) == canvas.width, sourceLocation: sourceLocation)
    }
  }

  @Test("the passengers hints say Enter moves to the next field, and continues from Continue")
  func passengersHints() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    await drive(&state, searchKeys + [.key(.enter), .key(.right), .key(.tab)], world)
    var bar = RootView.render(state, width: 100, height: 30, theme: .color).lines.last ?? ""
    #expect(bar.hasPrefix(" Tab/Enter next field  ^S continue  Esc back"), "\(bar)")
    await drive(&state, fillPassengers.dropFirst(2).map { $0 }, world)
    bar = RootView.render(state, width: 100, height: 30, theme: .color).lines.last ?? ""
    #expect(bar.hasPrefix(" Enter continue  Tab next field  Esc back"), "\(bar)")
  }

  @Test("every panel at 100x30, 80x24 and 40x12")
  func panels() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    render(state, "search-empty")
    await drive(&state, keys("ist"), world)
    render(state, "search-suggestions")
    await drive(
      &state,
      [.key(.enter)] + keys("zzz") + [.key(.tab), .key(.tab), .key(.tab), .key(.control("s"))],
      world)
    render(state, "search-errors")
    await drive(&state, [.key(.function(1))], world)
    render(state, "help")

    state = RootFeature.State(now: TestWorld.start)
    await drive(&state, searchKeys, world)
    render(state, "results")
    await drive(&state, [.key(.enter)] + fillPassengers, world)
    render(state, "passengers")
    await drive(&state, [.key(.enter), .key(.enter)], world)
    await drive(&state, arrowsToTakenSeat(state) + [.key(.enter)], world)
    render(state, "extras")
    // On a short screen the side column scrolls to what has focus: Continue can be seen.
    var toContinue = state
    await drive(&toContinue, [.key(.tab), .key(.tab), .key(.tab)], world)
    let small = RootView.render(toContinue, width: 40, height: 12, theme: .color)
    #expect(small.description.contains("[ Continue ]"), "\(small)")
    await drive(&state, [.key(.character("c"))], world)
    state.now = TestWorld.start.addingTimeInterval(61)
    render(state, "payment")
    state.now = TestWorld.start.addingTimeInterval(15 * 60)
    render(state, "payment-expired")
    state.now = TestWorld.start.addingTimeInterval(61)
    await drive(
      &state,
      cardKeys() + [.key(.tab), .key(.enter)], world)
    guard case .confirmation(let reference)? = state.flow.path.first else {
      Issue.record("not confirmed")
      return
    }
    let spaced = reference.rawValue.map(String.init).joined(separator: " ")
    render(state, "confirmation", mask: [spaced: "R E F E R N"])
  }

  @Test(
    "relaunched after the price lock ran out: the extras, with the seats chosen, to price again")
  func resumedExpired() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    await drive(&state, searchKeys + [.key(.enter)] + fillPassengers, world)
    await drive(&state, [.key(.enter), .key(.enter)], world)
    await drive(&state, arrowsToTakenSeat(state) + [.key(.enter), .key(.character("c"))], world)
    #expect(state.current == .payment)
    let later = TestWorld.start.addingTimeInterval(20 * 60)
    let restoration = await BookingFlow.restore(
      state.flow.snapshot, using: world.environment.services, now: later)
    var resumed = RootFeature.State(now: later)
    await drive(&resumed, [.restored(restoration)], world)
    resumed.now = later
    #expect(resumed.current == .extras)
    // The path alone does not say a relaunch made it: the kernel is told.
    let history = PathHistory(forward: state.flow.path)?.relaunched(at: later)
    for (width, height) in Self.sizes {
      expectGolden(resumed, "resumed-expired-\(width)x\(height)", history: history) {
        RootView.render($0, width: width, height: height, theme: .color)
      }
    }
  }

  @Test("below 40x12 the screen says how large the terminal must be")
  func tooSmall() {
    let state = RootFeature.State(now: TestWorld.start)
    let canvas = RootView.render(state, width: 39, height: 11, theme: .color)
    #expect(canvas.lines.joined(separator: " ").contains("need at least 40x12, now 39x11"))
    for (width, height) in [(1, 1), (0, 0), (3, 2), (300, 100)] {
      let canvas = RootView.render(state, width: width, height: height, theme: .monochrome)
      #expect(canvas.width == width && canvas.height == height)
    }
  }

  @Test("the countdown shows mm:ss from expiresAt and the clock, and expires at expiresAt")
  func countdown() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start)
    await drive(
      &state, searchKeys + [.key(.enter)] + fillPassengers + [.key(.enter), .key(.character("c"))],
      world)
    let quote = try #require(state.quote)
    let cases: [(TimeInterval, String)] = [
      (-900, "Price held 15:00"), (-899.2, "Price held 15:00"), (-61.5, "Price held 01:02"),
      (-60, "Price held 01:00"), (-1, "Price held 00:01"), (0, "Price expired"),
      (5, "Price expired"),
    ]
    for (offset, text) in cases {
      state.now = quote.expiresAt.addingTimeInterval(offset)
      let canvas = RootView.render(state, width: 100, height: 30, theme: .color)
      #expect(canvas.lines[0].contains(text), "\(offset): \(canvas.lines[0])")
    }
  }

  @Test("Turkish: every text and amount in Turkish")
  func turkish() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start, language: .turkish)
    await drive(&state, searchKeys, world)
    let canvas = expectGolden(state, "results-tr-100x30") {
      RootView.render($0, width: 100, height: 30, theme: .monochrome)
    }
    #expect(canvas.description.contains("Sonuçlar"))
    #expect(canvas.description.contains(" TRY"))

    // On to payment: passenger types, the estimate and the quote's lines in Turkish too.
    await drive(&state, [.key(.enter)] + fillPassengers, world)
    await drive(&state, [.key(.enter), .key(.enter), .key(.tab), .key(.character("+"))], world)
    let extras = expectGolden(state, "extras-tr-100x30") {
      RootView.render($0, width: 100, height: 30, theme: .monochrome)
    }
    await drive(&state, [.key(.character("c"))], world)
    state.now = TestWorld.start.addingTimeInterval(61)
    let payment = expectGolden(state, "payment-tr-100x30") {
      RootView.render($0, width: 100, height: 30, theme: .monochrome)
    }
    for english in ["Fare", "Seat ", "passenger", "checked bag", "Taxes", "adult", "Total"] {
      #expect(!extras.description.contains(english), "English '\(english)' in:\n\(extras)")
      #expect(!payment.description.contains(english), "English '\(english)' in:\n\(payment)")
    }
    #expect(payment.description.contains("Koltuk "), "\(payment)")
  }
}

@Suite("Goldens of the search form's trip and party, and the passengers rows they make")
struct PartyGoldenTests {
  /// IST to AMS on 24 Dec, one way, for two adults, a child and an infant (focus on the infants).
  let partyKeys: [RootFeature.Action] =
    keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
    + keys("2026-12-24") + [.key(.tab), .key(.character("+")), .key(.tab), .key(.character("+"))]
    + [.key(.tab), .key(.character("+"))]

  func render(_ state: RootFeature.State, _ name: String) {
    for (width, height) in GoldenTests.sizes {
      let canvas = expectGolden(state, "\(name)-\(width)x\(height)") {
        RootView.render($0, width: width, height: height, theme: .color)
      }
      for y in 0..<canvas.height {
        #expect(DisplayWidth.of(canvas.line(y)) == canvas.width, "\(name) row \(y)")
      }
    }
  }

  @Test(
    "a round trip for a party, its messages, and the passengers rows by type, in both languages")
  func roundTripAndParty() async throws {
    let world = TestWorld()
    defer { world.remove() }
    for language in [Language.english, .turkish] {
      let suffix = language == .english ? "" : "-tr"
      var state = RootFeature.State(now: TestWorld.start, language: language)
      // Round trip: Shift-Tab back to Trip, Space (the return a week on), Shift-Tab round past
      // the Search button to the infants.
      await drive(&state, partyKeys, world)
      await drive(
        &state,
        Array(repeating: .key(.backTab), count: 6)
          + [.key(.character(" ")), .key(.backTab), .key(.backTab)],
        world)
      #expect(state.search.roundTrip && state.search.focus == .infants)
      render(state, "search-round-trip\(suffix)")

      // Three infants for two adults, a return before the departure: both said at their fields.
      var wrong = state
      await drive(
        &wrong,
        [.key(.control("u"))] + keys("3") + [.key(.backTab), .key(.backTab), .key(.backTab)]
          + [.key(.control("u"))] + keys("2026-12-20") + [.key(.control("s"))], world)
      #expect(wrong.steps.isEmpty && wrong.search.errors.count == 2, "\(wrong.search.errors)")
      render(wrong, "search-party-errors\(suffix)")

      // One way, to the passengers: a row per traveller, adults first, each headed by its type.
      var oneWay = RootFeature.State(now: TestWorld.start, language: language)
      await drive(&oneWay, partyKeys + [.key(.control("s")), .key(.enter)], world)
      #expect(oneWay.current == .passengers)
      render(oneWay, "passengers-party\(suffix)")
    }
  }
}

@Suite("Goldens of the narrowed results")
struct FilteredResultsGoldenTests {
  let searchKeys = GoldenTests().searchKeys

  @Test(
    "results narrowed by airline, time and price, and the airlines checklist, in both languages")
  func filtered() async throws {
    let world = TestWorld()
    defer { world.remove() }
    for language in [Language.english, .turkish] {
      let suffix = language == .english ? "" : "-tr"
      var state = RootFeature.State(now: TestWorld.start, language: language)
      await drive(&state, searchKeys, world)
      if language == .turkish {
        for (width, height) in GoldenTests.sizes {
          expectGolden(state, "results\(suffix)-\(width)x\(height)") {
            RootView.render($0, width: width, height: height, theme: .color)
          }
        }
      }
      // The fourth airline (KLM) hidden, evening departures, two steps down the price.
      await drive(
        &state,
        [.key(.character("a")), .key(.down), .key(.down), .key(.down), .key(.character(" "))],
        world)
      for (width, height) in GoldenTests.sizes {
        expectGolden(state, "results-airlines\(suffix)-\(width)x\(height)") {
          RootView.render($0, width: width, height: height, theme: .color)
        }
      }
      await drive(
        &state,
        [
          .key(.escape), .key(.character("t")), .key(.character("t")), .key(.character("t")),
          .key(.character("t")), .key(.character("-")), .key(.character("-")),
        ], world)
      for (width, height) in GoldenTests.sizes {
        expectGolden(state, "results-filtered\(suffix)-\(width)x\(height)") {
          RootView.render($0, width: width, height: height, theme: .color)
        }
      }
    }
  }
}

@Suite("Goldens of a price the airline changed")
struct PriceChangeGoldenTests {
  @Test("the airline's question on extras, and the payment that says it, in both languages")
  func priceChanged() async throws {
    let world = TestWorld(priceChanges: .always)
    defer { world.remove() }
    let golden = GoldenTests()
    for language in [Language.english, .turkish] {
      let suffix = language == .english ? "" : "-tr"
      var state = RootFeature.State(now: TestWorld.start, language: language)
      await drive(&state, golden.searchKeys + [.key(.enter)] + golden.fillPassengers, world)
      await drive(&state, [.key(.enter), .key(.enter), .key(.character("c"))], world)
      #expect(state.current == .extras)
      golden.render(state, "extras-price-changed\(suffix)")
      await drive(&state, [.key(.enter)], world)
      #expect(state.current == .payment)
      state.now = TestWorld.start.addingTimeInterval(61)
      golden.render(state, "payment-price-changed\(suffix)")
    }
  }
}
