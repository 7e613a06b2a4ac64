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
  /// One bucket: its fare as a percentage of the published one, and how many seats it holds
  /// (nil: the rest of the cabin).
  struct Bucket: Equatable {
    let percent: Int
    let seats: Int?
  }

  /// The flight's buckets, cheapest first: 2 to 6 seats at the published fare, 3 to 8 at 120%,
  /// the rest at 145%.
  static func buckets(_ flight: FlightKey) -> [Bucket] {
    let hash = SeededGenerator.hash("fare-buckets-\(flight)")
    return [
      Bucket(percent: 100, seats: 2 + Int(hash % 5)),
      Bucket(percent: 120, seats: 3 + Int((hash / 5) % 6)),
      Bucket(percent: 145, seats: nil),
    ]
  }

  /// The cheapest bucket of `flight` with room for `party` seats once `sold` are sold.
  static func level(_ flight: FlightKey, sold: Int, party: Int) -> Int {
    var capacity = 0
    let all = buckets(flight)
    for (index, bucket) in all.enumerated() {
      guard let seats = bucket.seats else { return index }
      capacity += seats
      if capacity - sold >= party { return index }
    }
    return all.count - 1
  }

  /// The fare of bucket `level` for a published fare of `published`, rounded as fares are.
  static func fare(_ published: Money, level: Int, currency: LocalCurrency) -> Money {
    let percent = [100, 120, 145][min(max(level, 0), 2)]
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

  /// `offer` as the generator published it (at its first bucket's fare), or nil when the
  /// generator no longer makes it.
  func published(_ offer: Offer) -> Offer? {
    guard
      let criteria = try? SearchCriteria(
        origin: offer.origin.code, destination: offer.destination.code,
        departure: offer.departure.day, returning: offer.inbound?.departure.day,
        party: offer.party)
    else { return nil }
    return offerGenerator.offers(for: criteria, now: clock.now()).first {
      $0.slices == offer.slices && $0.cabin == offer.cabin
    }
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
          pricePerAdult: fare, party: offer.party, slices: offer.slices.count,
          currency: currency),
        expiresAt: offer.expiresAt)
    else { return offer }
    return priced
  }

  /// The fare for one adult the airline sells `offer`'s trip at now; `offer`'s own when its
  /// published fare cannot be found again.
  func fareNow(for offer: Offer) -> Money {
    guard let published = published(offer) else { return offer.pricePerAdult }
    return FareBuckets.fare(
      published.pricePerAdult, level: fareLevel(of: offer),
      currency: LocalCurrency(for: offer.origin))
  }

  /// The change a quote of `draft` carries because its fare's bucket sold out (or nil).
  func bucketChange(for draft: BookingDraft) -> PriceChange? {
    let now = fareNow(for: draft.offer)
    guard now != draft.offer.pricePerAdult else { return nil }
    let after = QuotePricing.partyTotal(
      pricePerAdult: now, party: draft.offer.party, slices: draft.offer.slices.count,
      currency: LocalCurrency(for: draft.offer.origin))
    return try? PriceChange(
      before: draft.offer.total, after: after, pricePerAdult: now, reason: .fareSoldOut)
  }

  /// Whether `change` is one the airline's buckets give `draft`'s offer (at any of its fares).
  func isBucketChange(_ change: PriceChange, for draft: BookingDraft) -> Bool {
    guard change.reason == .fareSoldOut, let published = published(draft.offer) else {
      return false
    }
    let currency = LocalCurrency(for: draft.offer.origin)
    return (0...2).contains { level in
      let fare = FareBuckets.fare(published.pricePerAdult, level: level, currency: currency)
      return fare == change.pricePerAdult
        && change.after
          == QuotePricing.partyTotal(
            pricePerAdult: fare, party: draft.offer.party, slices: draft.offer.slices.count,
            currency: currency)
        && change.before == draft.offer.total
    }
  }
}
