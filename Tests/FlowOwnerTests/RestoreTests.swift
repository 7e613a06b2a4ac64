import Airline
import Domain
import FlowOwner
import Foundation
import TestSupport
import Testing

@Suite("restore")
struct RestoreTests {
  /// An airline that still has everything the walked flow used.
  func airline(_ walked: WalkedFlow, quote: Quote? = nil) -> StubLookup {
    let quote = quote ?? walked.quote
    return StubLookup(
      offers: [walked.offer.id: walked.offer], drafts: [walked.draft.id: walked.draft],
      quotes: [quote.id: quote])
  }

  func snapshot(_ walked: WalkedFlow, _ position: BookingSnapshot.Position) -> BookingSnapshot {
    BookingSnapshot(criteria: walked.criteria, position: position)
  }

  /// The payment position as a flow saves it: the quote, its draft and the draft's offer.
  func atPayment(_ walked: WalkedFlow) -> BookingSnapshot.Position {
    .payment(quoteID: walked.quote.id, draftID: walked.draft.id, offerID: walked.offer.id)
  }

  /// The extras position as a flow saves it: the draft and its offer.
  func atExtras(_ walked: WalkedFlow) -> BookingSnapshot.Position {
    .extras(draftID: walked.draft.id, offerID: walked.offer.id)
  }

  /// The passengers step as restore rebuilds it after a draft: the draft's travellers prefilled.
  func restoredPassengers(_ walked: WalkedFlow) -> BookingStep {
    .passengers(walked.offer, prefill: PassengerPrefill(walked.draft))
  }

  /// The results step as restore rebuilds it before later steps: the chosen offer highlighted.
  func restoredResults(_ walked: WalkedFlow) -> BookingStep {
    .results(walked.criteria, chosen: walked.offer.id)
  }

  /// The extras step as restore rebuilds it under a quote: the quote's seats, bags, insurance.
  func restoredExtras(_ walked: WalkedFlow, _ quote: Quote? = nil) -> BookingStep {
    .extras(walked.draft, chosen: (quote ?? walked.quote).extras)
  }

