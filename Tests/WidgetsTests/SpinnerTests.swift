import Canvas
import Testing
import Widgets

@Suite("Spinner")
struct SpinnerTests {
  @Test("the spinner has ten braille frames in order")
  func frames() {
    #expect(Spinner.frames == ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])
    #expect((0..<10).map(Spinner.frame) == Spinner.frames)
  }

  @Test("any tick picks a frame, wrapping forwards and backwards")
  func wrapping() {
    #expect(Spinner.frame(10) == "⠋")
    #expect(Spinner.frame(23) == "⠸")
    #expect(Spinner.frame(-1) == "⠏")
    #expect(Spinner.frame(-10) == "⠋")
    #expect(Spinner.frame(-11) == "⠏")
    #expect(Spinner.frame(Int.max) == "⠧")
    #expect(Spinner.frame(Int.min) == "⠹")
  }
}
