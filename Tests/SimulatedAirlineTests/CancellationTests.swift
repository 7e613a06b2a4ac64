import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Synchronization
import Testing

/// Cancelling a booking: a quote first, then its confirmation, which refunds exactly once and
/// puts the booking's seats back on sale.
@Suite("Cancelling a booking")
struct CancellationTests {
  static let card = "4242424242424242"

  /// A booking for two with a seat each on the outbound, on an offer `pick` chooses.
  struct Booked {
    let test: TestAirline
    let booking: Booking
    let seats: [SeatDesignator]

    init(
      quoteLifetime: TimeInterval = 15 * 60, days: [String] = ["2026-12-24"],
      pick: (Offer) -> Bool = { $0.cabin == .economy && $0.stops == 0 }
    ) async throws {
      test = TestAirline(quoteLifetime: quoteLifetime)
      var chosen: Offer?
      for day in days where chosen == nil {
        let criteria = try SearchCriteria(
          origin: IATACode("IST"), destination: IATACode("AMS"), departure: CalendarDay(iso: day),
          party: .adults(2))
        chosen = try await test.airline.offers(for: criteria).first(where: pick)
      }
      let offer = try #require(chosen, "no offer fits")
      let draft = try await test.airline.createDraft(
        offer: offer, passengers: [test.adult("p1", "Ada"), test.adult("p2", "Grace")],
        contact: test.contact())
      let map = try #require(try await test.airline.seatMaps(for: offer.id).first)
      let free = Array(map.seats.filter { !$0.occupied }.prefix(2).map(\.designator))
      try #require(free.count == 2)
      seats = free
      let quote = try await test.airline.price(
        draftID: draft.id,
        extras: Extras(seats: [draft.passengers[0].id: free[0], draft.passengers[1].id: free[1]]))
      booking = try await test.airline.pay(
        quoteID: quote.id,
        method: PaymentCard(number: CancellationTests.card, expiry: "12/30", cvc: "123"),
        idempotencyKey: .random(prefix: "pay"))
    }

    /// Whether each of the booking's seats is free for someone else now.
    func seatsFree() async throws -> [Bool] {
      let map = try #require(try await test.airline.seatMaps(for: booking.offer.id).first)
      return try seats.map { try #require(map.seat($0)).occupied == false }
    }

    /// The refund records on disk.
    func refunds() throws -> [String] {
      try test.files().filter { $0.path.hasPrefix("refunds/") && $0.path.hasSuffix(".json") }
        .map(\.path)
    }
  }

  @Test(
    "a refundable fare refunds what was paid less its penalty, once; the booking reads cancelled and its seats are free at once"
  )
  func refundable() async throws {
    let world = try await Booked(
      days: (20...31).map { "2026-12-\($0)" },
      pick: { $0.conditions.refundBeforeDeparture.allowed && $0.stops == 0 })
    defer { world.test.remove() }
    let airline = world.test.airline
    let booking = world.booking
    #expect(try await world.seatsFree() == [false, false])

    let quote = try await airline.quoteCancellation(of: booking.reference)
    let penalty = booking.offer.conditions.refundBeforeDeparture.penalty?.amount ?? 0
    #expect(quote.refundable)
    #expect(quote.paid == booking.totalPaid)
    #expect(quote.kept.amount == penalty)
    #expect(quote.refund.amount == booking.totalPaid.amount - penalty)
    #expect(quote.refundTo == booking.paymentMethod)
    #expect(quote.expiresAt == TestAirline.start.addingTimeInterval(15 * 60))
    // Quoting cancels nothing.
    #expect(try await airline.booking(reference: booking.reference).cancellation == nil)

    let cancelled = try await airline.confirmCancellation(quote.id, of: booking.reference)
    #expect(cancelled.cancellation == Cancellation(quote: quote, cancelledAt: TestAirline.start))
    #expect(try await airline.booking(reference: booking.reference) == cancelled)
    #expect(try await world.seatsFree() == [true, true])
    #expect(try world.refunds() == ["refunds/\(booking.reference).json"])

    // The same quote again answers the same and refunds nothing more; a new quote is refused.
    #expect(try await airline.confirmCancellation(quote.id, of: booking.reference) == cancelled)
    #expect(try world.refunds().count == 1)
    await #expect(throws: ServiceError.bookingCancelled(booking.reference)) {
      _ = try await airline.quoteCancellation(of: booking.reference)
    }
    // Another process reading the directory sees it cancelled.
    let reader = world.test.relaunched().airline
    #expect(try await reader.booking(reference: booking.reference) == cancelled)
  }

