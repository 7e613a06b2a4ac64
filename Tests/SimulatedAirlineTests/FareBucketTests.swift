import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Testing

/// Fares from inventory: an offer is sold at the cheapest fare bucket with room for its party,
/// and each booking takes its party's seats from the buckets.
@Suite("Fare buckets")
struct FareBucketTests {
  static let card = "4242424242424242"

  /// The one-adult offer of `test`'s search that flies `slices`.
  static func offer(_ test: TestAirline, flying slices: [Slice]) async throws -> Offer {
    let offers = try await test.airline.offers(for: test.criteria(passengers: 1))
    return try #require(offers.first { $0.slices == slices })
  }

  static func book(_ test: TestAirline, _ offer: Offer, _ name: String) async throws -> Booking {
    let draft = try await test.airline.createDraft(
      offer: offer, passengers: [test.adult("p1", name)], contact: test.contact())
    let quote = try await test.airline.price(draftID: draft.id, extras: .none)
    return try await test.airline.pay(
      quoteID: quote.id, method: PaymentCard(number: card, expiry: "12/30", cvc: "123"),
      idempotencyKey: .random(prefix: "pay"))
  }

  @Test(
    "a bucket that sells out raises the next search's fare; an older quote is refused, and priced again says why"
  )
  func bucketSellsOut() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let first = try #require(try await test.airline.offers(for: test.criteria(passengers: 1)).first)
    // A traveller who chose the flight at its published fare and was quoted it.
    let waiting = try await test.airline.createDraft(
      offer: first, passengers: [test.adult("p1", "Ada")], contact: test.contact())
    let older = try await test.airline.price(draftID: waiting.id, extras: .none)
    #expect(older.priceChange == nil)

    // Others book the same flight until its first bucket is gone (it holds 2 to 6 seats).
    var current = first
    var booked = 0
    while current.pricePerAdult == first.pricePerAdult, booked < 7 {
      _ = try await Self.book(test, current, "Grace")
      booked += 1
      current = try await Self.offer(test, flying: first.slices)
    }
    #expect((2...6).contains(booked), "sold out after \(booked)")
    #expect(current.id != first.id, "a dearer fare is another offer")
    #expect(
      current.pricePerAdult.amount > first.pricePerAdult.amount * 115 / 100
        && current.pricePerAdult.amount < first.pricePerAdult.amount * 125 / 100,
      "about 120%: \(first.pricePerAdult) → \(current.pricePerAdult)")

    await #expect(throws: ServiceError.fareSoldOut(older.id)) {
      try await test.airline.pay(
        quoteID: older.id, method: PaymentCard(number: Self.card, expiry: "12/30", cvc: "123"),
        idempotencyKey: .random(prefix: "pay"))
    }
    let again = try await test.airline.price(draftID: waiting.id, extras: .none)
    let change = try #require(again.priceChange)
    #expect(change.reason == .fareSoldOut)
    #expect(change.before == first.total)
    #expect(change.pricePerAdult == current.pricePerAdult)
    #expect(change.after == current.total)
    let booking = try await test.airline.pay(
      quoteID: again.id, method: PaymentCard(number: Self.card, expiry: "12/30", cvc: "123"),
      idempotencyKey: .random(prefix: "pay"))
    #expect(booking.totalPaid == again.total)
  }

  @Test(
    "the buckets go 100%, 120% and 145% of the published fare, the last holding the rest of the cabin"
  )
  func threeBuckets() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let first = try #require(try await test.airline.offers(for: test.criteria(passengers: 1)).first)
    var fares = [first.pricePerAdult]
    var current = first
    var booked = 0
    // 2 to 6 seats, then 3 to 8: at most 14 bookings reach the last bucket; 5 more stay there.
    while booked < 19 {
      _ = try await Self.book(test, current, "Grace")
      booked += 1
      current = try await Self.offer(test, flying: first.slices)
      if current.pricePerAdult != fares.last { fares.append(current.pricePerAdult) }
      if fares.count == 3, booked >= 19 { break }
    }
    #expect(fares.count == 3, "\(fares)")
    let published = first.pricePerAdult.amount
    let percents = fares.map {
      Int((($0.amount / published) * 100 as NSDecimalNumber).doubleValue.rounded())
    }
    #expect(percents == [100, 120, 145], "\(fares)")
  }
}
