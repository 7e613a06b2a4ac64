import Airline
import Domain
import Foundation
import SimulatedAirline
import Testing

@Suite("Drafts and quotes")
struct DraftAndQuoteTests {
  @Test("a draft is saved and read back after a restart")
  func draftRoundTrip() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (draft, _) = try await test.draftForTwo()
    #expect(draft.passengers.map(\.givenName) == ["Ada", "Grace"])
    #expect(try await test.relaunched().airline.draft(id: draft.id) == draft)
    await #expect(throws: ServiceError.draftNotFound(try DraftID("missing"))) {
      try await test.airline.draft(id: DraftID("missing"))
    }
  }

  @Test("draft rules: count, dates of birth, an adult, infants on laps, a live offer")
  func draftRules() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let offers = try await test.airline.offers(for: test.criteria())
    let offer = try #require(offers.first)
    let ada = try test.adult("p1", "Ada")
    let contact = try test.contact()
    let cases: [([Passenger], String)] = [
      ([ada], "This fare is for 2 passengers; 1 was given."),
      (
        [ada, try test.adult("p2", "Baby", born: "2026-12-01")],
        "Baby Lovelace's date of birth 2026-12-01 is not in the past."
      ),
      (
        [ada, try test.adult("p2", "Old", born: "1900-01-01")],
        "Old Lovelace's date of birth 1900-01-01 is more than 120 years ago."
      ),
      (
        [
          try test.adult("p1", "Kid", born: "2018-01-01"),
          try test.adult("p2", "Tot", born: "2016-01-01"),
        ],
        "This fare is for 2 adults; on the day of departure the dates of birth make 2 children."
      ),
    ]
    for (passengers, message) in cases {
      await #expect(throws: ServiceError.invalidPassengers(message)) {
        try await test.airline.createDraft(offer: offer, passengers: passengers, contact: contact)
      }
    }
    let threeOffer = try #require(
      try await test.airline.offers(for: test.criteria(passengers: 3)).first)
    let infants = [
      ada, try test.adult("p2", "Baby", born: "2025-06-01"),
      try test.adult("p3", "Bub", born: "2025-07-01"),
    ]
    await #expect(
      throws: ServiceError.invalidPassengers(
        "This fare is for 3 adults; on the day of departure the dates of birth make 1 adult and 2 infants."
      )
    ) {
      try await test.airline.createDraft(offer: threeOffer, passengers: infants, contact: contact)
    }
    test.clock.advance(by: 31 * 60)
    await #expect(throws: ServiceError.offerNoLongerAvailable(offer.id)) {
      try await test.airline.createDraft(
        offer: offer, passengers: [ada, try test.adult("p2", "Grace")], contact: contact)
    }
  }

  @Test("a quote prices fare, seats, bags, insurance and taxes, and holds for 15 minutes")
  func pricing() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (draft, seatMap) = try await test.draftForTwo()
    let free = seatMap.seats.filter { !$0.occupied }
    let (first, second) = (free[0], free[1])
    let extras = Extras(
      seats: [try PassengerID("p1"): first.designator, try PassengerID("p2"): second.designator],
      bags: [try PassengerID("p1"): 2], insurance: true)

    let quote = try await test.airline.price(draftID: draft.id, extras: extras)

    #expect(quote.draftID == draft.id)
    #expect(quote.extras == extras)
    #expect(quote.expiresAt == TestAirline.start.addingTimeInterval(15 * 60))
    #expect(quote.lineItems.map(\.kind) == [.fare, .seat, .seat, .bag, .insurance, .tax])
    #expect(quote.lineItems[0].amount == draft.offer.pricePerAdult.multiplied(by: 2))
    // The search's total is the quote's fare and tax lines: what the extras add is apart.
    let bare = try await test.airline.price(draftID: draft.id, extras: .none)
    #expect(
      try Money.sum(bare.lineItems.map(\.amount), in: bare.total.currency) == draft.offer.total)
    #expect(quote.lineItems[1].amount == first.price)
    #expect(quote.lineItems[3].label == "2 checked bags, passenger 1")
    #expect(quote.lineItems[3].amount == (try Money("3150", "TRY")))  // (30 + 40) EUR x 45
    let sum = try Money.sum(quote.lineItems.map(\.amount), in: quote.total.currency)
    #expect(sum == quote.total)
    #expect(try await test.relaunched().airline.quote(id: quote.id) == quote)
  }

  @Test("an infant on a lap pays a tenth of the fare, with its own line and a lower airport charge")
  func infantFare() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let lap = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"),
      party: Party(adults: 1, infants: 1))
    let offers = try await test.airline.offers(for: lap)
    let offer = try #require(offers.first { $0.stops == 0 && $0.cabin == .economy })
    let draft = try await test.airline.createDraft(
      offer: offer,
      passengers: [test.adult("p1", "Ada"), test.adult("p2", "Bob", born: "2026-03-01")],
      contact: test.contact())
    let quote = try await test.airline.price(draftID: draft.id, extras: .none)
    #expect(quote.lineItems.map(\.kind) == [.fare, .infant, .tax])
    #expect(quote.lineItems[0].quantity == 1)
    #expect(quote.lineItems[0].amount == offer.pricePerAdult)
    #expect(
      quote.lineItems[1].amount
        == Money(offer.pricePerAdult.amount / 10, offer.pricePerAdult.currency).rounded())
    #expect(quote.lineItems[1].passenger == 2)
    let adults = try await test.airline.price(
      draftID: test.draftForTwo().0.id, extras: .none)
    #expect(quote.lineItems[2].amount.amount < adults.lineItems[1].amount.amount)
  }

  @Test("the quote lifetime is settable")
  func quoteLifetime() async throws {
    let test = TestAirline(quoteLifetime: 3)
    defer { test.remove() }
    let (draft, _) = try await test.draftForTwo()
    let quote = try await test.airline.price(draftID: draft.id, extras: .none)
    #expect(quote.expiresAt == TestAirline.start.addingTimeInterval(3))
  }

  @Test("seat rules: the seat exists, is free, is chosen once; bags 0 to 3")
  func seatRules() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (draft, seatMap) = try await test.draftForTwo()
    let p1 = try PassengerID("p1")
    let p2 = try PassengerID("p2")
    let taken = try #require(seatMap.seats.first { $0.occupied })
    let free = try #require(seatMap.seats.first { !$0.occupied })
    let cases: [(Extras, String)] = [
      (Extras(seats: [p1: try SeatDesignator("99K")]), "There is no seat 99K on this aircraft."),
      (
        Extras(seats: [p1: free.designator, p2: free.designator]),
        "Seat \(free.designator) was chosen for two passengers."
      ),
      (Extras(bags: [p1: 4]), "Each passenger may check 0 to 3 bags, not 4."),
      (Extras(bags: [p1: -1]), "Each passenger may check 0 to 3 bags, not -1."),
      (Extras(bags: [try PassengerID("p9"): 1]), "Passenger p9 is not on this booking."),
    ]
    for (extras, message) in cases {
      await #expect(throws: ServiceError.invalidExtras(message)) {
        try await test.airline.price(draftID: draft.id, extras: extras)
      }
    }
    // A seat someone else has is not a mistake in what was asked: it is taken, and says so.
    await #expect(throws: ServiceError.seatTaken(taken.designator, slice: 0)) {
      try await test.airline.price(draftID: draft.id, extras: Extras(seats: [p1: taken.designator]))
    }
  }

  @Test("seat maps draw the aircraft: aisles, exit and legroom rows, prices, occupied seats")
  func seatMaps() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let (draft, seatMap) = try await test.draftForTwo()
    #expect(seatMap.offerID == draft.offer.id)
    #expect(seatMap.columns.contains(.aisle))
    #expect(!seatMap.rows(of: .exitRow).isEmpty)
    #expect(!seatMap.rows(of: .extraLegroom).isEmpty)
    #expect(seatMap.seats.contains { $0.occupied })
    #expect(seatMap.seats.contains { !$0.occupied })
    let letters = seatMap.columns.filter { $0 != .aisle }.count
    #expect(seatMap.seats.count == seatMap.rows.count * letters)
    #expect(try await test.airline.seatMaps(for: draft.offer.id) == [seatMap])
  }
}