  @Test(
    "a fare that is not refundable says so before confirming, and gives back its taxes only")
  func notRefundable() async throws {
    let world = try await Booked()
    defer { world.test.remove() }
    let airline = world.test.airline
    let booking = world.booking
    #expect(booking.offer.conditions.refundBeforeDeparture == .notAllowed)
    let quote = try await airline.quoteCancellation(of: booking.reference)
    let paid = try await airline.quote(id: booking.quoteID)
    let taxes = paid.lineItems.filter { $0.kind == .tax }.reduce(Decimal(0)) {
      $0 + $1.amount.amount
    }
    #expect(taxes > 0)
    #expect(quote.refundable == false)
    #expect(quote.refund.amount == taxes)
    #expect(quote.kept.amount == booking.totalPaid.amount - taxes)
    let cancelled = try await airline.confirmCancellation(quote.id, of: booking.reference)
    #expect(cancelled.cancellation?.refund.amount == taxes)
    #expect(try await world.seatsFree() == [true, true])
  }

  @Test("an expired cancellation quote is refused and cancels nothing; quoting again works")
  func expired() async throws {
    let world = try await Booked()
    defer { world.test.remove() }
    let airline = world.test.airline
    let reference = world.booking.reference
    let quote = try await airline.quoteCancellation(of: reference)
    world.test.clock.advance(by: 15 * 60)
    await #expect(throws: ServiceError.cancellationQuoteExpired(quote.id)) {
      _ = try await airline.confirmCancellation(quote.id, of: reference)
    }
    #expect(try await airline.booking(reference: reference).cancellation == nil)
    #expect(try await world.seatsFree() == [false, false])
    #expect(try world.refunds().isEmpty)
    let again = try await airline.quoteCancellation(of: reference)
    #expect(again.id != quote.id)
    #expect(try await airline.confirmCancellation(again.id, of: reference).isCancelled)
  }

  @Test("only the most recent cancellation quote can be confirmed")
  func mostRecentOnly() async throws {
    let world = try await Booked()
    defer { world.test.remove() }
    let airline = world.test.airline
    let reference = world.booking.reference
    let first = try await airline.quoteCancellation(of: reference)
    let second = try await airline.quoteCancellation(of: reference)
    await #expect(throws: ServiceError.cancellationQuoteSuperseded(first.id)) {
      _ = try await airline.confirmCancellation(first.id, of: reference)
    }
    #expect(try await airline.cancellationQuote(second.id, of: reference) == second)
    await #expect(throws: ServiceError.cancellationQuoteNotFound(first.id)) {
      _ = try await airline.cancellationQuote(first.id, of: reference)
    }
    let cancelled = try await airline.confirmCancellation(second.id, of: reference)
    #expect(cancelled.cancellation?.quote == second)
    await #expect(throws: ServiceError.bookingCancelled(reference)) {
      _ = try await airline.confirmCancellation(first.id, of: reference)
    }
  }

  @Test("a booking whose flight has left cannot be cancelled")
  func departed() async throws {
    let world = try await Booked()
    defer { world.test.remove() }
    let reference = world.booking.reference
    let quote = try await world.test.airline.quoteCancellation(of: reference)
    world.test.clock.set(world.booking.offer.departure.instant)
    await #expect(throws: ServiceError.departed(reference)) {
      _ = try await world.test.airline.quoteCancellation(of: reference)
    }
    _ = quote
  }

  @Test("the cancelled party's seats go back to the fare buckets: the next search's fare drops")
  func bucketsGetTheSeatsBack() async throws {
    let world = try await Booked()
    defer { world.test.remove() }
    let airline = world.test.airline
    let booking = world.booking
    let criteria = try SearchCriteria(
      origin: booking.offer.origin.code, destination: booking.offer.destination.code,
      departure: booking.offer.departure.day, party: .adults(2))
    func fare() async throws -> Money {
      let offers = try await airline.offers(for: criteria)
      return try #require(offers.first { $0.slices == booking.offer.slices }).pricePerAdult
    }
    // Buy the bucket out with more parties until its fare moves.
    let before = try await fare()
    var extra: [Booking] = []
    while try await fare() == before, extra.count < 6 {
      let offer = try #require(
        try await airline.offers(for: criteria).first { $0.slices == booking.offer.slices })
      let draft = try await airline.createDraft(
        offer: offer,
        passengers: [world.test.adult("p1", "Mary"), world.test.adult("p2", "Anne")],
        contact: world.test.contact())
      let quote = try await airline.price(draftID: draft.id, extras: .none)
      extra.append(
        try await airline.pay(
          quoteID: quote.id,
          method: PaymentCard(number: Self.card, expiry: "12/30", cvc: "123"),
          idempotencyKey: .random(prefix: "pay")))
    }
    let raised = try await fare()
    try #require(raised != before)
    let last = try #require(extra.last)
    let quote = try await airline.quoteCancellation(of: last.reference)
    _ = try await airline.confirmCancellation(quote.id, of: last.reference)
    #expect(try await fare() == before)
  }

  @Test(
    "a payment whose bookkeeping a crash left open, then cancelled: the next start's settle does not sell its seats again"
  )
  func openPaymentThenCancel() async throws {
    let failClaim = Mutex(true)
    let observer = DurableStepObserver(before: { step in
      if step.description.hasPrefix("replace claims/"), failClaim.withLock({ $0 }) { return EIO }
      return nil
    })
    let test = TestAirline(observer: observer)
    defer { test.remove() }
    let (draft, map) = try await test.draftForTwo()
    let free = Array(map.seats.filter { !$0.occupied }.prefix(2).map(\.designator))
    let quote = try await test.airline.price(
      draftID: draft.id,
      extras: Extras(seats: [draft.passengers[0].id: free[0], draft.passengers[1].id: free[1]]))
    let booking = try await test.airline.pay(
      quoteID: quote.id, method: PaymentCard(number: Self.card, expiry: "12/30", cvc: "123"),
      idempotencyKey: .random(prefix: "pay"))
    failClaim.withLock { $0 = false }
    #expect(try test.files().contains { $0.path.hasPrefix("intents/") }, "the payment left open")
    let cancellation = try await test.airline.quoteCancellation(of: booking.reference)
    _ = try await test.airline.confirmCancellation(cancellation.id, of: booking.reference)
    _ = try await test.relaunched().airline.recoverInterruptedPayments()
    let inventory = try test.files().filter { $0.path.hasPrefix("inventory/") }.map(\.text)
    #expect(!inventory.contains { $0.contains(booking.reference.rawValue) }, "\(inventory)")
    let map2 = try #require(try await test.airline.seatMaps(for: draft.offer.id).first)
    #expect(try free.map { try #require(map2.seat($0)).occupied } == [false, false])
  }

  @Test("a confirmed cancellation quote is not given again as one to confirm")
  func confirmedQuoteIsNotOffered() async throws {
    let world = try await Booked()
    defer { world.test.remove() }
    let reference = world.booking.reference
    let quote = try await world.test.airline.quoteCancellation(of: reference)
    _ = try await world.test.airline.confirmCancellation(quote.id, of: reference)
    await #expect(throws: ServiceError.bookingCancelled(reference)) {
      _ = try await world.test.airline.cancellationQuote(quote.id, of: reference)
    }
  }

  @Test(
    "a fare whose bucket sold out before paying is booked with the conditions of the bucket it was paid at"
  )
  func paidBucketsConditions() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let airline = test.airline
    let criteria = try test.criteria()
    let offer = try #require(
      try await airline.offers(for: criteria).first { $0.cabin == .economy && $0.stops == 0 })
    #expect(offer.conditions.refundBeforeDeparture == .notAllowed)
    let ada = try await airline.createDraft(
      offer: offer, passengers: [test.adult("p1", "Ada"), test.adult("p2", "Grace")],
      contact: test.contact())
    // Other parties buy the published bucket out.
    func fare() async throws -> Money {
      try #require(try await airline.offers(for: criteria).first { $0.slices == offer.slices })
        .pricePerAdult
    }
    var others = 0
    while try await fare() == offer.pricePerAdult, others < 6 {
      let current = try #require(
        try await airline.offers(for: criteria).first { $0.slices == offer.slices })
      let draft = try await airline.createDraft(
        offer: current, passengers: [test.adult("p1", "Mary"), test.adult("p2", "Anne")],
        contact: test.contact())
      _ = try await airline.pay(
        quoteID: try await airline.price(draftID: draft.id, extras: .none).id,
        method: PaymentCard(number: Self.card, expiry: "12/30", cvc: "123"),
        idempotencyKey: .random(prefix: "pay"))
      others += 1
    }
    let quote = try await airline.price(draftID: ada.id, extras: .none)
    #expect(quote.priceChange?.reason == .fareSoldOut)
    let booking = try await airline.pay(
      quoteID: quote.id, method: PaymentCard(number: Self.card, expiry: "12/30", cvc: "123"),
      idempotencyKey: .random(prefix: "pay"))
    #expect(booking.offer.conditions.refundBeforeDeparture.allowed, "\(booking.offer.conditions)")
    #expect(try await airline.quoteCancellation(of: booking.reference).refundable)
  }
}