  @Test("each position resumes at the same step when everything is still there")
  func resumesEverywhere() async throws {
    let walked = try WalkedFlow()
    let lookup = airline(walked)
    let reference = try Fixture.reference()
    let cases: [(BookingSnapshot, [BookingStep], StepKind)] = [
      (.search, [], .search),
      (snapshot(walked, .results), [walked.results], .results),
      (
        snapshot(walked, .passengers(offerID: walked.offer.id)),
        [restoredResults(walked), walked.passengers], .passengers
      ),
      (
        snapshot(walked, atExtras(walked)),
        [restoredResults(walked), restoredPassengers(walked), walked.extras], .extras
      ),
      (
        snapshot(walked, atPayment(walked)),
        [
          restoredResults(walked), restoredPassengers(walked), restoredExtras(walked),
          walked.payment,
        ], .payment
      ),
      (
        BookingSnapshot(criteria: nil, position: .confirmation(reference: reference)),
        [.confirmation(reference)], .confirmation
      ),
    ]
    for (snapshot, path, step) in cases {
      let restored = await BookingFlow.restore(snapshot, using: lookup, now: Fixture.now)
      #expect(restored.flow.path == path, "\(snapshot.position)")
      #expect(
        restored.outcome == (step == .search ? .fresh : .resumed(at: step)), "\(snapshot.position)")
      #expect(restored.flow.snapshot == (step == .search ? .search : snapshot))
    }
  }

  @Test("an expired quote falls back to extras, saying the price expired")
  func expiredQuote() async throws {
    let walked = try WalkedFlow()
    let expired = try Fixture.quote(
      "quote-a", for: walked.draft, expiresAt: Fixture.now.addingTimeInterval(-1))
    let restored = await BookingFlow.restore(
      snapshot(walked, .payment(quoteID: expired.id)), using: airline(walked, quote: expired),
      now: Fixture.now)
    #expect(
      restored.flow.path == [
        restoredResults(walked), restoredPassengers(walked), restoredExtras(walked, expired),
      ])
    #expect(restored.outcome == .fellBack(to: .extras, because: .quoteExpired))
    #expect(restored.outcome.description == "Your price expired - review your extras.")
  }

  @Test("a quote paid already opens its booking's confirmation, from a link or a resume")
  func paidQuote() async throws {
    let walked = try WalkedFlow()
    let reference = try Fixture.reference()
    var lookup = airline(walked)
    lookup.paid = [walked.quote.id: reference]
    for criteria in [walked.criteria, nil] {
      let restored = await BookingFlow.restore(
        BookingSnapshot(criteria: criteria, position: .payment(quoteID: walked.quote.id)),
        using: lookup, now: Fixture.now)
      #expect(restored.flow.path == [.confirmation(reference)])
      #expect(restored.outcome == .fellBack(to: .confirmation, because: .alreadyPaid(reference)))
    }
  }

  @Test("a quote expiring exactly now counts as expired")
  func quoteExpiringNow() async throws {
    let walked = try WalkedFlow()
    let expiring = try Fixture.quote("quote-a", for: walked.draft, expiresAt: Fixture.now)
    let restored = await BookingFlow.restore(
      snapshot(walked, .payment(quoteID: expiring.id)), using: airline(walked, quote: expiring),
      now: Fixture.now)
    #expect(restored.outcome == .fellBack(to: .extras, because: .quoteExpired))
  }

  @Test(
    "from payment or extras, restore falls back to the furthest step whose records are still valid",
    arguments: [
      ("payment", "no quote", StepKind.extras, FallbackReason?.some(.quoteUnavailable)),
      ("payment", "no quote, no draft", .passengers, .quoteUnavailable),
      ("payment", "no draft", .passengers, .draftUnavailable),
      ("payment", "no quote, no draft, no offer", .results, .quoteUnavailable),
      ("extras", "no draft", .passengers, .draftUnavailable),
      ("extras", "no draft, no offer", .results, .draftUnavailable),
      ("results", "no offer", .results, nil),
    ])
  func furthestValid(position: String, gone: String, step: StepKind, reason: FallbackReason?)
    async throws
  {
    let walked = try WalkedFlow()
    var lookup = airline(walked)
    if gone.contains("quote") { lookup.quotes = [:] }
    if gone.contains("draft") { lookup.drafts = [:] }
    if gone.contains("offer") { lookup.offers = [:] }
    let at: BookingSnapshot.Position =
      switch position {
      case "payment": atPayment(walked)
      case "extras": atExtras(walked)
      default: .results
      }
    let restored = await BookingFlow.restore(
      snapshot(walked, at), using: lookup, now: Fixture.now)
    let expected: [BookingStep] =
      switch step {
      // The draft's travellers, nothing chosen: the quote that held the choices is gone.
      case .extras: [restoredResults(walked), restoredPassengers(walked), walked.extras]
      // Prefilled from nothing: the draft that held the travellers is gone.
      case .passengers: [restoredResults(walked), .passengers(walked.offer, prefill: .empty)]
      // Searched again: the results step's work is the search.
      default: [walked.results]
      }
    #expect(restored.flow.path == expected, "\(position), \(gone)")
    #expect(
      restored.outcome
        == (reason.map { .fellBack(to: step, because: $0) } ?? .resumed(at: .results)))
    // What the person is told names where they landed, not where they would have.
    let told = restored.outcome.description
    switch step {
    case .extras: #expect(told.contains("review your extras"), "\(told)")
    case .passengers: #expect(told.contains("enter them again"), "\(told)")
    default: #expect(!told.contains("extras") && !told.contains("enter them"), "\(told)")
    }
  }

  @Test("a missing quote, draft or offer falls back to results with the reason")
  func missingRecords() async throws {
    let walked = try WalkedFlow()
    var noQuote = airline(walked)
    noQuote.quotes = [:]
    var noDraft = airline(walked)
    noDraft.drafts = [:]
    var noOffer = airline(walked)
    noOffer.offers = [:]
    let atPayment = snapshot(walked, .payment(quoteID: walked.quote.id))
    let atExtras = snapshot(walked, .extras(draftID: walked.draft.id))
    let atPassengers = snapshot(walked, .passengers(offerID: walked.offer.id))
    let cases: [(BookingSnapshot, StubLookup, FallbackReason)] = [
      (atPayment, noQuote, .quoteUnavailable),
      (atPayment, noDraft, .draftUnavailable),
      (atExtras, noDraft, .draftUnavailable),
      (atExtras, noOffer, .offerUnavailable),
      (atPassengers, noOffer, .offerUnavailable),
    ]
    for (snapshot, lookup, reason) in cases {
      let restored = await BookingFlow.restore(snapshot, using: lookup, now: Fixture.now)
      #expect(restored.flow.path == [walked.results], "\(snapshot.position) \(reason)")
      #expect(restored.outcome == .fellBack(to: .results, because: reason))
    }
  }

  @Test("a storage failure falls back to results and says why")
  func storageFailure() async throws {
    let walked = try WalkedFlow()
    var broken = airline(walked)
    broken.failure = .storage("drafts/draft-a.json is unreadable")
    let restored = await BookingFlow.restore(
      snapshot(walked, .extras(draftID: walked.draft.id)), using: broken, now: Fixture.now)
    #expect(restored.flow.path == [walked.results])
    #expect(
      restored.outcome
        == .fellBack(to: .results, because: .lookupFailed("drafts/draft-a.json is unreadable")))
  }

  @Test("an offer that no longer answers the saved search falls back to results")
  func offerNoLongerMatches() async throws {
    let walked = try WalkedFlow()
    let moved = try Fixture.offer("offer-a", passengers: 3)
    let lookup = StubLookup(offers: [moved.id: moved])
    let restored = await BookingFlow.restore(
      snapshot(walked, .passengers(offerID: moved.id)), using: lookup, now: Fixture.now)
    #expect(restored.flow.path == [walked.results])
    #expect(restored.outcome == .fellBack(to: .results, because: .offerUnavailable))
  }

  @Test("a payment link from a cold start rebuilds the whole path from the quote")
  func deepLinkColdStart() async throws {
    let walked = try WalkedFlow()
    let link = try DeepLink(parsing: "booking://pay/quote-a")
    let restored = await BookingFlow.restore(
      link.snapshot, using: airline(walked), now: Fixture.now)
    #expect(
      restored.flow.path == [
        restoredResults(walked), restoredPassengers(walked), restoredExtras(walked),
        walked.payment,
      ])
    #expect(restored.outcome == .resumed(at: .payment))
    #expect(
      restored.event.description == "accepted restore -> Resumed at payment. -> "
        + "[results, passengers, extras, payment]")
  }

  @Test("a link opens through the same restore, and says it opened, not resumed")
  func linkOpens() async throws {
    let walked = try WalkedFlow()
    let link = try DeepLink(parsing: "booking://pay/quote-a")
    let opened = await BookingFlow.open(link, using: airline(walked), now: Fixture.now)
    let restored = await BookingFlow.restore(
      link.snapshot, using: airline(walked), now: Fixture.now)
    #expect(opened.flow == restored.flow)
    #expect(opened.outcome == .opened(at: .payment))
    #expect(opened.outcome.description == "Opened payment from the link.")
    let gone = await BookingFlow.open(
      try DeepLink(parsing: "booking://pay/nope"), using: StubLookup(), now: Fixture.now)
    #expect(gone.outcome == .fellBack(to: .search, because: .quoteUnavailable))
  }

  @Test("a round trip's pay link from a cold start rebuilds the round-trip search and its party")
  func roundTripPayLink() async throws {
    let party = try Party(adults: 1, children: 1, infants: 1)
    let offer = try Fixture.roundTrip("rt1", party: party)
    let draft = try Fixture.draft("draft-rt", for: offer, passengers: Fixture.family())
    let quote = try Fixture.quote("quote-rt", for: draft, extras: Extras.none)
    let lookup = StubLookup(
      offers: [offer.id: offer], drafts: [draft.id: draft], quotes: [quote.id: quote])
    let link = try DeepLink(parsing: "booking://pay/quote-rt")
    let restored = await BookingFlow.restore(link.snapshot, using: lookup, now: Fixture.now)
    let criteria = try Fixture.roundTripCriteria(party: party)
    #expect(
      restored.flow.path == [
        .results(criteria, chosen: offer.id),
        .passengers(offer, prefill: PassengerPrefill(draft)),
        .extras(draft, chosen: quote.extras), .payment(quote),
      ])
    #expect(restored.outcome == .resumed(at: .payment))
    // The same trip saved as a snapshot resumes the same way, its return day kept.
    let saved = BookingSnapshot(
      criteria: criteria, position: .payment(quoteID: quote.id, draftID: draft.id))
    let data = try JSONEncoder().encode(saved)
    let read = try JSONDecoder().decode(BookingSnapshot.self, from: data)
    #expect(read == saved)
    let resumed = await BookingFlow.restore(read, using: lookup, now: Fixture.now)
    #expect(resumed.flow.path == restored.flow.path)
    // A saved search whose return day differs from the offer's falls back to results.
    let other = try SearchCriteria(
      origin: criteria.origin, destination: criteria.destination, departure: criteria.departure,
      returning: criteria.departure.adding(days: 5), party: criteria.party)
    let mismatched = await BookingFlow.restore(
      BookingSnapshot(criteria: other, position: .passengers(offerID: offer.id)), using: lookup,
      now: Fixture.now)
    #expect(mismatched.flow.path == [.results(other)])
  }

  @Test("a payment link to an unknown quote falls back to the search form")
  func deepLinkUnknownQuote() async throws {
    let link = try DeepLink(parsing: "booking://pay/nope")
    let restored = await BookingFlow.restore(link.snapshot, using: StubLookup(), now: Fixture.now)
    #expect(restored.flow.path == [])
    #expect(restored.outcome == .fellBack(to: .search, because: .quoteUnavailable))
  }

  @Test("the restored flow accepts the next output as if it had never stopped")
  func restoredFlowContinues() async throws {
    let walked = try WalkedFlow()
    var flow = await BookingFlow.restore(
      snapshot(walked, .extras(draftID: walked.draft.id)), using: airline(walked),
      now: Fixture.now
    ).flow
    let event = flow.extrasPriced(walked.quote, from: walked.extras)
    #expect(event.isAccepted)
    #expect(flow.path.last == walked.payment)
  }
}

