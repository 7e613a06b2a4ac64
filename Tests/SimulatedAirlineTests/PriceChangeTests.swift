import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Testing

@Suite("The airline re-prices an offer as it quotes it")
struct AirlinePriceChangeTests {
  func card() throws -> PaymentCard {
    try PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "731")
  }

  @Test("always: every quote says old → new, its lines are at the new fare, and it can be paid")
  func always() async throws {
    let test = TestAirline(priceChanges: .always)
    defer { test.remove() }
    let (draft, _) = try await test.draftForTwo()
    let quote = try await test.airline.price(draftID: draft.id, extras: .none)
    let change = try #require(quote.priceChange)
    #expect(change.before == draft.offer.total)
    #expect(change.pricePerAdult.amount > draft.offer.pricePerAdult.amount)
    #expect(quote.lineItems[0].amount == change.pricePerAdult.multiplied(by: 2))
    #expect(quote.total == change.after)
    // Quoted again, the same draft changes the same way: the new price stays.
    let again = try await test.airline.price(draftID: draft.id, extras: .none)
    #expect(again.priceChange == change)
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    #expect(booking.totalPaid == change.after)
  }

  @Test("a quote file whose change of price is not the airline's is not paid")
  func forgedChange() async throws {
    let test = TestAirline(priceChanges: .always)
    defer { test.remove() }
    let (draft, _) = try await test.draftForTwo()
    let quote = try await test.airline.price(draftID: draft.id, extras: .none)
    let change = try #require(quote.priceChange)
    // The same quote, edited on disk to a lower "new" fare whose lines add up.
    let cheaper = try Money("1", change.pricePerAdult.currency.code)
    let lines = quote.lineItems.map { line in
      line.kind == .fare
        ? LineItem(
          kind: .fare, label: line.label, amount: cheaper.multiplied(by: 2), quantity: 2,
          unitPrice: cheaper)
        : line
    }
    let total = try Money.sum(lines.map(\.amount), in: quote.total.currency)
    let forged = try Quote(
      id: quote.id, draftID: quote.draftID, extras: quote.extras, lineItems: lines, total: total,
      expiresAt: quote.expiresAt, issuedAt: quote.issuedAt,
      priceChange: PriceChange(before: change.before, after: total, pricePerAdult: cheaper))
    try test.airline.sealedRecords.save(
      forged, id: quote.id.rawValue, kind: RecordKind(folder: "quotes", schema: 1))
    await #expect(
      throws: ServiceError.quoteNotHonoured(quote.id, "its change of price is not the airline's.")
    ) {
      try await test.airline.pay(
        quoteID: quote.id, method: card(), idempotencyKey: IdempotencyKey("k1"))
    }
  }

  @Test("seeded: the same offers change on every run, about one in six; never: none")
  func seeded() async throws {
    let first = TestAirline(priceChanges: .seeded)
    let second = TestAirline(priceChanges: .seeded)
    let never = TestAirline(priceChanges: .never)
    defer {
      first.remove()
      second.remove()
      never.remove()
    }
    var changed: [[Bool]] = []
    for test in [first, second, never] {
      var row: [Bool] = []
      for offer in try await test.airline.offers(for: test.criteria()).prefix(24) {
        let draft = try await test.airline.createDraft(
          offer: offer, passengers: [test.adult("p1", "Ada"), test.adult("p2", "Grace")],
          contact: test.contact())
        row.append(
          try await test.airline.price(draftID: draft.id, extras: .none).priceChange != nil)
      }
      changed.append(row)
    }
    #expect(changed[0] == changed[1])
    #expect(changed[0].contains(true) && changed[0].contains(false), "\(changed[0])")
    #expect(!changed[2].contains(true))
  }
}
