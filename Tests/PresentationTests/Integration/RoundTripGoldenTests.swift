import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import TestSupport
import Testing
import Words

@Suite("Goldens of round trips and an offer's details", .serialized)
struct RoundTripGoldenTests {
  /// The root resumed at the round-trip results of `world`, in `language`, loaded.
  func resumed(_ world: ResultsScreen, _ language: Language) async -> RootFeature.State {
    var flow = BookingFlow()
    _ = flow.searchSubmitted(world.criteria)
    var root = RootFeature.State(now: Fixture.now, language: language)
    await drive(
      &root, [.restored(Restoration(flow: flow, outcome: .resumed(at: .results)))], world)
    return root
  }

  func render(_ state: RootFeature.State, _ name: String) {
    for (width, height) in GoldenTests.sizes {
      let canvas = expectGolden(state, "\(name)-\(width)x\(height)") {
        RootView.render($0, width: width, height: height, theme: .color)
      }
      for y in 0..<canvas.height { #expect(DisplayWidth.of(canvas.line(y)) == canvas.width) }
    }
  }

  @Test(
    "round trips on two lines each, and the details of one with a night in London, in both languages"
  )
  func roundTrips() async throws {
    let world = try ResultsScreen(roundTrip: true)
    for language in [Language.english, .turkish] {
      let suffix = language == .english ? "" : "-tr"
      var root = await resumed(world, language)
      render(root, "results-roundtrip\(suffix)")
      // r3, the cheapest, is highlighted: out through Munich, back through London overnight.
      await drive(&root, [.key(.character("d"))], world)
      render(root, "details\(suffix)")
      await drive(&root, [.key(.end)], world)
      expectGolden(root, "details-end\(suffix)-40x12") {
        RootView.render($0, width: 40, height: 12, theme: .color)
      }
    }
  }
}

@Suite("Goldens of the help in Turkish")
struct TurkishHelpGoldenTests {
  @Test("the help names the details key in Turkish too")
  func help() async {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start, language: .turkish)
    await drive(&state, [.key(.function(1))], world)
    for (width, height) in GoldenTests.sizes {
      expectGolden(state, "help-tr-\(width)x\(height)") {
        RootView.render($0, width: width, height: height, theme: .color)
      }
    }
  }
}
