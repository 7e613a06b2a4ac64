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
  /// At a step holding a quote still valid (the payment): the idempotency key of an attempt a
  /// crash cut off before any charge, for the payment form to pay with again.
  public let paymentKey: IdempotencyKey?

  /// The trips screen's position to open again over the restored flow: the snapshot's, when
  /// the flow is restored where the trips open (the search form or a confirmation).
  public let trip: TripPosition?

  /// A restoration; `paymentKey` only at a step holding a quote.
  public init(
    flow: BookingFlow, outcome: RestoreOutcome, paymentKey: IdempotencyKey? = nil,
    trip: TripPosition? = nil
  ) {
    self.flow = flow
    self.outcome = outcome
    self.paymentKey = paymentKey
    self.trip = trip
  }

  /// The snapshot of what was restored: the flow's, with the trips' position.
  public var snapshot: BookingSnapshot { flow.snapshot.with(trip: trip) }

  /// The event to log for this restoration.
  public var event: FlowEvent { BookingFlow.restoredEvent(outcome, path: flow.path) }
}

extension BookingFlow {
  /// Rebuilds a flow from `snapshot`, fetching the offer, draft and quote again through `lookup`.
  ///
  /// The position names its kind of step and the records the path held up to it; the path is
  /// rebuilt from them along `StepKind.chain`, each step as `BookingStep.init(_:from:)` builds it
  /// from the records fetched again, and ends at the furthest step whose record is still valid.
  /// Fallbacks, each reported in the outcome:
  /// - a quote whose draft is booked (with it or another quote) -> the confirmation of its
  ///   booking;
  /// - a quote whose payment cannot be told (a guard record unreadable) -> the step before the
  ///   first step holding a quote (extras), never a step holding it;
  /// - a quote whose price lock has run out at `now` -> that step (extras: price again), with
  ///   its seats, bags and insurance;
  /// - a quote that cannot be found, its draft still there -> the draft's step (extras), with
  ///   the draft's travellers and nothing chosen;
  /// - a draft that cannot be found, its offer still on sale -> the offer's step (passengers),
  ///   prefilled from nothing;
  /// - an offer that cannot be found or is no longer available -> results, searched again;
  /// - a snapshot from a deep link (no criteria) whose records cannot be found -> search;
  /// - a storage failure -> the furthest step still valid, with the reason;
  /// - a search (saved, from a link, or derived from the offer of a pay link) for a day beyond
  ///   the bookable window at `now` -> search, before anything is asked of `lookup`.
  /// Up to the draft's step the offer is fetched again (it must still be on sale); with a valid
  /// quote it comes from the draft (a valid quote is enough to pay). From the draft's step on,
  /// the passengers step is rebuilt with the draft's travellers as its prefill, and the extras
  /// step starts with the quote's seats, bags and insurance (under a step holding the quote, or
  /// when its price ran out). The results start highlighted on the offer the path went on with.
  public static func restore(
    _ snapshot: BookingSnapshot, using lookup: some BookingLookup, now: Date
  ) async -> Restoration {
    let restored = await restoreFlow(snapshot, using: lookup, now: now)
    guard let trip = snapshot.trip,
      restored.flow.path.isEmpty || restored.flow.current == .confirmation
    else { return restored }
    return Restoration(
      flow: restored.flow, outcome: restored.outcome, paymentKey: restored.paymentKey, trip: trip)
  }

  private static func restoreFlow(
    _ snapshot: BookingSnapshot, using lookup: some BookingLookup, now: Date
  ) async -> Restoration {
    let position = snapshot.position
    let criteria = snapshot.criteria
    if let criteria, position.kind != .search, position.reference == nil,
      let day = criteria.dayBeyondBookingWindow(at: now)
    {
      return fallBack([], .beyondBookingWindow(day))
    }
    if let reference = position.reference {
      return Restoration(
        flow: BookingFlow(validPath: [.confirmation(reference)]),
        outcome: .resumed(at: position.kind))
    }
    if let quoteID = position.quoteID {
      return await restoreQuote(quoteID, at: position, criteria: criteria, lookup, now)
    }
    if let draftID = position.draftID {
      let draft: BookingDraft
      do {
        draft = try await lookup.draft(id: draftID)
      } catch {
        return await restoreOffer(
          position.offerID, upTo: position.kind,
          because: FallbackReason(error, otherwise: .draftUnavailable), criteria: criteria,
          lookup, now)
      }
      return await restoreDraft(
        draft, chosen: .none, upTo: position.kind, because: nil, criteria: criteria, lookup, now)
    }
    if let offerID = position.offerID {
      return await restoreOffer(
        offerID, upTo: position.kind, because: nil, criteria: criteria, lookup, now)
    }
    guard position.kind != .search else {
      return Restoration(flow: BookingFlow(), outcome: .fresh)
    }
    guard let criteria else { return fallBack([], .searchUnavailable) }
    return Restoration(
      flow: BookingFlow(validPath: [.results(criteria)]), outcome: .resumed(at: .results))
  }

