import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import TestSupport
import Testing
import Words

/// The screens at the sizes people use: the extras with bags and insurance chosen (one way and
/// round trip) at 80x24 and 100x30, a wide terminal, and a terminal too small on payment.
@Suite("Layout that fits", .serialized)
struct LayoutFitTests {
  /// IST→AMS on 24 Dec (back on 31 Dec for a round trip), for two.
  func criteria(roundTrip: Bool) throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"),
      returning: roundTrip ? CalendarDay(iso: "2026-12-31") : nil, party: .adults(2))
  }

  /// The root at extras, resumed at the results of `criteria` and walked there by keys: a seat
  /// for the first passenger, a bag each and insurance; the focus on insurance.
  func extrasWithBags(_ world: TestWorld, roundTrip: Bool) async throws -> RootFeature.State {
    var state = RootFeature.State(now: TestWorld.start)
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: try criteria(roundTrip: roundTrip), position: .results),
      using: world.environment.services, now: TestWorld.start)
    await drive(&state, [.restored(restored)], world)
    await drive(&state, [.key(.enter)] + GoldenTests().fillPassengers + [.key(.enter)], world)
    await drive(
      &state,
      [.key(.enter), .key(.tab), .key(.character("+")), .key(.down), .key(.character("+"))]
        + [.key(.tab), .key(.character(" "))], world)
    let extras = try #require(state.steps.last?.screen.state(ExtrasFeature.self))
    #expect(extras.focus == .insurance && extras.extras.insurance)
    return state
  }

  /// The rows of the extras panel's side column (right of the seat map), as text.
  func sideColumn(_ canvas: Canvas) -> [String] {
    canvas.lines.map { line in
      let characters = Array(line)
      // The map's column ends after its exit marks; the side column starts past it.
      return String(characters.dropFirst(min(characters.count, 30)))
    }
  }

  @Test(
    "with bags and insurance, every part of the extras shows or a marker says more is below",
    arguments: [false, true], [(80, 24), (100, 30)])
  func continueReachable(roundTrip: Bool, size: (width: Int, height: Int)) async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = try await extrasWithBags(world, roundTrip: roundTrip)
    let name = "\(roundTrip ? "round trip" : "one way") at \(size.width)x\(size.height)"
    // From the seats round to Continue with Tab: Continue is either on screen or below a marker.
    await drive(&state, [.key(.backTab), .key(.backTab)], world)
    for focus in ExtrasFeature.Focus.allCases {
      let extras = try #require(state.steps.last?.screen.state(ExtrasFeature.self))
      #expect(extras.focus == focus)
      let canvas = RootView.render(state, width: size.width, height: size.height, theme: .color)
      let text = canvas.description
      #expect(
        text.contains("[ Continue ]") || text.contains(Language.english.strings.moreBelow),
        "\(name), focus \(focus):\n\(text)")
      if !text.contains("Total") {
        #expect(text.contains("▼ more"), "\(name), focus \(focus):\n\(text)")
      }
      if focus == .proceed {
        #expect(text.contains("[ Continue ]"), "\(name):\n\(text)")
        #expect(text.contains("Total"), "\(name):\n\(text)")
        #expect(text.contains("Travel insurance  "), "\(name): the estimate's lines\n\(text)")
      }
      await drive(&state, [.key(.tab)], world)
    }
  }

  @Test("scrolled down to Continue, the panel says more is above", arguments: [false, true])
  func markerAbove(roundTrip: Bool) async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = try await extrasWithBags(world, roundTrip: roundTrip)
    await drive(&state, [.key(.tab)], world)
    let canvas = RootView.render(state, width: 80, height: 24, theme: .color)
    let side = sideColumn(canvas)
    #expect(side.contains { $0.hasPrefix("▲ more") }, "\(canvas)")
    #expect(side.contains { $0.hasPrefix("[ Continue ]") }, "\(canvas)")
  }

  @Test("the legend prices every kind of seat on one row at 100x30, under the map")
  func legendOnOneRow() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let state = try await extrasWithBags(world, roundTrip: false)
    let canvas = RootView.render(state, width: 100, height: 30, theme: .color)
    let legend = canvas.lines.filter { $0.contains("[ ] available") }
    #expect(legend.count == 1, "\(canvas)")
    // The amounts keep their space unbroken: standard seats (the front third of the cabin costs
    // more) and the seats with more room, each from the cheapest to the dearest.
    #expect(legend.first?.contains("[ ] available, TRY\u{A0}0–405") == true, "\(canvas)")
    #expect(legend.first?.contains("[+] legroom, TRY\u{A0}1,080–1,260") == true, "\(canvas)")
  }

  @Test("the 36-row seat map says how many rows are hidden, and keeps the cursor's row in view")
  func seatMapMarker() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = try await extrasWithBags(world, roundTrip: false)
    await drive(&state, [.key(.tab), .key(.tab)], world)
    var canvas = RootView.render(state, width: 100, height: 30, theme: .color)
    #expect(canvas.lines.contains { $0.contains("▼ 16 rows") }, "\(canvas)")
    #expect(!canvas.lines.contains { $0.contains("▲") }, "\(canvas)")
    await drive(&state, Array(repeating: .key(.down), count: 40), world)
    let extras = try #require(state.steps.last?.screen.state(ExtrasFeature.self))
    #expect(extras.cursor?.row == 36)
    canvas = RootView.render(state, width: 100, height: 30, theme: .color)
    #expect(canvas.lines.contains { $0.contains("▲ 16 rows") }, "\(canvas)")
    #expect(canvas.lines.contains { $0.hasPrefix("│  36 ") }, "\(canvas)")
    #expect(!canvas.lines.contains { $0.contains("▼") }, "\(canvas)")
  }

  @Test("at 200x60 the content is centred in a capped width and amounts sit near their labels")
  func wide() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = try await extrasWithBags(world, roundTrip: false)
    await drive(&state, [.key(.tab)], world)
    let canvas = RootView.render(state, width: 200, height: 60, theme: .color)
    let lines = canvas.lines
    // The header and the footer span the terminal; the panels between them do not.
    let panelTop = try #require(lines.firstIndex { $0.contains("┌ Extras") })
    let left = try #require(Array(lines[panelTop]).firstIndex(of: "┌"))
    let right = try #require(Array(lines[panelTop]).lastIndex(of: "┐"))
    #expect(right - left + 1 <= RootView.maximumContentWidth, "\(canvas)")
    #expect(abs(left - (199 - right)) <= 1, "centred: \(left) and \(199 - right)\n\(canvas)")
    for label in ["Total", "Travel insurance  ", "Fare, 2"] {
      let line = try #require(lines.first { $0.contains(label) && $0.contains("TRY") })
      let characters = Array(line)
      let start = try #require(line.range(of: label)).lowerBound
      let labelAt = line.distance(from: line.startIndex, to: start)
      let amountEnd = try #require(characters.lastIndex { $0.isNumber }) + 1
      #expect(amountEnd - labelAt <= 60, "\(label): \(line)")
    }
  }

  @Test("too small on payment: the countdown stays on the first line, and ticks there alone")
  func tooSmallKeepsCountdown() throws {
    var state = try RootFeature.State.atPayment(expiringIn: 125).state
    for (width, height) in [(39, 11), (30, 6), (12, 3)] {
      var canvas = RootView.render(state, width: width, height: height, theme: .color)
      #expect(canvas.lines[0].contains("02:05"), "\(width)x\(height):\n\(canvas)")
      #expect(canvas.description.contains("Terminal") || height < 5, "\(canvas)")
      let previous = state
      state.now = previous.now.addingTimeInterval(1)
      #expect(RootView.drawClock(state, after: previous, on: &canvas, theme: .color))
      #expect(canvas.lines[0].contains("02:04"), "\(width)x\(height):\n\(canvas)")
      #expect(canvas == RootView.render(state, width: width, height: height, theme: .color))
      state = previous
    }
    let wide = RootView.render(state, width: 39, height: 11, theme: .color)
    #expect(wide.lines[0].hasPrefix("Price held 02:05"), "\(wide)")
  }
}
