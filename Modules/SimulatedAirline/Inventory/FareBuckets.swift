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

  /// What bucket `level`'s fare allows once booked, for a party whose fares total `total`
  /// (taxes included, extras not; each penalty is a share of it): the cheapest bucket is the
  /// strictest, as airlines sell them. In economy (and premium economy)
  /// the published fare is not refundable and changes for 20% of its total; the next bucket
  /// refunds less 30% and changes for 10%; the dearest refunds less 10% and changes free. In
  /// business and first every bucket refunds (less 10%, 5%, nothing) and changes free.
  static func conditions(level: Int, cabin: Cabin, total: Money, currency: LocalCurrency)
    -> FareConditions
  {
    func percent(_ value: Int) -> Money? {
      value == 0 ? nil : currency.fare(total.amount * Decimal(value) / 100)
    }
    let bucket = min(max(level, 0), percents.count - 1)
    switch cabin {
    case .economy, .premiumEconomy:
      let refund = [nil, 30, 10][bucket]
      return FareConditions(
        refundBeforeDeparture: refund.map { .allowed(penalty: percent($0)) } ?? .notAllowed,
        changeBeforeDeparture: .allowed(penalty: percent([20, 10, 0][bucket])))
    case .business, .first:
      return FareConditions(
        refundBeforeDeparture: .allowed(penalty: percent([10, 5, 0][bucket])),
        changeBeforeDeparture: .allowed(penalty: nil))
    }
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

  /// `offer` (as published) at the fare of bucket `level`, with that bucket's conditions: another
  /// ID for another fare, so an offer already chosen keeps its own.
  func offer(_ offer: Offer, atLevel level: Int) -> Offer {
    let currency = LocalCurrency(for: offer.origin)
    guard level > 0 else {
      return
        (try? Offer(
          id: offer.id, airline: offer.airline, slices: offer.slices, cabin: offer.cabin,
          pricePerAdult: offer.pricePerAdult, party: offer.party, total: offer.total,
          perPerson: offer.perPerson, expiresAt: offer.expiresAt,
          conditions: FareBuckets.conditions(
            level: 0, cabin: offer.cabin, total: offer.total, currency: currency))) ?? offer
    }
    let fare = FareBuckets.fare(offer.pricePerAdult, level: level, currency: currency)
    let seed = SeededGenerator.hash("\(offer.id)#fare\(level)")
    let total = QuotePricing.partyTotal(
      pricePerAdult: fare, party: offer.party, slices: offer.slices.count, currency: currency)
    guard let id = try? OfferID("of-" + String(seed, radix: 16)),
      let priced = try? Offer(
        id: id, airline: offer.airline, slices: offer.slices, cabin: offer.cabin,
        pricePerAdult: fare, party: offer.party, total: total,
        perPerson: QuotePricing.perPerson(
          pricePerAdult: fare, party: offer.party, slices: offer.slices.count, currency: currency),
        expiresAt: offer.expiresAt,
        conditions: FareBuckets.conditions(
          level: level, cabin: offer.cabin, total: total, currency: currency))
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

  /// `offer` as a booking of `quote` has it: a quote whose fare's bucket sold out is paid at a
  /// dearer bucket, whose conditions the booking then carries (`published`: the offer's
  /// published fare, looked up when nil). Any other quote keeps the offer's own.
  func paidOffer(_ offer: Offer, quote: Quote, published: Money?) -> Offer {
    guard let change = quote.priceChange, change.reason == .fareSoldOut,
      let published = published ?? publishedFare(of: offer)
    else { return offer }
    let currency = LocalCurrency(for: offer.origin)
    guard
      let level = FareBuckets.percents.indices.first(where: {
        FareBuckets.fare(published, level: $0, currency: currency) == change.pricePerAdult
      }),
      let paid = try? Offer(
        id: offer.id, airline: offer.airline, slices: offer.slices, cabin: offer.cabin,
        pricePerAdult: offer.pricePerAdult, party: offer.party, total: offer.total,
        perPerson: offer.perPerson, expiresAt: offer.expiresAt,
        conditions: FareBuckets.conditions(
          level: level, cabin: offer.cabin, total: change.after, currency: currency))
    else { return offer }
    return paid
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
