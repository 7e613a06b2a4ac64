import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Testing

/// One airline, many travellers: each sees and uses only its own drafts, quotes and bookings,
/// and another's are "not found"; a seat one holds is taken for the other.
@Suite("Travellers on one airline")
struct TravellerTests {
  static let card = "4242424242424242"

  /// Two travellers' airlines on one shared directory and one clock.
  struct Room {
    let test: TestAirline
    let ada: SimulatedAirline
    let alan: SimulatedAirline

    init() throws {
      let test = TestAirline()
      self.test = test
      ada = try Self.airline("tr-ada", on: test)
      alan = try Self.airline("tr-alan", on: test)
    }

    static func airline(_ id: String, on test: TestAirline) throws -> SimulatedAirline {
      SimulatedAirline(
        store: RecordStore(root: test.root), clock: test.clock.wallClock,
        configuration: .init(
          latency: .none, traveller: .init(id: try TravellerID(id), ownsUnclaimed: false)))
    }

    func draft(_ airline: SimulatedAirline, _ offer: Offer, _ name: String) async throws
      -> BookingDraft
    {
      try await airline.createDraft(
        offer: offer, passengers: [test.adult("p1", name), test.adult("p2", "Ann")],
        contact: test.contact())
    }
  }

  @Test(
    "another traveller's draft, quote and booking are not found, by every call; each lists only its own trips"
  )
  func othersAreNotFound() async throws {
    let room = try Room()
    defer { room.test.remove() }
    let offer = try #require(try await room.ada.offers(for: room.test.criteria()).first)
    let draft = try await room.draft(room.ada, offer, "Ada")
    let quote = try await room.ada.price(draftID: draft.id, extras: .none)
    let card = try PaymentCard(number: Self.card, expiry: "12/30", cvc: "123")

    await #expect(throws: ServiceError.draftNotFound(draft.id)) {
      try await room.alan.draft(id: draft.id)
    }
    await #expect(throws: ServiceError.draftNotFound(draft.id)) {
      try await room.alan.price(draftID: draft.id, extras: .none)
    }
    await #expect(throws: ServiceError.quoteNotFound(quote.id)) {
      try await room.alan.quote(id: quote.id)
    }
    await #expect(throws: ServiceError.quoteNotFound(quote.id)) {
      try await room.alan.pay(quoteID: quote.id, method: card, idempotencyKey: .random(prefix: "k"))
    }
    let booking = try await room.ada.pay(
      quoteID: quote.id, method: card, idempotencyKey: .random(prefix: "k"))
    #expect(try await room.alan.paymentState(of: quote.id) == .unpaid(retryKey: nil))
    await #expect(throws: ServiceError.bookingNotFound(booking.reference)) {
      try await room.alan.booking(reference: booking.reference)
    }
    await #expect(throws: ServiceError.draftNotFound(draft.id)) {
      try await room.alan.resolvePayment(of: draft.id, charged: true)
    }
    #expect(try await room.ada.bookingList().map(\.reference) == [booking.reference])
    #expect(try await room.alan.bookingList().isEmpty)

    let his = try await room.alan.price(
      draftID: room.draft(room.alan, offer, "Alan").id, extras: .none)
    let theirs = try await room.alan.pay(
      quoteID: his.id, method: card, idempotencyKey: .random(prefix: "k"))
    #expect(try await room.alan.bookingList().map(\.reference) == [theirs.reference])
    #expect(try await room.ada.bookingList().map(\.reference) == [booking.reference])
  }

  @Test(
    "a seat one traveller holds is taken for the other, and free again for both once the hold expires"
  )
  func heldSeatIsTakenForTheOther() async throws {
    let room = try Room()
    defer { room.test.remove() }
    let offer = try #require(try await room.ada.offers(for: room.test.criteria()).first)
    let map = try await room.ada.seatMaps(for: offer.id)[0]
    let seat = try #require(map.seats.first { !$0.occupied }).designator
    let adas = try await room.draft(room.ada, offer, "Ada")
    _ = try await room.ada.price(
      draftID: adas.id, extras: Extras(seats: [adas.passengers[0].id: seat]))
    let alans = try await room.draft(room.alan, offer, "Alan")
    #expect(try await room.alan.seatMaps(for: offer.id)[0].seat(seat)?.occupied == true)
    await #expect(throws: ServiceError.seatTaken(seat, slice: 0)) {
      try await room.alan.price(
        draftID: alans.id, extras: Extras(seats: [alans.passengers[0].id: seat]))
    }
    room.test.clock.advance(by: 15 * 60 + 1)
    #expect(try await room.ada.seatMaps(for: offer.id)[0].seat(seat)?.occupied == false)
    #expect(try await room.alan.seatMaps(for: offer.id)[0].seat(seat)?.occupied == false)
    _ = try await room.alan.price(
      draftID: alans.id, extras: Extras(seats: [alans.passengers[0].id: seat]))
  }

  @Test(
    "an airline that is its traveller's own data directory keeps the records no traveller claims")
  func ownDirectoryKeepsUnclaimed() async throws {
    let test = TestAirline()
    defer { test.remove() }
    // Records written before travellers were told apart: no owner.
    let (draft, _) = try await test.draftForTwo()
    let quote = try await test.airline.price(draftID: draft.id, extras: .none)
    let own = SimulatedAirline(
      store: RecordStore(root: test.root), clock: test.clock.wallClock,
      configuration: .init(
        latency: .none, traveller: .init(id: try TravellerID("tr-own"), ownsUnclaimed: true)))
    #expect(try await own.quote(id: quote.id) == quote)
    let visitor = SimulatedAirline(
      store: RecordStore(root: test.root), clock: test.clock.wallClock,
      configuration: .init(
        latency: .none, traveller: .init(id: try TravellerID("tr-visit"), ownsUnclaimed: false)))
    await #expect(throws: ServiceError.quoteNotFound(quote.id)) {
      try await visitor.quote(id: quote.id)
    }
  }
}
