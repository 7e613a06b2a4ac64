import Canvas
import Widgets

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension RootView {
  /// Redraws only what the clock moves, when that is all that changed since `previous` was drawn
  /// into `canvas` at the same size: the header's countdown (on a terminal too small for the
  /// panels or too large to draw in, the countdown on the first row above the message). Returns false, drawing
  /// nothing, when more than that may change: then the caller draws the whole screen.
  ///
  /// Below the header only the current payment step and the trips' quote (a cancellation or a
  /// change) ask the clock anything (whether their price has expired); a step that draws with `StepDrawing.now`
  /// in another way must be added to `bodyClock`. A modal may cover the header, so with one open the whole screen is drawn.
  ///
  /// `onlyTheClockMoved`: the caller knows that every action since `previous` moved only the
  /// clock (`RootFeature.Action.movesOnlyTheClock`), so the two states are not compared whole.
  public static func drawClock(
    _ state: RootFeature.State, after previous: RootFeature.State, on canvas: inout Canvas,
    theme: Theme, onlyTheClockMoved: Bool = false
  ) -> Bool {
    let notice =
      canvas.width < minimumSize.width || canvas.height < minimumSize.height
      || LargestScreen.exceeded(width: canvas.width, height: canvas.height)
    guard state.shell.modal == nil, previous.shell.modal == nil,
      state.now != previous.now, bodyClock(state) == bodyClock(previous)
    else { return false }
    if !onlyTheClockMoved {
      var unmoved = previous
      unmoved.now = state.now
      guard unmoved == state else { return false }
    }
    // Of the header only the countdown follows the clock (the title, the banner and the notice
    // do not): its cells alone are drawn again.
    if let held = state.held {
      let (top, _) = canvas.bounds.splitTop(1)
      let area = notice ? tooSmallCountdownArea(canvas) : countdownArea(in: top)
      drawCountdown(held, state, on: &canvas, in: area, theme: theme)
    }
    return true
  }

  /// What the body draws from the clock: whether the payment on screen has expired, and
  /// whether the trips' quote (a cancellation or a change) has (its line and its keys).
  static func bodyClock(_ state: RootFeature.State) -> [Bool?] {
    [
      state.steps.last?.screen.state(PaymentFeature.self).map { $0.isExpired(at: state.now) },
      state.trips?.trip?.held.map { state.now >= $0.expiresAt },
    ]
  }
}
