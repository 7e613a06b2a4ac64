import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Testing

/// Changing a booking: change offers for another day, a change quote that holds seats on the new
/// flight, then its confirmation, which makes the booking's next version, moves the money once,
/// sells the new seats and lets the old ones go.
@Suite("Changing a booking")
struct ChangeTests {
  typealias Booked = CancellationTests.Booked

  static let good = try? PaymentCard(number: CancellationTests.card, expiry: "12/30", cvc: "123")
  static let declined = try? PaymentCard(number: "4000000000000002", expiry: "12/30", cvc: "123")

  /// The first change offer of the booking's outbound that `fits`, over the days after it.
  static func offer(
    _ world: Booked, _ fits: (ChangeOffer) -> Bool = { _ in true }
  ) async throws -> ChangeOffer {
    let booked = world.booking.offer.departure.day
    for days in 1...10 {
      let criteria = ChangeCriteria(
        reference: world.booking.reference, slice: 0, departure: booked.adding(days: days))
      if let found = try await world.test.airline.changeOffers(for: criteria).first(where: fits) {
        return found
      }
    }
    Issue.record("no change offer fits")
    throw CancellationError()
  }

  /// The change money records on disk.
  static func money(_ world: Booked) throws -> [String] {
    try world.test.files().filter {
      $0.path.hasPrefix("changeMoney/") && $0.path.hasSuffix(".json")
    }.map(\.path)
  }

