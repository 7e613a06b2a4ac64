import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The fare buckets of a flight's cabin, as airlines sell them: a few seats at the offer's
/// published fare, then a few at a higher one, then the rest of the cabin at the highest. Each
/// booking takes its party's seats (adults and children) from the cabin of each slice's first
/// flight; an offer's fare is the cheapest bucket with room for its whole party on every one of
/// them. The buckets' sizes are drawn from the flight, the same in every process.
enum FareBuckets {
  /// Each bucket's fare as a percentage of the published one, cheapest first.
  static let percents = [100, 120, 145]

  /// How many seats each bucket but the last holds on `flight` (the last: the rest of the
  /// cabin): 2 to 6 at the published fare, 3 to 8 at 120%.
  static func sizes(_ flight: FlightKey) -> [Int] {
    let hash = SeededGenerator.hash("fare-buckets-\(flight)")
    return [2 + Int(hash % 5), 3 + Int((hash / 5) % 6)]
  }

  /// The cheapest bucket of `flight` with room for `party` seats once `sold` are sold.
  static func level(_ flight: FlightKey, sold: Int, party: Int) -> Int {
    var capacity = 0
    for (index, seats) in sizes(flight).enumerated() {
      capacity += seats
      if capacity - sold >= party { return index }
    }
    return percents.count - 1
  }

  /// The fare of bucket `level` for a published fare of `published`, rounded as fares are.
  static func fare(_ published: Money, level: Int, currency: LocalCurrency) -> Money {
    let percent = percents[min(max(level, 0), percents.count - 1)]
    return currency.fare(published.amount * Decimal(percent) / 100)
  }
}

extension SimulatedAirline {
  /// The bucket `offer`'s party would be sold from now: the dearest of its seated flights'.
  func fareLevel(of offer: Offer) -> Int {
    FlightKey.seatedFlights(of: offer).map { flight in
      let inventory =
        (try? store.loadIfPresent(
          FlightInventory.self, id: flight.description, kind: AirlineRecords.inventory,
          policy: .report)) ?? nil
      return FareBuckets.level(
        flight, sold: inventory?.seatsSold ?? 0, party: offer.party.seats)
    }.max() ?? 0
  }

  /// The fare for one adult the generator published `offer`'s trip at (its first bucket's),
  /// or nil when the generator no longer makes it. It makes the whole search again (a
  /// millisecond or so), so a quote or a payment asks before it takes the ledger lock, and
  /// hands the answer in.
  func publishedFare(of offer: Offer) -> Money? {
    guard
      let criteria = try? SearchCriteria(
        origin: offer.origin.code, destination: offer.destination.code,
        departure: offer.departure.day, returning: offer.inbound?.departure.day,
        party: offer.party)
    else { return nil }
    return offerGenerator.offers(for: criteria, now: clock.now()).first {
      $0.slices == offer.slices && $0.cabin == offer.cabin
    }?.pricePerAdult
  }

  /// The published fare of the offer of draft `draft` (or of quote `quote`'s draft), read
  /// without the ledger lock (drafts and quotes are never written again): nil when either
  /// cannot be read now, and the caller then asks again under the lock.
  func publishedFare(draft: DraftID? = nil, quote: QuoteID? = nil) -> Money? {
    let draftID =
      draft
      ?? quote.flatMap {
        (try? store.loadIfPresent(
          Quote.self, id: $0.rawValue, kind: AirlineRecords.quotes, policy: .report))??.draftID
      }
    guard let draftID,
      let found = try? store.loadIfPresent(
        BookingDraft.self, id: draftID.rawValue, kind: AirlineRecords.drafts, policy: .report)
    else { return nil }
    return publishedFare(of: found.offer)
  }

  /// `offer` (as published) at the fare of bucket `level`: another ID for another fare, so an
  /// offer already chosen keeps its own.
  func offer(_ offer: Offer, atLevel level: Int) -> Offer {
    guard level > 0 else { return offer }
    let currency = LocalCurrency(for: offer.origin)
    let fare = FareBuckets.fare(offer.pricePerAdult, level: level, currency: currency)
    let seed = SeededGenerator.hash("\(offer.id)#fare\(level)")
    guard let id = try? OfferID("of-" + String(seed, radix: 16)),
      let priced = try? Offer(
        id: id, airline: offer.airline, slices: offer.slices, cabin: offer.cabin,
        pricePerAdult: fare, party: offer.party,
        total: QuotePricing.partyTotal(
          pricePerAdult: fare, party: offer.party, slices: offer.slices.count, currency: currency),
        perPerson: QuotePricing.perPerson(
          pricePerAdult: fare, party: offer.party, slices: offer.slices.count, currency: currency),
        expiresAt: offer.expiresAt)
    else { return offer }
    return priced
  }

  /// The fare for one adult the airline sells `offer`'s trip at now, given its `published`
  /// fare (`publishedFare(of:)`); `offer`'s own when that could not be found.
  func fareNow(for offer: Offer, published: Money?) -> Money {
    guard let published else { return offer.pricePerAdult }
    return FareBuckets.fare(
      published, level: fareLevel(of: offer), currency: LocalCurrency(for: offer.origin))
  }

  /// The change a quote of `draft` carries because its fare's bucket sold out (or nil).
  func bucketChange(for draft: BookingDraft, published: Money?) -> PriceChange? {
    let now = fareNow(for: draft.offer, published: published)
    guard now != draft.offer.pricePerAdult else { return nil }
    let after = QuotePricing.partyTotal(
      pricePerAdult: now, party: draft.offer.party, slices: draft.offer.slices.count,
      currency: LocalCurrency(for: draft.offer.origin))
    return try? PriceChange(
      before: draft.offer.total, after: after, pricePerAdult: now, reason: .fareSoldOut)
  }

  /// Whether `change` is one the airline's buckets give `draft`'s offer (at any of its fares).
  func isBucketChange(_ change: PriceChange, for draft: BookingDraft, published: Money?) -> Bool {
    guard change.reason == .fareSoldOut, let published else { return false }
    let currency = LocalCurrency(for: draft.offer.origin)
    return FareBuckets.percents.indices.contains { level in
      let fare = FareBuckets.fare(published, level: level, currency: currency)
      return fare == change.pricePerAdult
        && change.after
          == QuotePricing.partyTotal(
            pricePerAdult: fare, party: draft.offer.party, slices: draft.offer.slices.count,
            currency: currency)
        && change.before == draft.offer.total
    }
  }
}
