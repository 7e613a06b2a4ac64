import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A restored flow and what happened on the way.
public struct Restoration: Hashable, Sendable {
  /// The flow, at the furthest step still valid.
  public let flow: BookingFlow
  /// What happened, for the one-line message.
  public let outcome: RestoreOutcome
  /// At payment: the idempotency key of an attempt a crash cut off before any charge, for the
  /// payment form to pay with again.
  public let paymentKey: IdempotencyKey?

  /// A restoration; `paymentKey` only at payment.
  public init(flow: BookingFlow, outcome: RestoreOutcome, paymentKey: IdempotencyKey? = nil) {
    self.flow = flow
    self.outcome = outcome
    self.paymentKey = paymentKey
  }

  /// The event to log for this restoration.
  public var event: FlowEvent { BookingFlow.restoredEvent(outcome, path: flow.path) }
}

extension BookingFlow {
  /// Rebuilds a flow from `snapshot`, fetching the offer, draft and quote again through `lookup`.
  ///
  /// Fallbacks, each reported in the outcome:
  /// - a quote whose draft is booked (with it or another quote) -> the confirmation of its
  ///   booking;
  /// - a quote whose payment cannot be told (a guard record unreadable) -> extras, never payment;
  /// - a quote whose price lock has run out at `now` -> extras (price again), with its seats,
  ///   bags and insurance;
  /// - a quote that cannot be found, its draft still there -> extras, with the draft's travellers
  ///   and nothing chosen;
  /// - a draft that cannot be found, its offer still on sale -> passengers, prefilled from
  ///   nothing;
  /// - an offer that cannot be found or is no longer available -> results, searched again;
  /// - a snapshot from a deep link (no criteria) whose records cannot be found -> search;
  /// - a storage failure -> the furthest step still valid, with the reason;
  /// - a search (saved, from a link, or derived from the offer of a pay link) for a day beyond
  ///   the bookable window at `now` -> search, before anything is asked of `lookup`.
  /// At passengers and extras the offer is fetched again (it must still be on sale); at payment
  /// it comes from the draft (a valid quote is enough to pay). From extras on, the passengers
  /// step is rebuilt with the draft's travellers as its prefill, and the extras step starts with
  /// the quote's seats, bags and insurance (at payment, or when its price ran out). The results
  /// start highlighted on the offer the path went on with.
  public static func restore(
    _ snapshot: BookingSnapshot, using lookup: some BookingLookup, now: Date
  ) async -> Restoration {
    let position = snapshot.position
    if let criteria = snapshot.criteria, position.kind != .search,
      position.kind != .confirmation, let day = criteria.dayBeyondBookingWindow(at: now)
    {
      return fallBack([], .beyondBookingWindow(day))
    }
    switch position {
    case .search:
      return Restoration(flow: BookingFlow(), outcome: .fresh)
    case .confirmation(let reference):
      return Restoration(
        flow: BookingFlow(validPath: [.confirmation(reference)]),
        outcome: .resumed(at: .confirmation))
    case .results:
      guard let criteria = snapshot.criteria else {
        return fallBack([], .searchUnavailable)
      }
      return Restoration(
        flow: BookingFlow(validPath: [.results(criteria)]), outcome: .resumed(at: .results))
    case .passengers(let offerID):
      let results = snapshot.criteria.map { [BookingStep.results($0)] } ?? []
      let offer: Offer
      do {
        offer = try await lookup.offer(id: offerID)
      } catch {
        return fallBack(results, FallbackReason(error, otherwise: .offerUnavailable))
      }
      return resume(
        [.passengers(offer, prefill: .empty)], after: snapshot.criteria, offer: offer, now: now)
    case .extras(let draftID, let offerID):
      return await restoreDraft(draftID, offerID: offerID, criteria: snapshot.criteria, lookup, now)
    case .payment(let quoteID, let draftID, let offerID):
      return await restorePayment(
        quoteID, draftID: draftID, offerID: offerID, criteria: snapshot.criteria, lookup, now)
    }
  }

