import Domain
import FoundationEssentials
import Services

/// A restored flow and what happened on the way.
public struct Restoration: Hashable, Sendable {
  /// The flow, at the furthest step still valid.
  public let flow: BookingFlow
  /// What happened, for the one-line message.
  public let outcome: RestoreOutcome

  /// The event to log for this restoration.
  public var event: FlowEvent { BookingFlow.restoredEvent(outcome, path: flow.path) }
}

extension BookingFlow {
  /// Rebuilds a flow from `snapshot`, fetching the offer, draft and quote again through `lookup`.
  ///
  /// Fallbacks, each reported in the outcome:
  /// - a quote that was paid already -> the confirmation of its booking;
  /// - a quote whose price lock has run out at `now` -> extras (price again);
  /// - a quote, draft or offer that cannot be found or is no longer available -> results;
  /// - a snapshot from a deep link (no criteria) whose records cannot be found -> search;
  /// - a storage failure -> the furthest step still valid, with the reason.
  /// At passengers the offer is fetched again; at extras and payment the passengers step is
  /// rebuilt from the fetched offer with the draft's travellers as its prefill.
  public static func restore(
    _ snapshot: BookingSnapshot, using lookup: some BookingLookup, now: Date
  ) async -> Restoration {
    let position = snapshot.position
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
      return resume([.passengers(offer, prefill: .empty)], after: snapshot.criteria, offer: offer)
    case .extras(let draftID):
      return await restoreDraft(draftID, criteria: snapshot.criteria, quote: nil, lookup, now)
    case .payment(let quoteID):
      let results = snapshot.criteria.map { [BookingStep.results($0)] } ?? []
      // Paid already (from another session, or just before a crash): show the booking.
      if let reference = try? await lookup.booking(paidFor: quoteID) {
        return Restoration(
          flow: BookingFlow(validPath: [.confirmation(reference)]),
          outcome: .fellBack(to: .confirmation, because: .alreadyPaid(reference)))
      }
      let quote: Quote
      do {
        quote = try await lookup.quote(id: quoteID)
      } catch {
        return fallBack(results, FallbackReason(error, otherwise: .quoteUnavailable))
      }
      return await restoreDraft(
        quote.draftID, criteria: snapshot.criteria, quote: quote, lookup, now)
    }
  }

  private static func restoreDraft(
    _ draftID: DraftID, criteria: SearchCriteria?, quote: Quote?,
    _ lookup: some BookingLookup, _ now: Date
  ) async -> Restoration {
    let results = criteria.map { [BookingStep.results($0)] } ?? []
    let draft: BookingDraft
    let offer: Offer
    do {
      draft = try await lookup.draft(id: draftID)
    } catch {
      return fallBack(results, FallbackReason(error, otherwise: .draftUnavailable))
    }
    do {
      offer = try await lookup.offer(id: draft.offer.id)
    } catch {
      return fallBack(results, FallbackReason(error, otherwise: .offerUnavailable))
    }
    let upToExtras: [BookingStep] = [
      .passengers(offer, prefill: PassengerPrefill(draft)), .extras(draft),
    ]
    guard let quote else { return resume(upToExtras, after: criteria, offer: offer) }
    guard quote.isValid(at: now) else {
      let restored = resume(upToExtras, after: criteria, offer: offer)
      guard restored.outcome == .resumed(at: .extras) else { return restored }
      return Restoration(
        flow: restored.flow, outcome: .fellBack(to: .extras, because: .quoteExpired))
    }
    return resume(upToExtras + [.payment(quote)], after: criteria, offer: offer)
  }

  /// Puts `results` in front of `steps` (deriving the search from the offer when the snapshot
  /// came from a deep link) and checks the chain; a chain that does not hold falls back.
  private static func resume(
    _ steps: [BookingStep], after criteria: SearchCriteria?, offer: Offer
  ) -> Restoration {
    let search =
      criteria
      ?? (try? SearchCriteria(
        origin: offer.origin.code, destination: offer.destination.code,
        departure: offer.departure.day, passengerCount: offer.passengerCount))
    guard let search else { return fallBack([], .searchUnavailable) }
    let path = [BookingStep.results(search)] + steps
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
