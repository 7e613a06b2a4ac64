import Canvas
import Domain
import Presentation
import TestSupport
import Testing

/// The inspector shows the snapshot the app read from disk, and scrolls as far as that text
/// goes on this screen: the reducer and the view count the same lines.
@Suite("Inspector")
struct InspectorTests {
  func send(_ state: inout RootFeature.State, _ actions: [RootFeature.Action]) {
    for action in actions { _ = RootFeature.reduce(&state, action, environment: .test()) }
  }

  @Test("the saved snapshot as read is shown, and scrolling stops where its text ends")
  func scrollsToTheEndOfWhatWasRead() {
    var state = RootFeature.State(now: Fixture.now)
    send(&state, [.key(.resize(width: 40, height: 12)), .key(.function(2))])
    #expect(state.shell.modal == .inspector)
    #expect(state.inspectorLines.contains("  -"), "nothing read yet")
    let presses = [RootFeature.Action](repeating: .key(.down), count: 200)
    send(&state, presses)
    let shortEnd = state.shell.modalScroll

    // A long snapshot read from disk makes a taller box: scrolling goes further, and the last
    // press shows its end.
    let long = "{" + String(repeating: "\"criteria\":\"IST-AMS\",", count: 30) + "}"
    send(&state, [.savedSnapshotRead(long)])
    #expect(state.inspectorLines.contains("  " + long))
    send(&state, presses)
    #expect(state.shell.modalScroll > shortEnd)
    let end = state.shell.modalScroll
    send(&state, [.key(.down)])
    #expect(state.shell.modalScroll == end, "no scrolling past the end")
    let screen = RootView.render(state, width: 40, height: 12, theme: .monochrome)
    #expect(screen.description.contains("}"), "the end of the snapshot is on screen:\n\(screen)")
  }
}
