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

  /// A run in `mode` (the bag's root, or the app's), started; bag mode shows its banner.
  func started(_ mode: Mode, _ more: [String] = [], root: String? = nil) async throws
    -> any Driving
  {
    let arguments = mode.arguments + more
    let run: any Driving =
      mode == .bag ? try BagRun(arguments, root: root) : try Run(arguments, root: root)
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
    "a start after a kill at payment: the bag's screens come back over an empty bag, Pay is dead",
    arguments: Mode.allCases)
  func processDeath(mode: Mode) async throws {
    let run = try await started(mode)
    defer { run.remove() }
    await run.bookUntilPayment()
    #expect(run.text.contains("┌ Payment · ") && run.text.contains("Card number"), "\(run.text)")

    // The first run is never ended: a second start on the same data directory is the relaunch
    // after `kill -9`.
    let again = try await started(mode, root: run.root)
    let relaunched = again.text
    #expect(!relaunched.contains("┌ Search flights"), "not an empty search form:\n\(relaunched)")
    #expect(relaunched.contains("┌ Payment"), "\(relaunched)")
    await again.pay()
    let after = again.text
    let bookings = try await again.airline.services.payments.bookingList()
    switch mode {
    case .bag:
      #expect(!relaunched.contains("Card number"), "no quote to pay:\n\(relaunched)")
      #expect(!relaunched.contains("Resumed"), "\(relaunched)")
      #expect(after.contains("┌ Payment") && !after.contains("Booked!"), "Pay is dead:\n\(after)")
      #expect(bookings.isEmpty, "nothing was paid")
      await again.press(.function(2))
      #expect(again.text.contains("quote = nil"), "\(again.text)")
      #expect(again.text.contains("screens = [results, passengers, extras, payment]"))
    case .real:
      #expect(relaunched.contains("Resumed at payment"), "\(relaunched)")
      #expect(after.contains("Booked!"), "\(after)")
      #expect(bookings.count == 1)
    }
  }

  @Test(
    "the bag's price has three writers (extras, a price refresh, a promo code): the last wins",
    arguments: Mode.allCases)
  func priceWriters(mode: Mode) async throws {
    let run = try await started(mode)
    defer { run.remove() }
    await run.searchIstanbulToAmsterdam()
    await run.chooseOffer()
    await run.fillPassengers()
    // A seat and a bag, so the quote costs more than the fare.
    await run.press(.enter, .tab)
    await run.type("+")
    await run.continueToPayment()
    let quoted = try #require(Self.payAmount(in: run.text), "\(run.text)")
    let refreshed = Self.tripBar(in: run.text)
    let inspected = await inspector(run)
    // The workshop's promo code.
    await run.press(.control("p"))
    let promoted = Self.tripBar(in: run.text)
    let afterPromo = await inspector(run)
    #expect(Self.payAmount(in: run.text) == quoted, "the quote is the quote")
    await run.pay()
    let paid = try #require(Self.totalPaid(in: run.text), "\(run.text)")
    #expect(paid == quoted, "the airline charges the quote")
    switch mode {
    case .bag:
      let first = try #require(refreshed, "the trip bar:\n\(run.text)")
      let second = try #require(promoted, "the trip bar:\n\(run.text)")
      #expect(first.price != quoted, "the refresh wrote the bare fare over the extras' price")
      #expect(inspected.contains("totalPrice = \(first.price)   (last written by price refresh)"))
      #expect(second.price != first.price && second.price != quoted)
      #expect(afterPromo.contains("totalPrice = \(second.price)   (last written by promo code)"))
    case .real:
      #expect(refreshed == nil && promoted == nil, "one price, the quote's:\n\(run.text)")
    }
  }

  @Test(
    "an observer of the bag sees the new flight with the old flight's price",
    arguments: Mode.allCases)
  func oldPriceOnNewFlight(mode: Mode) async throws {
    let run = try await started(mode)
    defer { run.remove() }
    await run.searchIstanbulToAmsterdam()
    await run.chooseOffer()
    let first = try #require(Self.chosenFlight(in: run.text), "\(run.text)")
    await run.fillPassengers()
    await run.continueToPayment()
    let atPayment = Self.tripBar(in: run.text)
    await run.press(.escape, .escape, .escape)
    #expect(run.text.contains("┌ Results · "), "\(run.text)")
    await run.press(.down, .enter)
    let second = try #require(Self.chosenFlight(in: run.text), "\(run.text)")
    try #require(second.flight != first.flight && second.price != first.price)
    let bar = Self.tripBar(in: run.text)
    switch mode {
    case .bag:
      let old = try #require(atPayment, "the trip bar at payment:\n\(run.text)")
      let new = try #require(bar, "the trip bar:\n\(run.text)")
      #expect(new.flight == second.flight, "the new flight:\n\(run.text)")
      #expect(new.price == old.price, "with the old flight's price:\n\(run.text)")
    case .real:
      #expect(bar == nil, "\(run.text)")
      #expect(!run.text.contains(first.price), "no old price beside the new flight:\n\(run.text)")
    }
  }

  @Test(
    "saved travellers skip the bag's passengers screen, which wrote contactEmail: Pay is dead",
    arguments: Mode.allCases)
  func savedTravellersSkipPassengers(mode: Mode) async throws {
    let run = try await started(mode)
    defer { run.remove() }
    await run.bookUntilPayment()
    await run.pay()
    #expect(run.text.contains("Booked!"), "\(run.text)")
    // `s` saves the travellers for next time (the bag's profile); `n`, a new booking of the
    // same search.
    await run.type("s")
    await run.type("n")
    #expect(run.text.contains("┌ Search flights"), "\(run.text)")
    await run.press(.control("s"))
    #expect(run.text.contains("┌ Results · "), "\(run.text)")
    await run.chooseOffer()
    let chosen = run.text
    switch mode {
    case .bag:
      #expect(chosen.contains("┌ Extras · "), "the passengers screen is skipped:\n\(chosen)")
      await run.continueToPayment()
      #expect(run.text.contains("┌ Payment · "), "\(run.text)")
      await run.pay()
      let after = run.text
      #expect(
        after.contains("┌ Payment · ") && !after.contains("Booked!"), "Pay is dead:\n\(after)")
      #expect(try await run.airline.services.payments.bookingList().count == 1)
      #expect(await inspector(run).contains("contactEmail = nil"))
    case .real:
      #expect(chosen.contains("┌ Passengers · "), "the real flow has no way past it:\n\(chosen)")
      await run.fillPassengers()
      await run.continueToPayment()
      await run.pay()
      #expect(run.text.contains("Booked!"), "\(run.text)")
    }
  }

  @Test(
    "made observable (Ctrl-R), the bag computes the price twice: the extras screen, then the observer writing it back",
    arguments: Mode.allCases)
  func observerComputesThePriceAgain(mode: Mode) async throws {
    let run = try await started(mode)
    defer { run.remove() }
    await run.bookUntilPayment()
    let before = await inspectorEnd(run)
    #expect(Self.lines(of: before, starting: Self.loop).isEmpty, "not observable yet:\n\(before)")
    // "We'll just make it observable"; then back to the extras, a checked bag, Continue.
    await run.press(.control("r"))
    await run.press(.escape, .tab)
    await run.type("+")
    await run.continueToPayment()
    #expect(run.text.contains("┌ Payment · "), "\(run.text)")
    let quoted = try #require(Self.payAmount(in: run.text), "\(run.text)")
    let events = await inspectorEnd(run)
    let loop = Self.lines(of: events, starting: Self.loop)
    switch mode {
    case .bag:
      #expect(
        loop == [
          "price computed by extras screen: totalPrice = \(quoted)",
          "price computed again by the observer: totalPrice = \(quoted)",
          "the observer's own write, told back to the observers: the loop ends",
        ], "\(events)")
      #expect(events.contains("trip bar"), "the inspector names the observer:\n\(events)")
    case .real:
      #expect(loop.isEmpty, "one price, the quote's, computed by the airline:\n\(events)")
      #expect(!events.contains("observer"), "\(events)")
      #expect(events.contains(".payment("), "\(events)")
    }
  }

  /// How the observed bag's event lines start.
  static let loop = ["price computed", "the observer's own write"]

  // MARK: - Reading the screen

  /// The inspector's text scrolled to its end (its events), opened with F2 and closed again.
  func inspectorEnd(_ run: any Driving) async -> String {
    await run.press(.function(2), .pageDown, .pageDown, .pageDown)
    let text = run.text
    await run.press(.character(" "))
    return text
  }

  /// The lines of `screen` inside a box that start with one of `starts`, without the box.
  nonisolated static func lines(of screen: String, starting starts: [String]) -> [String] {
    screen.split(separator: "\n").compactMap { row in
      let inside = row.split(separator: "│", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      return inside.first { cell in starts.contains { cell.hasPrefix($0) } }
    }
  }

  /// The inspector's text, opened with F2 and closed again.
  func inspector(_ run: any Driving) async -> String {
    await run.press(.function(2))
    let text = run.text
    await run.press(.character(" "))
    return text
  }

  /// The bag's trip bar, which observes the bag's offer and price: "Your trip: TK1957 08:40 ·
  /// EUR 212.00".
  nonisolated static func tripBar(in screen: String) -> (flight: String, price: String)? {
    screen.firstMatch(of: #/Your trip: (\S+ \d\d:\d\d) · ([A-Z]{3} [\d,.]+)/#).map {
      (String($0.output.1), String($0.output.2))
    }
  }

  /// The chosen flight and its price per passenger, from the passengers panel's title.
  nonisolated static func chosenFlight(in screen: String) -> (flight: String, price: String)? {
    screen.firstMatch(of: #/┌ Passengers · (\S+ \d\d:\d\d) ([A-Z]{3} [\d,.]+)/#).map {
      (String($0.output.1), String($0.output.2))
    }
  }

  /// The amount on the payment panel's Pay button.
  nonisolated static func payAmount(in screen: String) -> String? {
    screen.firstMatch(of: #/\[ Pay ([A-Z]{3} [\d,.]+) \]/#).map { String($0.output.1) }
  }

  /// The confirmation's "Total paid".
  nonisolated static func totalPaid(in screen: String) -> String? {
    screen.firstMatch(of: #/Total paid: ([A-Z]{3} [\d,.]+)/#).map { String($0.output.1) }
  }
}
