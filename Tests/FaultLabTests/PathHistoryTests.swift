import Domain
import FaultLabCore
import FlowFaults
import FlowOwner
import Testing

@Suite("The events that lead a flow to a path, and their variants")
struct PathHistoryTests {
  /// Search, offer A, its travellers, its quote: at payment.
  func atPayment(_ fixtures: LabFixtures) -> [BookingStep] {
    [fixtures.results, fixtures.passengers, fixtures.extras, fixtures.payment]
  }

  func replay(_ history: PathHistory, _ version: FlowVersion) async -> [Stop] {
    var flow = version.make()
    await history.replay(on: &flow)
    return flow.path
  }

  @Test("a path's history brings the real flow back to it, and nothing forward of it")
  func forward() async throws {
    let fixtures = try LabFixtures()
    let path = atPayment(fixtures)
    let history = try #require(PathHistory(forward: path))
    #expect(await replay(history, .correct) == path.map(Stop.init))
    #expect(PathHistory(forward: []) == nil)
    #expect(PathHistory(forward: [.confirmation(fixtures.reference)]) == nil)
    #expect(PathHistory(forward: [fixtures.results, fixtures.extras]) == nil)
    let paid = try #require(history.paying(fixtures.reference))
    #expect(await replay(paid, .correct) == [Stop(.confirmation(fixtures.reference))])
    #expect(PathHistory(forward: [fixtures.results])?.paying(fixtures.reference) == nil)
  }

  @Test("every variant ends the real flow on the same path: only a fault can make one show")
  func variantsKeepTheRealFlow() async throws {
    let fixtures = try LabFixtures()
    let path = atPayment(fixtures)
    let history = try #require(PathHistory(forward: path))
    // As drawn, then each of the three reports twice and late.
    #expect(history.variants.count == 7)
    for variant in history.variants {
      #expect(await replay(variant.history, .correct) == path.map(Stop.init), "\(variant.name)")
    }
  }

  @Test("a late reply sets off late-advance, a double press double-push, and neither the other")
  func variantsSetOffTheirFaults() async throws {
    let fixtures = try LabFixtures()
    let history = try #require(PathHistory(forward: atPayment(fixtures)))
    let late = try #require(FlowVersion.fault(named: "late-advance"))
    let double = try #require(FlowVersion.fault(named: "double-push"))
    let correct = await replay(history, .correct)
    for variant in history.variants {
      let lateMoved = await replay(variant.history, late) != correct
      let doubleMoved = await replay(variant.history, double) != correct
      #expect(lateMoved == variant.name.hasSuffix(" late"), "\(variant.name)")
      #expect(doubleMoved == variant.name.hasSuffix(" twice"), "\(variant.name)")
    }
    // The late quote lands on top of the path that came back: payment shown twice.
    let lastLate = try #require(history.variants.last { $0.name.hasSuffix(" late") })
    #expect(
      await replay(lastLate.history, late).map(\.description)
        == [
          "results(IST->AMS 2026-12-24)", "passengers(offer-a)", "extras(draft-a)",
          "payment(quote-a)",
          "payment(quote-a)",
        ])
  }

  @Test("a relaunch after the price lock falls back to extras; stale-quote opens payment still")
  func relaunch() async throws {
    let fixtures = try LabFixtures()
    let history = try #require(PathHistory(forward: atPayment(fixtures)))
    let stale = try #require(FlowVersion.fault(named: "stale-quote"))
    let all: [Screen] = [.results, .passengers, .extras, .payment]
    let inTime = history.relaunched(at: LabFixtures.now)
    #expect(await replay(inTime, .correct).map(\.screen) == all)
    #expect(await replay(inTime, stale).map(\.screen) == all)
    let late = history.relaunched(at: LabFixtures.afterPriceLock)
    #expect(await replay(late, .correct).map(\.screen) == Array(all.dropLast()))
    #expect(await replay(late, stale).map(\.screen) == all)
  }
}
