import Canvas
import FlowOwner
import Foundation
import Presentation
import Program
import TestSupport
import Testing

/// The workshop's shipped demos (`docs/demos/*.jsonl`, written by `Tools/scripts/make_demos.py`)
/// replayed in process in both owners, as the presenter's guide runs them: a change that breaks
/// a demo fails here.
@MainActor
@Suite("Shipped demos replay, in process")
struct ProgramDemoTests {
  /// One demo: what the bag shows at its end, and what the real app shows instead.
  struct Demo: CustomStringConvertible, Sendable {
    let name: String
    let opensPayLink: Bool
    let bag: @Sendable (String) -> Bool
    let real: @Sendable (String) -> Bool
    var description: String { name }
  }

  nonisolated static let demos = [
    Demo(
      name: "stale-seat", opensPayLink: false,
      bag: { $0.contains("┌ Extras · ") && Run.seat(of: .ada, in: $0) != nil },
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
    Demo(
      name: "price-writers", opensPayLink: false,
      // At payment after the promo code: the trip bar's price is not the one the airline charges.
      bag: { screen in
        guard let bar = ProgramBagTests.tripBar(in: screen) else { return false }
        return screen.contains("┌ Payment · ") && bar.price != ProgramBagTests.payAmount(in: screen)
      },
      real: { $0.contains("┌ Payment · ") && ProgramBagTests.tripBar(in: $0) == nil }),
    Demo(
      name: "old-price", opensPayLink: false,
      // At the dearest flight's passengers: the trip bar has its flight, and the first one's price.
      bag: { screen in
        guard let bar = ProgramBagTests.tripBar(in: screen),
          let chosen = ProgramBagTests.chosenFlight(in: screen)
        else { return false }
        return bar.flight == chosen.flight && bar.price != chosen.price
      },
      real: { $0.contains("┌ Passengers · ") && ProgramBagTests.tripBar(in: $0) == nil }),
    Demo(
      name: "to-payment", opensPayLink: false,
      // Demo 4 replays it to the payment form, then the app is killed: both owners are there.
      bag: { $0.contains("┌ Payment · ") && $0.contains("Card number") },
      real: { $0.contains("┌ Payment · ") && $0.contains("Card number") }),
    Demo(
      name: "saved-travellers", opensPayLink: false,
      // Paid, travellers saved, a new booking: the bag skips passengers and Pay does nothing.
      bag: { $0.contains("┌ Payment · ") && $0.contains("Card number") && !$0.contains("Booked!") },
      real: { $0.contains("┌ Passengers · ") }),
  ]

  /// The repository's `docs/demos` folder.
  nonisolated static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/demos")

  @Test("every shipped demo is listed here")
  func everyDemoIsListed() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    #expect(files == Self.demos.map(\.name).sorted())
  }

  /// The days a demo is replayed on: the suite's usual start, and 2026-12-03, whose search (the
  /// form's default day, tomorrow) finds its two cheapest offers at one price. A demo must show
  /// its failure whatever the day the room runs it.
  nonisolated static let days = [
    Run.start, Date(timeIntervalSince1970: 1_796_284_800),
  ]

  @Test(
    "each demo shows its failure in bag mode and not in the real app, on any day",
    arguments: demos, days)
  func replays(demo: Demo, day: Date) async throws {
    let path = Self.folder.appendingPathComponent(demo.name + ".jsonl").path
    for bag in [true, false] {
      let root = NSTemporaryDirectory() + "booking-program-" + UUID().uuidString
      defer { try? FileManager.default.removeItem(atPath: root) }
      var arguments = ["--latency", "0", "--fresh", "--replay", path, "--speed", "50"]
      if bag { arguments += ["--flow", "bag"] }
      if demo.opensPayLink {
        arguments += ["--open", try await Run.quoteForAda(root: root, now: day)]
      }
      let run: any Driving =
        bag
        ? try BagRun(arguments, root: root, now: day) : try Run(arguments, root: root, now: day)
      run.replayer = try KeyReplayer(path: path, speed: 50)
      await run.start()
      let mode = bag ? "bag" : "real"
      if bag { #expect(run.text.contains("BAG MODE"), "\(run.text)") }
      await run.replayToEnd()
      #expect(
        run.log.lines.contains { $0.hasPrefix("replay: finished") },
        "\(demo.name) replayed in the \(mode) app: \(run.log.lines)")
      #expect(
        bag ? demo.bag(run.text) : demo.real(run.text),
        "the end of \(demo.name) in the \(mode) app:\n\(run.text)")
    }
  }
}