  /// At payment the lookups that do not depend on each other are asked at once: whether the
  /// quote's draft is booked, the quote, and the draft when the snapshot names it (a payment link
  /// does not: its draft is asked once the quote has named it). A quote still valid is enough to
  /// pay, whatever its offer's own expiry: the offer comes from the draft.
  private static func restorePayment(
    _ quoteID: QuoteID, draftID: DraftID?, offerID: OfferID?, criteria: SearchCriteria?,
    _ lookup: some BookingLookup, _ now: Date
  ) async -> Restoration {
    async let state = result { () async throws(ServiceError) in
      try await lookup.paymentState(of: quoteID)
    }
    async let fetchedQuote = result { () async throws(ServiceError) in
      try await lookup.quote(id: quoteID)
    }
    async let hinted = draft(draftID, lookup)
    // Paid already (from another session, just before a crash, or with another quote of the
    // same draft): show the booking.
    var paymentKey: IdempotencyKey?
    var unresolved: String?
    switch await state {
    case .success(.booked(let reference)):
      return Restoration(
        flow: BookingFlow(validPath: [.confirmation(reference)]),
        outcome: .fellBack(to: .confirmation, because: .alreadyPaid(reference)))
    case .success(.unpaid(let key)):
      paymentKey = key
    case .failure(let error):
      // Whether it was paid cannot be told: the quote must not be offered for payment.
      if case .paymentUnresolved(let reason) = error {
        unresolved = reason
      } else {
        unresolved = error.description
      }
    }
    let quote: Quote
    switch await fetchedQuote {
    case .success(let found): quote = found
    case .failure(let error):
      let reason = FallbackReason(error, otherwise: .quoteUnavailable)
      // The quote is gone: the furthest step still valid is its draft's extras, else the
      // passengers of the draft's offer.
      guard case .success(let draft)? = await hinted else {
        return await restorePassengers(offerID, reason, criteria: criteria, lookup, now)
      }
      let restored = await restoreDraft(draft, chosen: .none, criteria: criteria, lookup, now)
      guard restored.outcome == .resumed(at: .extras) else { return restored }
      return Restoration(flow: restored.flow, outcome: .fellBack(to: .extras, because: reason))
    }
    let draft: BookingDraft
    switch await hinted {
    case .success(let found)? where found.id == quote.draftID:
      draft = found
    default:
      do {
        draft = try await lookup.draft(id: quote.draftID)
      } catch {
        return await restorePassengers(
          offerID, FallbackReason(error, otherwise: .draftUnavailable), criteria: criteria,
          lookup, now)
      }
    }
    guard quote.isValid(at: now), unresolved == nil else {
      let restored = await restoreDraft(
        draft, chosen: quote.extras, criteria: criteria, lookup, now)
      guard restored.outcome == .resumed(at: .extras) else { return restored }
      let reason: FallbackReason = unresolved.map { .paymentUnresolved($0) } ?? .quoteExpired
      return Restoration(flow: restored.flow, outcome: .fellBack(to: .extras, because: reason))
    }
    let steps = rebuilt(
      upTo: .payment, offer: draft.offer, draft: draft, chosen: quote.extras, quote: quote)
    let restored = resume(steps, after: criteria, offer: draft.offer, now: now)
    return Restoration(flow: restored.flow, outcome: restored.outcome, paymentKey: paymentKey)
  }

  /// The draft the snapshot names, if it names one.
  private static func draft(_ id: DraftID?, _ lookup: some BookingLookup) async -> Result<
    BookingDraft, ServiceError
  >? {
    guard let id else { return nil }
    return await result { () async throws(ServiceError) in try await lookup.draft(id: id) }
  }

  /// A lookup's answer as a value, so lookups asked at once can each be awaited for theirs.
  private static func result<Value: Sendable>(
    _ body: () async throws(ServiceError) -> Value
  ) async -> Result<Value, ServiceError> {
    do {
      return .success(try await body())
    } catch {
      return .failure(error)
    }
  }

  private static func restoreDraft(
    _ draftID: DraftID, offerID: OfferID?, criteria: SearchCriteria?,
    _ lookup: some BookingLookup, _ now: Date
  ) async -> Restoration {
    do {
      return await restoreDraft(
        try await lookup.draft(id: draftID), chosen: .none, criteria: criteria, lookup, now)
    } catch {
      return await restorePassengers(
        offerID, FallbackReason(error, otherwise: .draftUnavailable), criteria: criteria, lookup,
        now)
    }
  }

