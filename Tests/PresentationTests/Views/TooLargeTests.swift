import Canvas
import Foundation
import Presentation
import Testing
import Words

/// A terminal past the largest size the app draws at: a notice at the capped size, in both
/// languages, with the countdown of a price held still ticking above it.
@Suite("Too large")
struct TooLargeTests {
  @Test(
    "a terminal past the largest size is drawn capped, as the notice alone",
    arguments: [(65535, 65535), (10000, 10000), (1001, 30), (120, 501)])
  func capped(width: Int, height: Int) throws {
    let size = LargestScreen.capped(width: width, height: height)
    #expect(size.width <= RootView.maximumSize.width + 1)
    #expect(size.height <= RootView.maximumSize.height + 1)
    #expect(LargestScreen.exceeded(width: size.width, height: size.height))
    let canvas = RootView.render(
      RootFeature.State(now: Date(timeIntervalSince1970: 0)), width: size.width,
      height: size.height, theme: .color)
    #expect(canvas.lines[0].hasPrefix("Terminal too large: at most 1000x500 is drawn"))
    #expect(!canvas.description.contains("Search flights"))
  }

  @Test("up to the largest size a terminal is drawn at its own size, the panels and all")
  func largestIsDrawn() {
    #expect(LargestScreen.capped(width: 1000, height: 500) == (1000, 500))
    #expect(LargestScreen.capped(width: 100, height: 30) == (100, 30))
    #expect(!LargestScreen.exceeded(width: 1000, height: 500))
    let canvas = RootView.render(
      RootFeature.State(now: Date(timeIntervalSince1970: 0)), width: 1000, height: 500,
      theme: .color)
    #expect(!canvas.description.contains("Terminal too large"))
  }

  @Test("the notice is in the app's language, beside the too-small one")
  func words() {
    for strings in [Strings.english, Strings.turkish] {
      #expect(strings.tooLarge(1000, 500).contains("1000x500"))
    }
    #expect(Strings.english.tooLarge(1000, 500).hasPrefix("Terminal too large"))
    #expect(Strings.turkish.tooLarge(1000, 500).hasPrefix("Terminal çok büyük"))
  }

  @Test("too large on payment: the countdown stays on the first line, and ticks there alone")
  func keepsCountdown() throws {
    var state = try RootFeature.State.atPayment(expiringIn: 125).state
    let (width, height) = LargestScreen.capped(width: 65535, height: 65535)
    var canvas = RootView.render(state, width: width, height: height, theme: .color)
    #expect(canvas.lines[0].hasPrefix("Price held 02:05"))
    #expect(canvas.lines[1].hasPrefix("Terminal too large"))
    let previous = state
    state.now = previous.now.addingTimeInterval(1)
    #expect(RootView.drawClock(state, after: previous, on: &canvas, theme: .color))
    #expect(canvas.lines[0].hasPrefix("Price held 02:04"))
    #expect(canvas == RootView.render(state, width: width, height: height, theme: .color))
  }
}
