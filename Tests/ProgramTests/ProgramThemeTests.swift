import Launch
import Program
import Terminal
import Testing
import Widgets

@Suite("--theme")
struct ProgramThemeTests {
  @Test("--theme takes auto, dark or light; auto by default; anything else is refused in one line")
  func parsing() throws {
    #expect(try Options.parse([]).theme == .auto)
    #expect(try Options.parse(["--theme", "light"]).theme == .light)
    #expect(try Options.parse(["--theme=dark"]).theme == .dark)
    #expect(throws: Options.Problem.self) { try Options.parse(["--theme", "blue"]) }
    do {
      _ = try Options.parse(["--theme", "blue"])
    } catch {
      #expect(error.message == "--theme takes auto, dark or light, not 'blue'")
    }
    #expect(Options.usage.contains("--theme auto|dark|light"))
  }

  @Test("auto takes the terminal's answer, then COLORFGBG, then dark; dark and light ask nothing")
  func choice() {
    #expect(Options.ThemeChoice.auto.theme(asked: { .light }, colorFGBG: "15;0") == .light)
    #expect(Options.ThemeChoice.auto.theme(asked: { .dark }, colorFGBG: "0;15") == .dark)
    #expect(Options.ThemeChoice.auto.theme(asked: { nil }, colorFGBG: "0;15") == .light)
    #expect(Options.ThemeChoice.auto.theme(asked: { nil }, colorFGBG: "0;default;7") == .light)
    #expect(Options.ThemeChoice.auto.theme(asked: { nil }, colorFGBG: nil) == .dark)
    #expect(Options.ThemeChoice.auto.theme(asked: { nil }, colorFGBG: "nonsense") == .dark)
    var asked = 0
    let ask: () -> TerminalBackground? = {
      asked += 1
      return .light
    }
    #expect(Options.ThemeChoice.dark.theme(asked: ask, colorFGBG: "0;15") == .dark)
    #expect(Options.ThemeChoice.light.theme(asked: ask, colorFGBG: "15;0") == .light)
    #expect(asked == 0)
  }
}
