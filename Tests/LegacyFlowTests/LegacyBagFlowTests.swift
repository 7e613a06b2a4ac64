import Domain
import FlowOwner
import Foundation
import LegacyFlow
import TestSupport
import Testing

/// The bag's failures, each next to the same transitions on `BookingFlow`, which has none of
/// them: the workshop shows them live with `booking --flow bag`.
@Suite("The legacy bag")
struct LegacyBagFlowTests {
  let criteria: SearchCriteria
  let offerA: Offer
  let offerB: Offer
  let draftA: BookingDraft
  let draftB: BookingDraft
  let quoteA: Quote

  init() throws {
    criteria = try Fixture.criteria()
    offerA = try Fixture.offer("offer-a")
    offerB = try Fixture.offer("offer-b", flight: 1951, hour: 14)
    draftA = try Fixture.draft("draft-a", for: offerA)
    draftB = try Fixture.draft("draft-b", for: offerB)
    quoteA = try Fixture.quote("quote-a", for: draftA)
  }

  /// To payment on flight A, back to the results, flight B, its passengers saved.
  func changeOfFlight(_ flow: inout some FlowOwning) {
    _ = flow.searchSubmitted(criteria)
    _ = flow.offerSelected(offerA, from: .results(criteria))
    _ = flow.passengersSaved(draftA, from: flow.path[1])
    _ = flow.extrasPriced(quoteA, from: flow.path[2])
    for _ in 0..<3 { _ = flow.back() }
    _ = flow.offerSelected(offerB, from: .results(criteria))
    _ = flow.passengersSaved(draftB, from: flow.path[1])
  }

  @Test("after a change of flight the bag's extras start with the old flight's seats")
  func staleSeat() throws {
    var bag = LegacyBagFlow()
    changeOfFlight(&bag)
    guard case .extras(let draft, let chosen)? = bag.path.last else {
      Issue.record("not at extras: \(bag.path.map(\.kind))")
      return
    }
    #expect(draft == draftB)
    #expect(!chosen.seats.isEmpty && chosen == quoteA.extras, "the old seats: \(chosen)")
    #expect(bag.writers[.selectedExtras] == "extras screen")

    var flow = BookingFlow()
    changeOfFlight(&flow)
    #expect(flow.path.last == .extras(draftB, chosen: .none), "the real flow starts clean")
  }

  @Test("back from the confirmation reaches the payment already made")
  func backAfterPaying() throws {
    var bag = LegacyBagFlow()
    var flow = BookingFlow()
    for index in 0..<2 {
      var owner: any FlowOwning = index == 0 ? bag : flow
      _ = owner.searchSubmitted(criteria)
      _ = owner.offerSelected(offerA, from: .results(criteria))
      _ = owner.passengersSaved(draftA, from: owner.path[1])
      _ = owner.extrasPriced(quoteA, from: owner.path[2])
      _ = owner.paid(try Fixture.reference(), from: owner.path[3])
      #expect(owner.current == .confirmation)
      if owner.canGoBack { _ = owner.back() }
      if let legacy = owner as? LegacyBagFlow { bag = legacy }
      if let real = owner as? BookingFlow { flow = real }
    }
    #expect(bag.current == .payment && bag.path.last == .payment(quoteA), "paid, and payable")
    #expect(flow.current == .confirmation, "no way back in the real flow")
  }

  @Test("a pay link sets isFromDeepLink; reset() forgets it, and Back in the next booking jumps")
  func deepLinkFlagLeaks() async throws {
    var lookup = StubLookup()
    lookup.quotes[quoteA.id] = quoteA
    lookup.drafts[draftA.id] = draftA
    lookup.offers[offerA.id] = offerA
    var bag = try #require(await LegacyBagFlow.openingPayLink(quoteA.id, using: lookup))
    #expect(bag.isFromDeepLink && bag.current == .payment)
    #expect(bag.writers[.isFromDeepLink] == "deep link handler")
    _ = bag.paid(try Fixture.reference(), from: .payment(quoteA))
    _ = bag.startOver()
    #expect(bag.isFromDeepLink, "reset() does not clear the newest field")
    #expect(bag.selectedOffer == nil && bag.quote == nil)

    // The next booking, made through every screen: Back from payment goes to the search form.
    _ = bag.searchSubmitted(criteria)
    _ = bag.offerSelected(offerB, from: .results(criteria))
    _ = bag.passengersSaved(draftB, from: bag.path[1])
    _ = bag.extrasPriced(try Fixture.quote("quote-b", for: draftB), from: bag.path[2])
    #expect(bag.current == .payment)
    _ = bag.back()
    #expect(bag.current == .search, "the leaked flag branches Back")

    var flow = BookingFlow()
    _ = flow.searchSubmitted(criteria)
    _ = flow.offerSelected(offerB, from: .results(criteria))
    _ = flow.passengersSaved(draftB, from: flow.path[1])
    _ = flow.extrasPriced(try Fixture.quote("quote-b", for: draftB), from: flow.path[2])
    _ = flow.back()
    #expect(flow.current == .extras)
  }

  @Test("the bag saves nothing, so a process death loses it; the real flow saves every step")
  func nothingSaved() throws {
    var bag = LegacyBagFlow()
    var flow = BookingFlow()
    _ = bag.searchSubmitted(criteria)
    _ = flow.searchSubmitted(criteria)
    #expect(bag.savedSnapshot == nil)
    #expect(flow.savedSnapshot == BookingSnapshot(criteria: criteria, position: .results))
  }

  @Test("the inspector lists every field of the bag and who wrote it last")
  func inspector() throws {
    var bag = LegacyBagFlow()
    changeOfFlight(&bag)
    let lines = try #require(bag.inspectorLines)
    for field in LegacyBagFlow.Field.allCases {
      #expect(lines.contains { $0.contains(field.rawValue + " = ") }, "\(field)")
    }
    #expect(lines.contains { $0.contains("draft = draft-b") && $0.contains("passengers screen") })
    #expect(
      lines.contains { $0.contains("selectedExtras = seats") && $0.contains("extras screen") })
    #expect(BookingFlow().inspectorLines == nil)
  }
}