  /// At a step holding a quote the lookups that do not depend on each other are asked at once:
  /// whether the quote's draft is booked, the quote, and the draft when the position names it (a
  /// payment link does not: its draft is asked once the quote has named it). A quote still valid
  /// is enough to pay, whatever its offer's own expiry: the offer comes from the draft.
  private static func restoreQuote(
    _ quoteID: QuoteID, at position: BookingSnapshot.Position, criteria: SearchCriteria?,
    _ lookup: some BookingLookup, _ now: Date
  ) async -> Restoration {
    async let state = result { () async throws(ServiceError) in
      try await lookup.paymentState(of: quoteID)
    }
    async let fetchedQuote = result { () async throws(ServiceError) in
      try await lookup.quote(id: quoteID)
    }
    async let hinted = draft(position.draftID, lookup)
    let target = position.kind
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
      // The quote is gone: the furthest step still valid is its draft's, else the passengers
      // of the draft's offer.
      guard case .success(let draft)? = await hinted else {
        return await restoreOffer(
          position.offerID, upTo: target, because: reason, criteria: criteria, lookup, now)
      }
      return await restoreDraft(
        draft, chosen: .none, upTo: target, because: reason, criteria: criteria, lookup, now)
    }
    let draft: BookingDraft
    switch await hinted {
    case .success(let found)? where found.id == quote.draftID:
      draft = found
    default:
      do {
        draft = try await lookup.draft(id: quote.draftID)
      } catch {
        return await restoreOffer(
          position.offerID, upTo: target,
          because: FallbackReason(error, otherwise: .draftUnavailable), criteria: criteria,
          lookup, now)
      }
    }
    guard quote.isValid(at: now), unresolved == nil else {
      let reason: FallbackReason = unresolved.map { .paymentUnresolved($0) } ?? .quoteExpired
      return await restoreDraft(
        draft, chosen: quote.extras, upTo: target, because: reason, criteria: criteria, lookup,
        now)
    }
    let records = BookingStep.Records(
      offer: draft.offer, draft: draft, chosen: quote.extras, quote: quote)
    let restored = resume(upTo: target, records, because: nil, after: criteria, now: now)
    return Restoration(flow: restored.flow, outcome: restored.outcome, paymentKey: paymentKey)
  }

  /// The draft the position names, if it names one.
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

  /// Up to `target` from offer `offerID` alone (its draft is not there, or the position names
  /// none): the passengers prefilled from nothing, when the offer is still on sale; else the
  /// results, with `reason` (or, at the passengers, why the offer is not there).
  private static func restoreOffer(
    _ offerID: OfferID?, upTo target: StepKind, because reason: FallbackReason?,
    criteria: SearchCriteria?, _ lookup: some BookingLookup, _ now: Date
  ) async -> Restoration {
    let results = criteria.map { [BookingStep.results($0)] } ?? []
    guard let offerID else { return fallBack(results, reason ?? .offerUnavailable) }
    let offer: Offer
    do {
      offer = try await lookup.offer(id: offerID)
    } catch {
      guard let reason else {
        return fallBack(results, FallbackReason(error, otherwise: .offerUnavailable))
      }
      return fallBack(results, reason)
    }
    return resume(
      upTo: target, BookingStep.Records(offer: offer), because: reason, after: criteria, now: now)
  }

  /// Up to `target` from `draft`, its extras starting with `chosen` (a quote's extras, priced
  /// again from there): the offer is fetched again, since extras (seats) need it still on sale.
  private static func restoreDraft(
    _ draft: BookingDraft, chosen: Extras, upTo target: StepKind, because reason: FallbackReason?,
    criteria: SearchCriteria?, _ lookup: some BookingLookup, _ now: Date
  ) async -> Restoration {
    let results = criteria.map { [BookingStep.results($0)] } ?? []
    let offer: Offer
    do {
      offer = try await lookup.offer(id: draft.offer.id)
    } catch {
      return fallBack(results, FallbackReason(error, otherwise: .offerUnavailable))
    }
    let records = BookingStep.Records(offer: offer, draft: draft, chosen: chosen)
    return resume(upTo: target, records, because: reason, after: criteria, now: now)
  }

  /// The path up to `target` rebuilt from `records`: after the results, each kind of the chain
  /// as `BookingStep.init(_:from:)` builds it, ending before the first kind whose record is not
  /// among them. A path that ends before `target` falls back to its last step, with `reason`.
  private static func resume(
    upTo target: StepKind, _ records: BookingStep.Records, because reason: FallbackReason?,
    after criteria: SearchCriteria?, now: Date
  ) -> Restoration {
    var steps: [BookingStep] = []
    for kind in StepKind.chain.dropFirst() where kind <= target {
      guard let step = BookingStep(kind, from: records) else { break }
      steps.append(step)
    }
    guard let offer = records.offer else { return fallBack([], reason ?? .offerUnavailable) }
    let restored = resume(steps, after: criteria, offer: offer, now: now)
    guard case .resumed(let at) = restored.outcome, at != target else { return restored }
    return Restoration(
      flow: restored.flow, outcome: .fellBack(to: at, because: reason ?? .quoteUnavailable))
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
