import Foundation
import TestSupport
import Testing

/// The workshop's shipped demos (`docs/demos/*.jsonl`, written by `Tools/scripts/make_demos.py`)
/// replayed in both owners, as the presenter's guide runs them: a change that breaks a demo
/// fails here.
@Suite("Shipped demos replay")
struct DemoReplayTests {
  /// One demo: what the bag shows at its end, and what the real app shows instead.
  struct Demo: CustomStringConvertible, Sendable {
    let name: String
    let opensPayLink: Bool
    let bag: @Sendable (String) -> Bool
    let real: @Sendable (String) -> Bool
    var description: String { name }
  }

  static let demos = [
    Demo(
      name: "stale-seat", opensPayLink: false,
      bag: { $0.contains("┌ Extras · ") && BookingTerminal.seat(of: .ada, in: $0) != nil },
      real: { $0.contains("┌ Extras · ") && $0.contains("Ada Lovelace  no seat") }),
    Demo(
      name: "back-after-paying", opensPayLink: false,
      // After paying: the last key is Esc on the confirmation, so the payment form is back.
      bag: { $0.contains("┌ Payment · ") && $0.contains("Card number") },
      real: { $0.contains("Booked!") && !$0.contains("Card number") }),
    Demo(
      name: "deep-link-flag", opensPayLink: true,
      bag: { $0.contains("┌ Search flights") },
      real: { $0.contains("┌ Extras · ") }),
  ]

  /// The repository's `docs/demos` folder.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/demos")

  @Test("every shipped demo is listed here", .timeLimit(.minutes(1)))
  func everyDemoIsListed() async throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    #expect(files == Self.demos.map(\.name).sorted())
  }

  @Test("each demo shows its failure in bag mode and not in the real app", arguments: demos)
  func replays(demo: Demo) async throws {
    for bag in [true, false] {
      let terminal = try await BookingTerminal()
      defer { terminal.close() }
      var arguments = [
        "--fresh", "--replay", Self.folder.appendingPathComponent(demo.name + ".jsonl").path,
        "--speed", "50",
      ]
      if bag { arguments += ["--flow", "bag"] }
      if demo.opensPayLink {
        let cli = try BookingCLI(dataDirectory: terminal.dataDirectory)
        let link = try #require(try await cli.quoteForAda()["link"] as? String)
        arguments += ["--open", link]
      }
      try await terminal.launch(arguments)
      let mode = bag ? "bag" : "real"
      if bag { try await terminal.waitFor("the bag's banner") { $0.contains("BAG MODE") } }
      // The log says when the last key has been sent; the screen is then the demo's end.
      let log = terminal.dataDirectory.appendingPathComponent("log/booking.log").path
      try await FileWatch.waitFor("\(demo.name) replayed in the \(mode) app", at: log) { data in
        data.map { String(decoding: $0, as: UTF8.self).contains("replay: finished") } ?? false
      }
      // Its last key's work may still be under way: the screen settles on the demo's end.
      try await terminal.waitFor("the end of \(demo.name) in the \(mode) app") {
        bag ? demo.bag($0) : demo.real($0)
      }
    }
  }
}