@Suite("restore at payment")
struct RestoreAtPaymentTests {
  @Test("a valid quote resumes at payment though its offer has expired (payment checks the quote)")
  func validQuoteExpiredOffer() async throws {
    let walked = try WalkedFlow()
    let lookup = StubLookup(
      drafts: [walked.draft.id: walked.draft], quotes: [walked.quote.id: walked.quote])
    for criteria in [walked.criteria, nil] {
      let restored = await BookingFlow.restore(
        BookingSnapshot(criteria: criteria, position: .payment(quoteID: walked.quote.id)),
        using: lookup, now: Fixture.now)
      #expect(restored.outcome == .resumed(at: .payment))
      #expect(
        restored.flow.path == [
          .results(walked.criteria, chosen: walked.offer.id),
          .passengers(walked.offer, prefill: PassengerPrefill(walked.draft)),
          .extras(walked.draft, chosen: walked.quote.extras), walked.payment,
        ])
    }
  }
}

/// Holds each lookup until `expected` of them are waiting at once (or a deadline passes, which
/// only a restore asking one after another would reach).
actor LookupGate {
  let expected: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private(set) var mostAtOnce = 0
  private(set) var timedOut = false

  init(expected: Int) { self.expected = expected }

  func arrive() async {
    await withCheckedContinuation { continuation in
      waiting.append(continuation)
      mostAtOnce = max(mostAtOnce, waiting.count)
      if waiting.count >= expected { releaseAll() }
    }
  }

  func expire() {
    guard !waiting.isEmpty else { return }
    timedOut = true
    releaseAll()
  }

  private func releaseAll() {
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}

/// A `StubLookup` whose answers wait at a gate.
struct GatedLookup: BookingLookup {
  let stub: StubLookup
  let gate: LookupGate

  func offer(id: OfferID) async throws(ServiceError) -> Offer {
    await gate.arrive()
    return try await stub.offer(id: id)
  }

  func draft(id: DraftID) async throws(ServiceError) -> BookingDraft {
    await gate.arrive()
    return try await stub.draft(id: id)
  }

  func quote(id: QuoteID) async throws(ServiceError) -> Quote {
    await gate.arrive()
    return try await stub.quote(id: id)
  }

  func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    await gate.arrive()
    return try await stub.paymentState(of: quoteID)
  }
}

