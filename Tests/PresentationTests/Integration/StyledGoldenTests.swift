import Canvas
import Foundation
import Presentation
import TestSupport
import Testing
import Widgets
import Words

/// A render's text and its styles, as a golden: the rows as text, a legend of the styles used
/// (a letter each, named by the theme's roles that have it), then a row of letters per screen
/// row, one letter a column. A wide character's second column repeats its letter.
func styledRender(_ canvas: Canvas, theme: Theme, mask: [String: String] = [:]) -> String {
  var letters: [Style: Character] = [:]
  var order: [Style] = []
  let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
  var rows: [String] = []
  for y in 0..<canvas.height {
    var row = ""
    for x in 0..<canvas.width {
      let style = canvas[x, y]?.style ?? .plain
      if letters[style] == nil {
        letters[style] = order.count < alphabet.count ? alphabet[order.count] : "?"
        order.append(style)
      }
      row.append(letters[style] ?? "?")
    }
    rows.append(row)
  }
  var text = canvas.lines
  for (secret, replacement) in mask {
    text = text.map { $0.replacingOccurrences(of: secret, with: replacement) }
  }
  let legend = order.map { style in
    let names = theme.roles.filter { $0.style == style }.map(\.name)
    let shown = names.isEmpty ? "NOT A ROLE" : names.joined(separator: "/")
    return "\(letters[style] ?? "?")  \(describe(style))  \(shown)"
  }
  return (text + ["", "styles:"] + legend + ["", "cells:"] + rows).joined(separator: "\n") + "\n"
}

/// `fg=cyan bg=default bold reverse`.
func describe(_ style: Style) -> String {
  let names: [(Style.Attributes, String)] = [
    (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"),
  ]
  let attributes = names.filter { style.attributes.contains($0.0) }.map(\.1)
  return (["fg=\(style.foreground)", "bg=\(style.background)"] + attributes)
    .joined(separator: " ")
}

/// Compares `text` with `Goldens/Styled/<name>.txt`, or rewrites it when the run names
/// `Styled/<name>` in BOOKING_RECORD_GOLDENS (`GoldenRecording`).
func expectStyledGolden(
  _ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Goldens/Styled/\(name).txt")
  GoldenRecording.check(text, file: file, name: "Styled/\(name)", sourceLocation: sourceLocation)
}

@Suite("Golden renders with styles", .serialized)
struct StyledGoldenTests {
  static let sizes = [(100, 30), (80, 24)]
  static let themes: [(name: String, theme: Theme)] = [("dark", .dark), ("light", .light)]

  /// Every screen in both themes at both sizes, as a styled golden; every style on them is one
  /// of the theme's roles (so the contrast test, which checks the roles, covers every cell).
  func render(
    _ state: RootFeature.State, _ screen: String, mask: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (themeName, theme) in Self.themes {
      let roles = Set(theme.roles.map(\.style))
      for (width, height) in Self.sizes {
        let canvas = RootView.render(state, width: width, height: height, theme: theme)
        let name = "\(screen)-\(themeName)-\(width)x\(height)"
        expectStyledGolden(
          styledRender(canvas, theme: theme, mask: mask), name, sourceLocation: sourceLocation)
        GoldenCollector.current?.drew("Styled/\(name)", state) {
          styledRender(
            RootView.render($0, width: width, height: height, theme: theme), theme: theme,
            mask: mask)
        }
        var strays: Set<String> = []
        for y in 0..<height {
          for x in 0..<width {
            if let style = canvas[x, y]?.style, !roles.contains(style) {
              strays.insert(describe(style))
            }
          }
        }
        #expect(strays.isEmpty, "\(name): styles that are no role: \(strays.sorted())")
      }
    }
  }

  @Test("search, results, passengers, extras, payment, confirmation and trips, dark and light")
  func screens() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let golden = GoldenTests()
    var state = RootFeature.State(now: TestWorld.start)
    await drive(&state, keys("ist"), world)
    render(state, "search")
    await drive(&state, [.key(.escape)], world)
    state = RootFeature.State(now: TestWorld.start)
    await drive(&state, golden.searchKeys, world)
    render(state, "results")
    await drive(&state, [.key(.enter)] + golden.fillPassengers, world)
    render(state, "passengers")
    await drive(
      &state, [.key(.enter), .key(.enter)], world)
    await drive(&state, arrowsToTakenSeat(state) + [.key(.enter)], world)
    render(state, "extras")
    await drive(&state, [.key(.character("c"))], world)
    // Under two minutes: the countdown in its warning.
    state.now = TestWorld.start.addingTimeInterval(14 * 60)
    render(state, "payment")
    state.now = TestWorld.start.addingTimeInterval(61)
    await drive(&state, cardKeys() + [.key(.tab), .key(.enter)], world)
    guard case .confirmation(let reference)? = state.flow.path.first else {
      Issue.record("not confirmed")
      return
    }
    let spaced = reference.rawValue.map(String.init).joined(separator: " ")
    let mask = [spaced: "R E F E R N", reference.rawValue: "REFERN"]
    render(state, "confirmation", mask: mask)
    await drive(&state, [.key(.character("t"))], world)
    render(state, "trips", mask: mask)
  }
}
