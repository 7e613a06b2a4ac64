import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Testing

/// The airline owns its seats: a seat is held by one quote at a time, sold once, and the same
/// for every offer that includes its flight.
@Suite("The airline's seats")
struct InventoryTests {
  static let card = "4242424242424242"

  /// Two drafts for two on one offer, as two travellers booking the same flight would have.
  struct TwoTravellers {
    let test: TestAirline
    let ada: BookingDraft
    let grace: BookingDraft
    let map: SeatMap

    init(quoteLifetime: TimeInterval = 15 * 60, observer: DurableStepObserver? = nil) async throws {
      test = TestAirline(quoteLifetime: quoteLifetime, observer: observer)
      let (draft, map) = try await test.draftForTwo()
      ada = draft
      grace = try await test.airline.createDraft(
        offer: draft.offer, passengers: [test.adult("p1", "Grace"), test.adult("p2", "Ann")],
        contact: test.contact())
      self.map = map
    }

    /// The first `count` free seats of the outbound.
    func freeSeats(_ count: Int) throws -> [SeatDesignator] {
      let free = map.seats.filter { !$0.occupied }.map(\.designator)
      try #require(free.count >= count)
      return Array(free.prefix(count))
    }

    func seat(_ seat: SeatDesignator, for draft: BookingDraft) -> Extras {
      Extras(seats: [draft.passengers[0].id: seat])
    }

    /// The outbound seat as `draft` (or nobody) sees it now.
    func shown(_ seat: SeatDesignator, heldFor draft: DraftID? = nil) async throws -> Seat {
      let maps = try await test.airline.seatMaps(for: ada.offer.id, heldFor: draft)
      return try #require(maps.first?.seat(seat))
    }

    func pay(_ quote: Quote) async throws -> Booking {
      try await test.airline.pay(
        quoteID: quote.id,
        method: PaymentCard(number: InventoryTests.card, expiry: "12/30", cvc: "123"),
        idempotencyKey: .random(prefix: "pay"))
    }
  }

  @Test(
    "a seat one draft's quote holds is taken for another, its own for the holder, and free for both once the hold expires"
  )
  func holdIsTakenForOthers() async throws {
    let world = try await TwoTravellers()
    defer { world.test.remove() }
    let seat = try world.freeSeats(1)[0]
    _ = try await world.test.airline.price(
      draftID: world.ada.id, extras: world.seat(seat, for: world.ada))

    await #expect(throws: ServiceError.seatTaken(seat, slice: 0)) {
      try await world.test.airline.price(
        draftID: world.grace.id, extras: world.seat(seat, for: world.grace))
    }
    #expect(try await world.shown(seat).occupied)
    #expect(try await world.shown(seat, heldFor: world.grace.id).occupied)
    let own = try await world.shown(seat, heldFor: world.ada.id)
    #expect(!own.occupied && own.heldByYou)