@Suite("restore at payment, concurrently")
struct ConcurrentRestoreTests {
  @Test("at payment the paid check, the quote and the draft are asked at once: one answer's time")
  func lookupsAtOnce() async throws {
    let walked = try WalkedFlow()
    let gate = LookupGate(expected: 3)
    let lookup = GatedLookup(
      stub: StubLookup(
        drafts: [walked.draft.id: walked.draft], quotes: [walked.quote.id: walked.quote]),
      gate: gate)
    // Only a restore that asks one lookup at a time waits for this.
    let deadline = Task {
      try await Task.sleep(for: .seconds(5))
      await gate.expire()
    }
    let restored = await BookingFlow.restore(
      BookingSnapshot(
        criteria: walked.criteria,
        position: .payment(quoteID: walked.quote.id, draftID: walked.draft.id)),
      using: lookup, now: Fixture.now)
    deadline.cancel()
    #expect(restored.outcome == .resumed(at: .payment))
    #expect(await gate.mostAtOnce == 3)
    #expect(await !gate.timedOut, "the lookups were asked one after another")
  }

  @Test("a quote whose payment cannot be told resumes at extras, never at payment")
  func unresolvedPayment() async throws {
    let walked = try WalkedFlow()
    struct Unresolved: BookingLookup {
      let stub: StubLookup
      func offer(id: OfferID) async throws(ServiceError) -> Offer { try await stub.offer(id: id) }
      func draft(id: DraftID) async throws(ServiceError) -> BookingDraft {
        try await stub.draft(id: id)
      }
      func quote(id: QuoteID) async throws(ServiceError) -> Quote { try await stub.quote(id: id) }
      func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
        throw .paymentUnresolved("payments/k1.json could not be read")
      }
    }
    let lookup = Unresolved(
      stub: StubLookup(
        offers: [walked.offer.id: walked.offer], drafts: [walked.draft.id: walked.draft],
        quotes: [walked.quote.id: walked.quote]))
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: walked.criteria, position: .payment(quoteID: walked.quote.id)),
      using: lookup, now: Fixture.now)
    #expect(restored.flow.current == .extras)
    #expect(
      restored.outcome
        == .fellBack(
          to: .extras, because: .paymentUnresolved("payments/k1.json could not be read")))
  }
}

