import Canvas
import FlowOwner
import Foundation
import Presentation
import Program
import TestSupport
import Testing

/// `--flow bag`, the workshop's broken flow owner, on the real screens in process: each failure
/// the article names is seen in bag mode, and the same keys in the real flow do not show it.
@MainActor
@Suite("The bag, in process")
struct ProgramBagTests {
  /// The two owners the same keys are run on.
  enum Mode: String, CaseIterable, CustomStringConvertible, Sendable {
    case bag, real
    var arguments: [String] { ["--latency", "0", "--flow", rawValue] }
    var description: String { rawValue }
  }

  /// A run in `mode`, started; bag mode shows its banner.
  func started(_ mode: Mode, _ more: [String] = [], root: String? = nil) async throws -> Run {
    let run = try Run(mode.arguments + more, root: root)
    await run.start()
    if mode == .bag { #expect(run.text.contains("BAG MODE"), "\(run.text)") }
    return run
  }

  @Test(
    "a change of flight: the bag's extras start with the old flight's seat",
    arguments: Mode.allCases)
  func staleSeat(mode: Mode) async throws {
    let run = try await started(mode)
    defer { run.remove() }
    await run.searchIstanbulToAmsterdam()
    await run.chooseOffer()
    await run.fillPassengers()
    let seat = try #require(try await run.pickSeats(for: [.ada]).first)
    await run.continueToPayment()
    #expect(run.text.contains("┌ Payment · "), "\(run.text)")
    await run.press(.escape)
    #expect(run.text.contains("┌ Extras · "), "\(run.text)")
    await run.press(.escape)
    #expect(run.text.contains("┌ Passengers · ") && run.text.contains("Given name"))
    await run.press(.escape)
    #expect(run.text.contains("┌ Results · "), "\(run.text)")
    await run.press(.down, .enter)
    #expect(run.text.contains("┌ Passengers · "), "\(run.text)")
    // The form is filled from the earlier details in both: Tab to Continue.
    for _ in 0..<6 { await run.press(.tab) }
    await run.press(.enter)
    let extras = run.text
    #expect(extras.contains("┌ Extras · ") && extras.contains("Checked bags"), "\(extras)")
    let shown = Run.seat(of: .ada, in: extras)
    switch mode {
    case .bag:
      #expect(shown == seat, "the old flight's seat \(seat) is on the new flight:\n\(extras)")
      await run.press(.function(2))
      let inspector = run.text
      #expect(inspector.contains("Flow inspector"), "\(inspector)")
      #expect(inspector.contains("selectedExtras = seats \(seat)"), "\(inspector)")
      #expect(inspector.contains("extras screen"), "who wrote it:\n\(inspector)")
    case .real:
      #expect(shown == nil, "the new flight starts without seats:\n\(extras)")
    }
  }

  @Test(
    "Esc on the confirmation: the bag reaches the payment already made", arguments: Mode.allCases)
  func backAfterPaying(mode: Mode) async throws {
    let run = try await started(mode)
    defer { run.remove() }
    await run.bookUntilPayment()
    await run.pay()
    #expect(run.text.contains("Booked!") && Run.reference(in: run.text) != nil, "\(run.text)")
    await run.press(.escape)
    let after = run.text
    switch mode {
    case .bag:
      #expect(after.contains("┌ Payment · ") && after.contains("Card number"), "\(after)")
    case .real:
      #expect(after.contains("Booked!") && !after.contains("Card number"), "\(after)")
    }
  }

  @Test(
    "a pay link: the bag sets isFromDeepLink, and it leaks: Back at the next payment jumps home",
    arguments: Mode.allCases)
  func deepLinkFlagLeaks(mode: Mode) async throws {
    let root = NSTemporaryDirectory() + "booking-program-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    let link = try await Run.quoteForAda(root: root)
    let run = try await started(mode, ["--open", link], root: root)
    #expect(run.text.contains("┌ Payment · ") && run.text.contains("Card number"), "\(run.text)")
    if mode == .bag {
      await run.press(.function(2))
      let inspector = run.text
      #expect(inspector.contains("Flow inspector"), "\(inspector)")
      #expect(inspector.contains("isFromDeepLink = true"), "\(inspector)")
      #expect(inspector.contains("deep link handler"), "\(inspector)")
      await run.press(.character(" "))
      #expect(!run.text.contains("Flow inspector"), "\(run.text)")
    }
    await run.pay()
    #expect(run.text.contains("Booked!"), "\(run.text)")
    await run.type("n")
    // The next booking, through every screen (the real app's form still holds the link's
    // search: clear the first field).
    #expect(run.text.contains("┌ Search flights"), "\(run.text)")
    await run.press(.control("u"))
    await run.bookUntilPayment()
    #expect(run.text.contains("┌ Payment · "), "\(run.text)")
    await run.press(.escape)
    let after = run.text
    switch mode {
    case .bag:
      #expect(after.contains("┌ Search flights"), "Back from payment went home:\n\(after)")
    case .real:
      #expect(after.contains("┌ Extras · "), "Back from payment is the extras:\n\(after)")
    }
  }

  @Test(
    "a second start after one that was never ended: the bag is lost, the real flow resumes",
    arguments: Mode.allCases)
  func startAgain(mode: Mode) async throws {
    let run = try await started(mode)
    defer { run.remove() }
    await run.searchIstanbulToAmsterdam()
    await run.chooseOffer()
    let flights = try #require(
      run.text.firstMatch(of: #/┌ Passengers · (\S+) /#).map { String($0.output.1) },
      "\(run.text)")

    let again = try await started(mode, root: run.root)
    switch mode {
    case .bag:
      #expect(again.text.contains("┌ Search flights"), "\(again.text)")
      #expect(
        !again.text.contains("IST") && !again.text.contains("Resumed"), "\(again.text)")
    case .real:
      #expect(again.text.contains("┌ Passengers · \(flights) "), "\(again.text)")
      #expect(again.text.contains("Resumed at passengers"), "\(again.text)")
    }
  }
}
