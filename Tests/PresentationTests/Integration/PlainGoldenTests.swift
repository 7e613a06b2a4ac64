import Canvas
import Domain
import Foundation
import Presentation
import TestSupport
import Testing
import Words

/// Each screen as a terminal that shows ASCII alone draws it (a C locale, a VT100): the render
/// folded by `PlainGlyphs`, lines as `+ - |`, compared with `Goldens/plain-<name>.txt`.
@Suite("Golden renders in ASCII, as under the C locale", .serialized)
struct PlainGoldenTests {
  /// The passengers form with a Turkish name and a Japanese one, each folded its own way.
  let fillPassengers: [RootFeature.Action] =
    [.key(.right), .key(.tab)] + keys("Çağrı") + [.key(.tab)] + keys("Öztürk") + [.key(.tab)]
    + keys("1985-12-10")
    + [.key(.tab), .key(.right), .key(.tab)] + keys("太郎") + [.key(.tab)] + keys("山田") + [.key(.tab)]
    + keys("1986-12-09") + [.key(.tab)] + keys("cagri@example.com") + [.key(.tab)]
    + keys("+905321234567") + [.key(.tab)]

  /// The render of `state` at 100x30 in ASCII: compared with its golden, every byte below 0x80
  /// and every row exactly 100 columns.
  func expectPlain(
    _ state: RootFeature.State, _ name: String, mask: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let plain = expectGolden(
      state, "plain-\(name)-100x30", mask: mask, sourceLocation: sourceLocation
    ) { PlainGlyphs.ascii(RootView.render($0, width: 100, height: 30, theme: .color)) }
    for y in 0..<plain.height {
      let line = plain.line(y)
      #expect(line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(name) row \(y): \(line)")
      #expect(line.utf8.count == 100, "\(name) row \(y)", sourceLocation: sourceLocation)
    }
  }

  @Test("search, results, passengers, extras, payment and confirmation, in both languages")
  func bookingScreens() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let search = GoldenTests().searchKeys
    for language in [Language.english, .turkish] {
      let suffix = language == .english ? "" : "-tr"
      var state = RootFeature.State(now: TestWorld.start, language: language)
      await drive(&state, keys("ist"), world)
      expectPlain(state, "search\(suffix)")

      state = RootFeature.State(now: TestWorld.start, language: language)
      await drive(&state, search, world)
      expectPlain(state, "results\(suffix)")
      await drive(&state, [.key(.enter)] + fillPassengers, world)
      expectPlain(state, "passengers\(suffix)")
      await drive(
        &state, [.key(.enter), .key(.enter)], world)
      await drive(&state, arrowsToTakenSeat(state) + [.key(.enter)], world)
      #expect(state.current == .extras)
      expectPlain(state, "extras\(suffix)")
      await drive(&state, [.key(.character("c"))], world)
      state.now = TestWorld.start.addingTimeInterval(61)
      #expect(state.current == .payment)
      expectPlain(state, "payment\(suffix)")
      await drive(&state, cardKeys() + [.key(.tab), .key(.enter)], world)
      guard case .confirmation(let reference)? = state.flow.path.first else {
        Issue.record("not confirmed")
        return
      }
      let spaced = reference.rawValue.map(String.init).joined(separator: " ")
      expectPlain(state, "confirmation\(suffix)", mask: [spaced: "R E F E R N"])
    }
  }

  @Test("the trips list, in both languages")
  func trips() async throws {
    let world = try TripsScreen(count: 40, unreadable: [try TripsScreen.reference(2)])
    for language in [Language.english, .turkish] {
      var state = RootFeature.State(now: Fixture.now, language: language)
      await drive(&state, [.key(.control("t")), .key(.down)], world)
      expectPlain(state, "trips\(language == .english ? "" : "-tr")")
    }
  }
}
