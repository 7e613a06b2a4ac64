import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import Program
import TestSupport
import Testing

/// What a traveller chose stays chosen: going back keeps an earlier step's own choices, and a
/// restore fills a step from the saved records.
@MainActor
@Suite("Nothing a traveller chose is lost")
struct ProgramChoicesTests {
  /// The extras screen on the path, if any.
  func extras(_ run: Run) -> ExtrasFeature.State? {
    run.program.store.state.steps.lazy.compactMap { $0.screen.state(ExtrasFeature.self) }.first
  }

  /// The results screen on the path, if any.
  func results(_ run: Run) -> ResultsFeature.State? {
    run.program.store.state.steps.lazy.compactMap { $0.screen.state(ResultsFeature.self) }.first
  }

  /// A seat for Ada and one checked bag, then Continue; at payment. Returns the seat.
  func seatAndBag(_ run: Run) async throws -> String {
    let seat = try #require(try await run.pickSeats(for: [.ada]).first)
    await run.press(.tab)
    #expect(extras(run)?.focus == .bags, "\(run.text)")
    await run.type("+")
    await run.continueToPayment()
    #expect(run.current == .payment, "\(run.text)")
    return seat
  }

  @Test("Esc from payment to extras keeps the seat, the bag and the insurance chosen")
  func backFromPayment() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam()
    await run.chooseOffer()
    await run.fillPassengers()
    let seat = try await seatAndBag(run)
    let priced = try #require(extras(run)?.extras)
    await run.press(.escape)
    #expect(run.current == .extras, "\(run.text)")
    #expect(extras(run)?.extras == priced)
    #expect(Run.seat(of: .ada, in: run.text) == seat, "\(run.text)")
  }

  @Test("a restore at payment, then Esc: extras shows the quote's seat and bag")
  func restoredPaymentThenBack() async throws {
    let first = try Run(["--latency", "0"])
    defer { first.remove() }
    await first.start()
    let seat = try await first.bookUntilPaymentWithSeat()
    let quoted = try #require(first.program.store.state.quote?.extras)
    await first.press(.tab, .tab, .tab)
    await first.quit()

    let second = try Run(
      ["--latency", "0"], root: first.root, now: Run.start.addingTimeInterval(60))
    await second.start()
    #expect(second.current == .payment, "\(second.text)")
    await second.press(.escape)
    #expect(second.current == .extras, "\(second.text)")
    #expect(extras(second)?.extras == quoted)
    #expect(Run.seat(of: .ada, in: second.text) == seat, "\(second.text)")
  }

  @Test("an expired pay link lands on extras with the quote's seat and bag, ready to price again")
  func expiredPayLink() async throws {
    let first = try Run(["--latency", "0"])
    defer { first.remove() }
    await first.start()
    let seat = try await first.bookUntilPaymentWithSeat()
    let quoted = try #require(first.program.store.state.quote)
    await first.press(.tab, .tab, .tab)
    await first.quit()

    let linked = try Run(
      ["--latency", "0", "--open", DeepLink.pay(quoted.id).url], root: first.root,
      now: quoted.expiresAt.addingTimeInterval(60))
    await linked.start()
    #expect(linked.current == .extras, "\(linked.text)")
    #expect(extras(linked)?.extras == quoted.extras)
    #expect(Run.seat(of: .ada, in: linked.text) == seat, "\(linked.text)")
  }

  @Test("back to the results: the highlight is on the chosen flight, with the sort kept")
  func backToResults() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam()
    await run.press(.down, .down)
    let chosen = try #require(results(run)?.highlighted)
    await run.chooseOffer()
    #expect(run.current == .passengers)
    await run.press(.escape)
    #expect(run.current == .results)
    #expect(results(run)?.highlighted == chosen, "\(run.text)")
  }

  @Test("a restore at passengers, then Esc: the results highlight the chosen flight")
  func restoredPassengersThenBack() async throws {
    let first = try Run(["--latency", "0"])
    defer { first.remove() }
    await first.start()
    await first.searchIstanbulToAmsterdam()
    await first.press(.down, .down)
    let chosen = try #require(results(first)?.highlighted)
    await first.chooseOffer()
    await first.press(.escape)
    await first.press(.enter)
    #expect(first.current == .passengers)
    await first.press(.control("c"))
    await first.type("y")

    let second = try Run(
      ["--latency", "0"], root: first.root, now: Run.start.addingTimeInterval(60))
    await second.start()
    #expect(second.current == .passengers, "\(second.text)")
    await second.press(.escape)
    #expect(second.current == .results)
    #expect(results(second)?.highlighted?.id == chosen.id, "\(second.text)")
  }
}

extension Run {
  /// From the search form to payment with a seat and a bag for Ada; returns the seat.
  func bookUntilPaymentWithSeat() async throws -> String {
    await searchIstanbulToAmsterdam()
    await chooseOffer()
    await fillPassengers()
    let seat = try #require(try await pickSeats(for: [.ada]).first)
    await press(.tab)
    await type("+")
    await continueToPayment()
    return seat
  }
}
