import Canvas

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension RootView {
  /// Redraws only what the clock moves, when that is all that changed since `previous` was drawn
  /// into `canvas` at the same size: the header row (the countdown). Returns false, drawing
  /// nothing, when more than that may change: then the caller draws the whole screen.
  ///
  /// Below the header only the current payment step asks the clock anything (whether its price
  /// has expired); a step that draws with `StepDrawing.now` in another way must be added to
  /// `bodyClock`. A modal may cover the header, so with one open the whole screen is drawn.
  public static func drawClock(
    _ state: RootFeature.State, after previous: RootFeature.State, on canvas: inout Canvas,
    theme: Theme
  ) -> Bool {
    guard canvas.width >= minimumSize.width, canvas.height >= minimumSize.height,
      state.shell.modal == nil, previous.shell.modal == nil,
      state.now != previous.now, bodyClock(state) == bodyClock(previous)
    else { return false }
    var unmoved = previous
    unmoved.now = state.now
    guard unmoved == state else { return false }
    let (top, _) = canvas.bounds.splitTop(1)
    drawHeader(state, on: &canvas, in: top, theme: theme)
    return true
  }

  /// What the body draws from the clock: whether the payment on screen has expired.
  static func bodyClock(_ state: RootFeature.State) -> Bool? {
    state.steps.last?.screen.state(PaymentFeature.self).map { $0.isExpired(at: state.now) }
  }
}
