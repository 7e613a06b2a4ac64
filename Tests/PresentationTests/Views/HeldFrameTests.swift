import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import TestSupport
import Testing

/// While the start's work saves a restored path, the root holds its frames; the frame drawn
/// meanwhile is the one its save lets go into, so once the path is on disk only the clock is
/// drawn again (`RootFeature.drawn`).
@Suite("The frame held for the restored path's save")
struct HeldFrameTests {
  /// The payment step restored (a pay link's), its path being saved by the start's work; and
  /// the snapshot being saved.
  static func held() throws -> (state: RootFeature.State, saving: BookingSnapshot) {
    let flow = try RootFeature.State.atPayment().state.flow
    var state = RootFeature.State(now: Fixture.now)
    _ = RootFeature.reduce(
      &state, .restored(Restoration(flow: flow, outcome: .resumed(at: .payment)), saving: true),
      at: Fixture.now, environment: .test())
    #expect(RootFeature.status(of: state).holding)
    return (state, try #require(state.saving.pending))
  }

  /// `held` once the start's work said how its save went, 0.4 s later.
  static func released(_ held: RootFeature.State, _ saved: BookingSnapshot, error: String?)
    -> RootFeature.State
  {
    var state = held
    _ = RootFeature.reduce(
      &state, .restoredPathSaved(saved, error: error), at: Fixture.now.addingTimeInterval(0.4),
      environment: .test())
    return state
  }

  @Test(
    "drawn while holding: the state its save lets go into, so once saved only the clock is drawn again",
    arguments: [(100, 30), (80, 24)])
  func heldFrameIsTheSavedOne(size: (width: Int, height: Int)) throws {
    let (held, saving) = try Self.held()
    let drawn = RootFeature.drawn(held)
    let released = Self.released(held, saving, error: nil)
    #expect(!RootFeature.status(of: released).holding)
    // The whole state: the one the save let go into, at the time the hold was drawn.
    var unmoved = released
    unmoved.now = held.now
    #expect(drawn == unmoved)
    // The program keeps the held frame and redraws the countdown alone: the frame a whole
    // redraw of the released state draws.
    var canvas = RootView.render(drawn, width: size.width, height: size.height, theme: .color)
    #expect(
      RootView.drawClock(released, after: drawn, on: &canvas, theme: .color),
      "the frame held was drawn again whole once saved")
    #expect(
      canvas == RootView.render(released, width: size.width, height: size.height, theme: .color))
  }

  @Test("a save that failed is drawn again whole, its reason in the header")
  func failedSaveIsDrawnWhole() throws {
    let (held, saving) = try Self.held()
    let drawn = RootFeature.drawn(held)
    let released = Self.released(held, saving, error: "No space left on device")
    var canvas = RootView.render(drawn, width: 100, height: 30, theme: .color)
    #expect(!RootView.drawClock(released, after: drawn, on: &canvas, theme: .color))
    RootView.draw(released, on: &canvas, theme: .color)
    #expect(canvas.description.contains("Progress cannot be saved"), "\(canvas.description)")
    #expect(
      !RootView.render(drawn, width: 100, height: 30, theme: .color).description
        .contains("Progress cannot be saved"))
  }

  @Test("a root that does not hold is drawn as it is: at payment, and while restoring")
  func notHoldingIsDrawnAsItIs() throws {
    let atPayment = try RootFeature.State.atPayment().state
    #expect(RootFeature.drawn(atPayment) == atPayment)
    let restoring = RootFeature.State(
      now: Fixture.now,
      restoring: RootFeature.Restoring(step: .payment, link: .pay(try QuoteID("quote-a"))))
    #expect(RootFeature.drawn(restoring) == restoring)
    // Once let go, the state is drawn as it is.
    let (held, saving) = try Self.held()
    let released = Self.released(held, saving, error: nil)
    #expect(RootFeature.drawn(released) == released)
  }
}