    // The hold lasts as long as the quote: once it has expired, nobody is kept from the seat,
    // although no write has dropped it yet.
    world.test.clock.advance(by: 15 * 60 + 1)
    #expect(try await !world.shown(seat).occupied)
    let graces = try await world.test.airline.price(
      draftID: world.grace.id, extras: world.seat(seat, for: world.grace))
    #expect(graces.extras.seats.values.contains(seat))
  }

  @Test(
    "a newer quote of a draft releases what its older quote held, and the older quote cannot pay a seat given up"
  )
  func newerQuoteReleases() async throws {
    let world = try await TwoTravellers()
    defer { world.test.remove() }
    let seats = try world.freeSeats(2)
    let older = try await world.test.airline.price(
      draftID: world.ada.id, extras: world.seat(seats[0], for: world.ada))
    _ = try await world.test.airline.price(
      draftID: world.ada.id, extras: world.seat(seats[1], for: world.ada))
    #expect(try await !world.shown(seats[0]).occupied)
    #expect(try await world.shown(seats[1]).occupied)

    _ = try await world.test.airline.price(
      draftID: world.grace.id, extras: world.seat(seats[0], for: world.grace))
    await #expect(throws: ServiceError.seatTaken(seats[0], slice: 0)) {
      try await world.pay(older)
    }
    // Refused before anything was written: no intent, order or charge.
    let written = try world.test.files().map(\.path)
    #expect(!written.contains { $0.hasPrefix("intents/") || $0.hasPrefix("orders/") })
    #expect(!written.contains { $0.hasPrefix("payments/") })
  }

  @Test(
    "a paid seat is sold for good: taken on every later quote and map, whatever the clock, in the same process and the next"
  )
  func paidSeatIsSold() async throws {
    let world = try await TwoTravellers()
    defer { world.test.remove() }
    let seat = try world.freeSeats(1)[0]
    let quote = try await world.test.airline.price(
      draftID: world.ada.id, extras: world.seat(seat, for: world.ada))
    let booking = try await world.pay(quote)
    #expect(booking.extras.seats.values.contains(seat))

    world.test.clock.advance(by: 20 * 60)
    let next = world.test.relaunched()
    let maps = try await next.airline.seatMaps(for: world.ada.offer.id, heldFor: world.ada.id)
    let sold = try #require(maps.first?.seat(seat))
    #expect(sold.occupied && !sold.heldByYou)
    await #expect(throws: ServiceError.seatTaken(seat, slice: 0)) {
      try await next.airline.price(
        draftID: world.grace.id, extras: world.seat(seat, for: world.grace))
    }
  }

  @Test(
    "every offer that includes a flight shows the same cabin: a seat sold on the one-way offer is taken on the round trip"
  )
  func cabinBelongsToTheFlight() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let oneWay = try await test.airline.offers(for: test.criteria())
    let roundTrips = try await test.airline.offers(
      for: SearchCriteria(
        origin: IATACode("IST"), destination: IATACode("AMS"),
        departure: CalendarDay(iso: "2026-12-24"), returning: CalendarDay(iso: "2026-12-31"),
        party: .adults(2)))
    let pair = try #require(
      roundTrips.lazy.compactMap { trip in
        oneWay.first { $0.outbound == trip.outbound && $0.cabin == trip.cabin }.map { ($0, trip) }
      }.first)
    let single = try await test.airline.seatMaps(for: pair.0.id)
    let both = try await test.airline.seatMaps(for: pair.1.id)
    #expect(single[0].seats == both[0].seats, "one flight, one cabin, before any sale")

    let draft = try await test.airline.createDraft(
      offer: pair.0, passengers: [test.adult("p1", "Ada"), test.adult("p2", "Grace")],
      contact: test.contact())
    let seat = try #require(single[0].seats.first { !$0.occupied }).designator
    let quote = try await test.airline.price(
      draftID: draft.id, extras: Extras(seats: [draft.passengers[0].id: seat]))
    _ = try await test.airline.pay(
      quoteID: quote.id, method: PaymentCard(number: Self.card, expiry: "12/30", cvc: "123"),
      idempotencyKey: .random(prefix: "pay"))
    let after = try await test.airline.seatMaps(for: pair.1.id)
    #expect(after[0].seat(seat)?.occupied == true)
  }

  @Test(
    "a payment cut off after its seats were sold and before its charge gives them back to its quote at the next settle"
  )
  func cutOffSaleIsReleased() async throws {
    // The charge's write fails as a full disk would: the intent, the order and the sale stand.
    let failCharge = DurableStepObserver(before: { step in
      step.description.hasPrefix("replace payments/") ? ENOSPC : nil
    })
    let world = try await TwoTravellers(observer: failCharge)
    defer { world.test.remove() }
    let seat = try world.freeSeats(1)[0]
    let quote = try await world.test.airline.price(
      draftID: world.ada.id, extras: world.seat(seat, for: world.ada))
    await #expect(throws: (any Error).self) { try await world.pay(quote) }
    let inventory = try #require(
      try world.test.files().first { $0.path.hasPrefix("inventory/") }?.text)
    #expect(inventory.contains("\"sold\""), "sold before the charge: \(inventory)")

    let next = world.test.relaunched()
    let recovered = try await next.airline.recoverInterruptedPayments()
    #expect(recovered.map(\.outcome) == [.notCharged])
    // Held again for its quote, which still holds: its own again, taken for everyone else.
    let maps = try await next.airline.seatMaps(for: world.ada.offer.id, heldFor: world.ada.id)
    #expect(maps.first?.seat(seat)?.heldByYou == true)
    await #expect(throws: ServiceError.seatTaken(seat, slice: 0)) {
      try await next.airline.price(
        draftID: world.grace.id, extras: world.seat(seat, for: world.grace))
    }
    // Paid again with its own quote, it is sold once.
    let booking = try await next.airline.pay(
      quoteID: quote.id, method: PaymentCard(number: Self.card, expiry: "12/30", cvc: "123"),
      idempotencyKey: try #require(recovered.first?.key))
    #expect(booking.extras.seats.values.contains(seat))
  }

  @Test(
    "an inventory record that cannot be read refuses to hold or sell on that flight, and is kept aside"
  )
  func unreadableInventoryFailsClosed() async throws {
    let world = try await TwoTravellers()
    defer { world.test.remove() }
    let seats = try world.freeSeats(2)
    _ = try await world.test.airline.price(
      draftID: world.ada.id, extras: world.seat(seats[0], for: world.ada))
    let path = try #require(try world.test.files().first { $0.path.hasPrefix("inventory/") }).path
    try Data("{ torn".utf8).write(to: URL(fileURLWithPath: world.test.root + "/" + path))
    await #expect(throws: ServiceError.self) {
      try await world.test.airline.price(
        draftID: world.grace.id, extras: world.seat(seats[1], for: world.grace))
    }
    #expect(try world.test.files().contains { $0.path.hasPrefix(path + ".corrupt-") })
  }

  @Test(
    "the sweep writes each flight again without its expired holds, and leaves live holds and sales"
  )
  func sweepOfExpiredHolds() async throws {
    let world = try await TwoTravellers()
    defer { world.test.remove() }
    let seats = try world.freeSeats(2)
    let sold = try await world.test.airline.price(
      draftID: world.ada.id, extras: world.seat(seats[0], for: world.ada))
    _ = try await world.pay(sold)
    _ = try await world.test.airline.price(
      draftID: world.grace.id, extras: world.seat(seats[1], for: world.grace))
    #expect(await world.test.airline.releaseExpiredHolds() == 0, "the hold is live")
    world.test.clock.advance(by: 15 * 60 + 1)
    #expect(await world.test.airline.releaseExpiredHolds() == 1)
    let record = try #require(try world.test.files().first { $0.path.hasPrefix("inventory/") })
    let json = try JSONSerialization.jsonObject(with: Data(record.text.utf8)) as? [String: Any]
    let data = json?["data"] as? [String: Any]
    #expect((data?["holds"] as? [String: Any])?.isEmpty == true, "no hold left: \(record.text)")
    #expect(record.text.contains(sold.extras.seats.values.first?.description ?? "?"))
    #expect(await world.test.airline.releaseExpiredHolds() == 0)
  }

  @Test("a draft its traveller left gives up the seats its quotes hold, at once")
  func leftDraftReleases() async throws {
    let world = try await TwoTravellers()
    defer { world.test.remove() }
    let seat = try world.freeSeats(1)[0]
    _ = try await world.test.airline.price(
      draftID: world.ada.id, extras: world.seat(seat, for: world.ada))
    #expect(try await world.shown(seat).occupied)
    try await world.test.airline.releaseHolds(of: world.ada.id)
    #expect(try await !world.shown(seat).occupied)
    let graces = try await world.test.airline.price(
      draftID: world.grace.id, extras: world.seat(seat, for: world.grace))
    #expect(graces.extras.seats.values.contains(seat))
  }
}