  @Test(
    "a change that costs more: asked without a card and with a declined one it changes nothing; with a good card the booking is at version 2, paid once, its new seats sold and the old ones free"
  )
  func costsMore() async throws {
    let world = try await Booked()
    defer { world.test.remove() }
    let airline = world.test.airline
    let booking = world.booking
    let reference = booking.reference
    let offer = try await Self.offer(world) { $0.total.pays }
    #expect(offer.version == 1)
    #expect(offer.newSlice.origin == booking.offer.origin)
    #expect(offer.offer.airline == booking.offer.airline)
    #expect(offer.offer.cabin == booking.offer.cabin)
    #expect(offer.offer.conditions == booking.offer.conditions)
    #expect(
      offer.total.penalty == booking.offer.conditions.changeBeforeDeparture.penalty
        ?? .zero(booking.totalPaid.currency))
    #expect(
      offer.total.signedAmount
        == offer.total.newFare.amount - offer.total.oldFare.amount + offer.total.penalty.amount)
    #expect(offer.total.oldFare == booking.offer.total)

    let quote = try await airline.quoteChange(offer.id, of: reference)
    let held = Array(quote.extras.seats(onSlice: 0).values).sorted()
    #expect(held.count == 2)
    #expect(quote.expiresAt == TestAirline.start.addingTimeInterval(15 * 60))
    // Held: taken for anyone else who looks at the new flight.
    let others = try await airline.seatMaps(for: try Self.searchedOffer(world, quote.offer))
    for seat in held { #expect(others.first?.seat(seat)?.occupied == true) }

    await #expect(throws: ServiceError.changeNeedsPayment(quote.total.toPay)) {
      _ = try await airline.confirmChange(quote.id, of: reference, card: nil)
    }
    await #expect(throws: ServiceError.cardDeclined) {
      _ = try await airline.confirmChange(quote.id, of: reference, card: Self.declined)
    }
    #expect(try await airline.booking(reference: reference).version == 1)
    #expect(try Self.money(world).isEmpty)
    #expect(try await world.seatsFree() == [false, false])

    let changed = try await airline.confirmChange(quote.id, of: reference, card: Self.good)
    #expect(changed.version == 2)
    #expect(changed.reference == reference)
    #expect(changed.offer == quote.offer)
    #expect(changed.extras == quote.extras)
    #expect(changed.totalPaid.amount == booking.totalPaid.amount + quote.total.toPay.amount)
    #expect(changed.changes.map(\.quote) == [quote])
    #expect(changed.changes.first?.paidWith == booking.paymentMethod)
    #expect(try await airline.booking(reference: reference) == changed)
    #expect(try Self.money(world) == ["changeMoney/\(reference)-2.json"])
    // The old seats are free for the next search at once; the new ones are sold.
    #expect(try await world.seatsFree() == [true, true])
    let after = try await airline.seatMaps(for: try Self.searchedOffer(world, quote.offer))
    for seat in held { #expect(after.first?.seat(seat)?.occupied == true) }

    // The same quote again answers the same and moves no money; another process reads it too.
    #expect(try await airline.confirmChange(quote.id, of: reference, card: Self.good) == changed)
    #expect(try Self.money(world).count == 1)
    #expect(try await world.test.relaunched().airline.booking(reference: reference) == changed)
    // An offer made for version 1 is refused now.
    await #expect(throws: ServiceError.changeOfferNotFound(offer.id)) {
      _ = try await airline.quoteChange(offer.id, of: reference)
    }
  }

  @Test("a change that costs less than the fare it replaces refunds the difference, once")
  func refunds() async throws {
    let world = try await Booked(
      days: (20...31).map { "2026-12-\($0)" },
      pick: { $0.cabin == .economy && $0.stops == 0 && $0.pricePerAdult.amount > 9000 })
    defer { world.test.remove() }
    let airline = world.test.airline
    let reference = world.booking.reference
    let offer = try await Self.offer(world) { $0.total.refunds }
    let quote = try await airline.quoteChange(offer.id, of: reference)
    #expect(quote.total.toPay.amount == 0)
    #expect(quote.refundTo == world.booking.paymentMethod)
    let changed = try await airline.confirmChange(quote.id, of: reference, card: nil)
    #expect(changed.version == 2)
    #expect(
      changed.totalPaid.amount == world.booking.totalPaid.amount - quote.total.toRefund.amount)
    #expect(changed.changes.first?.paidWith == nil)
    #expect(try Self.money(world) == ["changeMoney/\(reference)-2.json"])
    // Cancelling now quotes what was paid after the refund.
    let cancel = try await airline.quoteCancellation(of: reference)
    #expect(cancel.paid == changed.totalPaid)
  }

  @Test(
    "an expired change quote changes nothing and lets its seats go; a newer quote supersedes an older one"
  )
  func expiredAndSuperseded() async throws {
    let world = try await Booked()
    defer { world.test.remove() }
    let airline = world.test.airline
    let reference = world.booking.reference
    let offer = try await Self.offer(world)
    let first = try await airline.quoteChange(offer.id, of: reference)
    let second = try await airline.quoteChange(offer.id, of: reference)
    await #expect(throws: ServiceError.changeQuoteSuperseded(first.id)) {
      _ = try await airline.confirmChange(first.id, of: reference, card: Self.good)
    }
    await #expect(throws: ServiceError.changeQuoteNotFound(first.id)) {
      _ = try await airline.changeQuote(first.id, of: reference)
    }
    #expect(try await airline.changeQuote(second.id, of: reference) == second)
    world.test.clock.advance(by: 15 * 60)
    await #expect(throws: ServiceError.changeQuoteExpired(second.id)) {
      _ = try await airline.confirmChange(second.id, of: reference, card: Self.good)
    }
    #expect(try await airline.booking(reference: reference).version == 1)
    let map = try await airline.seatMaps(for: try Self.searchedOffer(world, second.offer))
    for seat in second.extras.seats(onSlice: 0).values {
      #expect(map.first?.seat(seat)?.occupied == false)
    }
    #expect(try Self.money(world).isEmpty)
  }

  @Test(
    "a cancelled booking is never changed; a cancellation quoted before a change that moved money is refused after it"
  )
  func cancelAndChange() async throws {
    let world = try await Booked()
    defer { world.test.remove() }
    let airline = world.test.airline
    let reference = world.booking.reference
    await #expect(throws: ServiceError.noSuchSlice(reference, 1)) {
      _ = try await airline.changeOffers(
        for: ChangeCriteria(
          reference: reference, slice: 1,
          departure: world.booking.offer.departure.day.adding(days: 1)))
    }
    let offer = try await Self.offer(world) { $0.total.pays }
    let cancel = try await airline.quoteCancellation(of: reference)
    let quote = try await airline.quoteChange(offer.id, of: reference)
    _ = try await airline.confirmChange(quote.id, of: reference, card: Self.good)
    await #expect(throws: ServiceError.cancellationQuoteSuperseded(cancel.id)) {
      _ = try await airline.confirmCancellation(cancel.id, of: reference)
    }
    let again = try await airline.quoteCancellation(of: reference)
    let cancelled = try await airline.confirmCancellation(again.id, of: reference)
    #expect(cancelled.isCancelled)
    #expect(cancelled.version == 2)
    // The changed flight's seats go back on sale with the cancellation.
    let map = try await airline.seatMaps(for: try Self.searchedOffer(world, quote.offer))
    for seat in quote.extras.seats(onSlice: 0).values {
      #expect(map.first?.seat(seat)?.occupied == false)
    }
    let criteria = ChangeCriteria(
      reference: reference, slice: 0, departure: world.booking.offer.departure.day.adding(days: 2))
    await #expect(throws: ServiceError.bookingCancelled(reference)) {
      _ = try await airline.changeOffers(for: criteria)
    }
  }

  @Test(
    "an older change quote confirmed after a newer one changed the booking is refused as superseded; cancelling lets an open change quote's seats go"
  )
  func staleQuoteAndCancelReleasesHolds() async throws {
    let world = try await Booked()
    defer { world.test.remove() }
    let airline = world.test.airline
    let reference = world.booking.reference
    let offer = try await Self.offer(world)
    let first = try await airline.quoteChange(offer.id, of: reference)
    let second = try await airline.quoteChange(offer.id, of: reference)
    _ = try await airline.confirmChange(second.id, of: reference, card: Self.good)
    await #expect(throws: ServiceError.changeQuoteSuperseded(first.id)) {
      _ = try await airline.confirmChange(first.id, of: reference, card: Self.good)
    }
    let next = try await Self.offer(world) { $0.version == 2 }
    let open = try await airline.quoteChange(next.id, of: reference)
    let held = try await airline.seatMaps(for: try Self.searchedOffer(world, open.offer))
    for seat in open.extras.seats(onSlice: 0).values {
      #expect(held.first?.seat(seat)?.occupied == true)
    }
    let cancel = try await airline.quoteCancellation(of: reference)
    _ = try await airline.confirmCancellation(cancel.id, of: reference)
    let after = try await airline.seatMaps(for: try Self.searchedOffer(world, open.offer))
    for seat in open.extras.seats(onSlice: 0).values {
      #expect(after.first?.seat(seat)?.occupied == false)
    }
  }

  /// The ID of an offer a search gives that flies `trip`'s outbound: what another traveller
  /// would look at.
  static func searchedOffer(_ world: Booked, _ trip: Offer) async throws -> OfferID {
    let criteria = try SearchCriteria(
      origin: trip.origin.code, destination: trip.destination.code, departure: trip.departure.day,
      party: trip.party)
    let offers = try await world.test.airline.offers(for: criteria)
    let found = offers.first { $0.outbound.flightNumbers == trip.outbound.flightNumbers }
    return try #require(found).id
  }
}