  /// The draft is gone (`reason`): the passengers of offer `offerID`, prefilled from nothing,
  /// when the snapshot names it and it is still on sale; else the results, with `reason`.
  private static func restorePassengers(
    _ offerID: OfferID?, _ reason: FallbackReason, criteria: SearchCriteria?,
    _ lookup: some BookingLookup, _ now: Date
  ) async -> Restoration {
    let results = criteria.map { [BookingStep.results($0)] } ?? []
    guard let offerID, let offer = try? await lookup.offer(id: offerID) else {
      return fallBack(results, reason)
    }
    let restored = resume(
      [.passengers(offer, prefill: .empty)], after: criteria, offer: offer, now: now)
    guard restored.outcome == .resumed(at: .passengers) else { return restored }
    return Restoration(flow: restored.flow, outcome: .fellBack(to: .passengers, because: reason))
  }

  /// Up to extras, starting with `chosen` (a quote's extras, priced again from there): the offer
  /// is fetched again, since extras (seats) need it still on sale.
  private static func restoreDraft(
    _ draft: BookingDraft, chosen: Extras, criteria: SearchCriteria?,
    _ lookup: some BookingLookup, _ now: Date
  ) async -> Restoration {
    let results = criteria.map { [BookingStep.results($0)] } ?? []
    let offer: Offer
    do {
      offer = try await lookup.offer(id: draft.offer.id)
    } catch {
      return fallBack(results, FallbackReason(error, otherwise: .offerUnavailable))
    }
    return resume(
      rebuilt(upTo: .extras, offer: offer, draft: draft, chosen: chosen), after: criteria,
      offer: offer, now: now)
  }

  /// The steps after the results up to `kind`, each kind of the chain as a restore starts it
  /// from the records fetched again: the passengers of `offer` with the draft's travellers as
  /// their prefill, the extras of `draft` with `chosen`, the payment of `quote`. A step whose
  /// record is not given (a payment without `quote`) is left out: the path ends before it.
  private static func rebuilt(
    upTo kind: StepKind, offer: Offer, draft: BookingDraft, chosen: Extras, quote: Quote? = nil
  ) -> [BookingStep] {
    StepKind.chain.dropFirst().prefix { $0 <= kind }.compactMap { kind in
      switch kind {
      case .passengers: .passengers(offer, prefill: PassengerPrefill(draft))
      case .extras: .extras(draft, chosen: chosen)
      case .payment: quote.map { .payment($0) }
      case .search, .results, .confirmation: nil
      }
    }
  }

  /// Puts `results` in front of `steps` (deriving the search from the offer when the snapshot
  /// came from a deep link) and checks the chain; a chain that does not hold falls back.
  private static func resume(
    _ steps: [BookingStep], after criteria: SearchCriteria?, offer: Offer, now: Date
  ) -> Restoration {
    let search =
      criteria
      ?? (try? SearchCriteria(
        origin: offer.origin.code, destination: offer.destination.code,
        departure: offer.departure.day, returning: offer.inbound?.departure.day,
        party: offer.party))
    guard let search else { return fallBack([], .searchUnavailable) }
    // A pay link's search comes from records, which may come from elsewhere too.
    if let day = search.dayBeyondBookingWindow(at: now) {
      return fallBack([], .beyondBookingWindow(day))
    }
    // The results start highlighted on the offer the path went on with.
    let path = [BookingStep.results(search, chosen: offer.id)] + steps
    guard isValidChain(path), let last = path.last else {
      return fallBack([.results(search)], .offerUnavailable)
    }
    return Restoration(flow: BookingFlow(validPath: path), outcome: .resumed(at: last.kind))
  }

  private static func fallBack(_ path: [BookingStep], _ reason: FallbackReason) -> Restoration {
    let flow = BookingFlow(validPath: path)
    return Restoration(flow: flow, outcome: .fellBack(to: flow.current, because: reason))
  }
}