@Suite("restore beyond the bookable window")
struct RestoreWindowTests {
  func criteria(_ day: String) throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: CalendarDay(iso: day),
      party: .adults(1))
  }

  @Test(
    "a saved search or a link beyond the bookable window opens the search form, saying why",
    arguments: ["9999-12-31", "2027-11-21"])
  func beyondWindow(day: String) async throws {
    let walked = try WalkedFlow()
    let lookup = StubLookup(
      offers: [walked.offer.id: walked.offer], drafts: [walked.draft.id: walked.draft],
      quotes: [walked.quote.id: walked.quote])
    // Fixture.now is 2026-11-29 12:00 UTC, already 30 November at UTC+14: the last bookable
    // day anywhere is 355 days after that, 2027-11-20.
    for position in [
      BookingSnapshot.Position.results, .passengers(offerID: walked.offer.id),
      .extras(draftID: walked.draft.id), .payment(quoteID: walked.quote.id),
    ] {
      let snapshot = BookingSnapshot(criteria: try criteria(day), position: position)
      let restored = await BookingFlow.restore(snapshot, using: lookup, now: Fixture.now)
      #expect(restored.flow.path.isEmpty, "\(position): \(restored.flow.path)")
      #expect(restored.outcome.step == .search, "\(position)")
      #expect(
        restored.outcome.description
          == "\(day) is more than 355 days ahead: flights cannot be booked that far yet - "
          + "search again.", "\(position)")
    }
  }

  @Test("the last bookable day, counted where it is already tomorrow, still opens")
  func lastDay() async throws {
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: try criteria("2027-11-20"), position: .results),
      using: StubLookup(), now: Fixture.now)
    #expect(restored.outcome == .resumed(at: .results))
  }
}
