// Tests of code that talks to an airline, with the AirlineTesting product: a `TestAirline` that
// answers only what a test sets, the fixtures, and the simulated airline on a scratch folder.

import Airline
import AirlineTesting
import Domain
import FlowOwner
import Foundation
import Persistence
import SimulatedAirline
import Testing

/// Your code: the cheapest offer of a search, or nil when there is none.
func cheapest(_ calls: BookingCalls, for criteria: SearchCriteria) async throws -> Offer? {
  OfferSort.price.sorted(try await calls.offers(for: criteria)).first
}

@Test func cheapestOfferOfTheSearch() async throws {
  // Every call the test does not set fails the test, through the reporter given here.
  var airline = TestAirline(unexpected: { Issue.record(Comment(rawValue: $0)) })
  let offers = try Fixture.offers()  // seven IST-AMS offers on 24 Dec, from 149 to 299 EUR
  airline.offers = { _ in offers }
  let offer = try await cheapest(BookingCalls(airline.services), for: Fixture.criteria())
  #expect(offer?.id.rawValue == "o4")
}

/// A scratch data directory, removed after `body`.
func withDirectory(_ body: (String) async throws -> Void) async throws {
  let directory = NSTemporaryDirectory() + "headless-booking-" + UUID().uuidString
  defer { try? FileManager.default.removeItem(atPath: directory) }
  try await body(directory)
}

@Test func bookingCallByCall() async throws {
  try await withDirectory { directory in
    let clock = WallClock.fixed(Fixture.now)  // 29 Nov 2026: the fixtures' day
    let (criteria, passengers, contact) = (
      try Fixture.criteria(), try Fixture.travellers(), try Fixture.contact()
    )
    let card = try PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123")
    let key = IdempotencyKey.random(prefix: "pay")

    let store = RecordStore(root: directory)
    let airline = SimulatedAirline(store: store, clock: clock)
    let calls = BookingCalls(airline.services)

    _ = try await calls.recoverInterruptedPayments()  // 0. once per start
    let offers = try await calls.offers(for: criteria)  // 1. search
    let offer = try #require(offers.first)
    let draft = try await calls.createDraft(  // 2. passengers
      offer: offer, passengers: passengers, contact: contact)
    let seatMaps = try await calls.seatMaps(for: draft.offer.id)  // 3. a seat map per slice
    let seat = try #require(seatMaps[0].seats.first { !$0.occupied })
    let extras = Extras(seats: [passengers[0].id: seat.designator])
    let quote = try await calls.price(draftID: draft.id, extras: extras)  // 4. a locked price
    let booking = try await calls.pay(  // 5. the booking
      quoteID: quote.id, card: card, idempotencyKey: key)

    #expect(booking.quoteID == quote.id)
    #expect(booking.extras.seats(onSlice: 0) == [passengers[0].id: seat.designator])

    // The session the app resumes, saved and restored as the app does at start.
    let snapshot = BookingSnapshot(
      criteria: criteria, position: .confirmation(reference: booking.reference))
    let kind = RecordKind.session(schema: BookingSnapshot.schema)  // session/, schema 1
    try store.save(snapshot, id: RecordKind.snapshotID, kind: kind)  // snapshot.json

    _ = try await calls.recoverInterruptedPayments()
    let saved = try store.load(BookingSnapshot.self, id: RecordKind.snapshotID, kind: kind)
    let restoration = await BookingFlow.restore(saved, using: airline.services, now: Date())
    // restoration.outcome: .resumed(at: step), or .fellBack(to:because:) with the reason
    #expect(restoration.outcome == .resumed(at: .confirmation))

    // The airline's records, read with a store of your own: plain Codable, nothing to add.
    let bookings = RecordKind(folder: "bookings", schema: 1)
    let read = try RecordStore(root: directory).load(
      Booking.self, id: booking.reference.rawValue, kind: bookings)
    #expect(read == booking)
  }
}
