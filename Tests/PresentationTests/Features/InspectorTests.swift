import Canvas
import Domain
import FlowOwner
import Presentation
import TestSupport
import Testing

/// The inspector shows the snapshot the app read from disk, and scrolls as far as that text
/// goes on this screen: the reducer and the view count the same lines.
@Suite("Inspector")
struct InspectorTests {
  func send(_ state: inout RootFeature.State, _ actions: [RootFeature.Action]) {
    for action in actions {
      _ = RootFeature.reduce(
        &state, action, at: AppEnvironment.test().clock.now(), environment: .test())
    }
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

  @Test("the inspector at payment: the path as values, the snapshot as read, the last events")
  func golden() throws {
    let criteria = try Fixture.criteria()
    let offer = try Fixture.offer("offer-a")
    let draft = try Fixture.draft("draft-a", for: offer)
    let quote = try Fixture.quote("quote-a", for: draft)
    var flow = BookingFlow()
    flow.searchSubmitted(criteria)
    flow.offerSelected(offer, from: .results(criteria))
    flow.passengersSaved(draft, from: .passengers(offer, prefill: .empty))
    flow.extrasPriced(quote, from: .extras(draft))
    var state = RootFeature.State(now: Fixture.now)
    send(&state, [.restored(Restoration(flow: flow, outcome: .resumed(at: .payment)))])
    // The file as the app writes it: criteria, position and IDs only.
    let saved =
      #"{"schema":1,"kind":"session","data":{"criteria":{"origin":"IST","destination":"AMS","#
      + #""departure":"2026-12-24","passengerCount":2},"position":{"payment":"#
      + #"{"quoteID":"quote-a","draftID":"draft-a"}}}}"#
    send(&state, [.savedSnapshotRead(saved), .key(.function(2))])
    for (width, height) in [(100, 30), (80, 24)] {
      let canvas = expectGolden(state, "inspector-\(width)x\(height)") {
        RootView.render($0, width: width, height: height, theme: .color)
      }
      #expect(canvas.description.contains("quote-a"), "\(canvas)")
    }
  }
}
