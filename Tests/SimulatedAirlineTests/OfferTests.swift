import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Testing

@Suite("Offers")
struct OfferTests {
  /// An offer without its expiry, which is the only part that follows the clock.
  func shape(_ offer: Offer) -> String {
    "\(offer.id) \(offer.flightNumbers) \(offer.departure.instant) \(offer.outbound.arrival.instant) "
      + "\(offer.pricePerAdult) \(offer.cabin) \(offer.aircraft.map(\.code))"
  }

  @Test("equal searches give equal offers, and other searches other offers")
  func deterministic() async throws {
    let first = TestAirline()
    let second = TestAirline()
    defer {
      first.remove()
      second.remove()
    }
    second.clock.advance(by: 3600)
    let a = try await first.airline.offers(for: first.criteria())
    let b = try await second.airline.offers(for: first.criteria())
    #expect(a.map(shape) == b.map(shape))
    #expect(OfferGeneratorLimits.range.contains(a.count))
    let other = try await first.airline.offers(for: first.criteria("IST", "FRA"))
    #expect(Set(other.map(\.id)).isDisjoint(with: a.map(\.id)))
    let otherDay = try await first.airline.offers(
      for: SearchCriteria(
        origin: IATACode("IST"), destination: IATACode("AMS"),
        departure: CalendarDay(iso: "2026-12-25"), party: .adults(2)))
    #expect(otherDay.map(shape) != a.map(shape))
  }

  @Test("no flight is sold for an unknown airport, a day that has passed, or within 30 minutes")
  func whatIsNotSold() async throws {
    let test = TestAirline()
    defer { test.remove() }
    await #expect(throws: ServiceError.unknownAirport(try IATACode("XQZ"))) {
      try await test.airline.offers(for: test.criteria("IST", "XQZ"))
    }
    await #expect(throws: ServiceError.unknownAirport(try IATACode("XQZ"))) {
      try await test.airline.offers(for: test.criteria("XQZ", "IST"))
    }
    // The clock starts at 2026-11-29 12:00 UTC (15:00 in Istanbul).
    let yesterday = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-11-28"), party: .adults(1))
    await #expect(throws: ServiceError.dayPassed(try CalendarDay(iso: "2026-11-28"))) {
      try await test.airline.offers(for: yesterday)
    }
    let today = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-11-29"), party: .adults(1))
    let offers = try await test.airline.offers(for: today)
    let cutoff = TestAirline.start.addingTimeInterval(30 * 60)
    #expect(offers.allSatisfy { $0.departure.instant > cutoff }, "a flight that left is sold")
    test.clock.advance(by: 9 * 3600)  // 00:00 in Istanbul: the day has passed there.
    await #expect(throws: ServiceError.dayPassed(try CalendarDay(iso: "2026-11-29"))) {
      try await test.airline.offers(for: today)
    }
  }

  @Test("no flight is sold beyond the bookable window, searched for or read from a record")
  func beyondWindow() async throws {
    let test = TestAirline()
    defer { test.remove() }
    // The clock starts at 2026-11-29 12:00 UTC, 30 November at UTC+14: 355 days on is
    // 2027-11-20, the last day any time zone's search form accepts.
    for day in ["2027-11-21", "9999-12-31"] {
      let far = try SearchCriteria(
        origin: IATACode("IST"), destination: IATACode("AMS"), departure: CalendarDay(iso: day),
        party: .adults(1))
      let error = await #expect(throws: ServiceError.self, "\(day)") {
        try await test.airline.offers(for: far)
      }
      #expect(
        error?.description
          == "Flights can be booked up to 355 days ahead: \(day) is too far - search for an "
          + "earlier day.")
    }
    let last = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2027-11-20"), party: .adults(1))
    #expect(try await !test.airline.offers(for: last).isEmpty)
  }

  @Test("an offer record beyond the bookable window is not for sale")
  func storedOfferBeyondWindow() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let sold = try await test.airline.offers(for: test.criteria(passengers: 1)).first
    let offer = try #require(sold)
    // The same offer on disk, moved to 31 December 9999 (as a file from elsewhere could be).
    let shift = 253_402_214_400 + 12 * 3600 - offer.departure.instant.timeIntervalSince1970
    let segments = try offer.segments.map { segment in
      try Segment(
        flightNumber: segment.flightNumber, origin: segment.origin,
        destination: segment.destination,
        departure: ZonedTime(
          instant: segment.departure.instant + shift, zone: segment.departure.zone),
        arrival: ZonedTime(instant: segment.arrival.instant + shift, zone: segment.arrival.zone),
        aircraft: segment.aircraft)
    }
    let moved = try Offer(
      id: offer.id, airline: offer.airline, slices: [Slice(segments: segments)],
      cabin: offer.cabin, pricePerAdult: offer.pricePerAdult, party: .one,
      total: offer.pricePerAdult, expiresAt: offer.expiresAt)
    try test.airline.sealedRecords.save(
      moved, id: offer.id.rawValue, kind: RecordKind(folder: "offers", schema: 1))
    await #expect(throws: ServiceError.offerNoLongerAvailable(offer.id)) {
      try await test.airline.offer(id: offer.id)
    }
    await #expect(throws: ServiceError.offerNoLongerAvailable(offer.id)) {
      try await test.airline.createDraft(
        offer: moved, passengers: [test.adult("p1", "Ada")],
        contact: Contact(email: "ada@example.com", phone: "+31201234567"))
    }
  }

  @Test("offers are real itineraries: several airlines, nonstops and one-stops, fares in TRY")
  func realistic() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let offers = try await test.airline.offers(for: test.criteria())
    #expect(Set(offers.map(\.airline.code)).count >= 3)
    #expect(offers.contains { $0.stops == 0 })
    #expect(offers.contains { $0.stops == 1 })
    #expect(offers.allSatisfy { $0.pricePerAdult.currency.code == "TRY" })
    #expect(offers.allSatisfy { $0.origin.code.rawValue == "IST" })
    #expect(offers.allSatisfy { $0.destination.code.rawValue == "AMS" })
    #expect(offers.allSatisfy { $0.departure.day.iso == "2026-12-24" })
    #expect(
      offers.allSatisfy {
        $0.party == (try? Party.adults(2)) && $0.expiresAt == TestAirline.start + 1800
      })
    for offer in offers where offer.stops == 0 {
      // About 2,200 km: three to four hours door to door.
      #expect((180...260).contains(offer.durationMinutes), "\(offer.durationMinutes)")
    }
    let fromAmsterdam = try await test.airline.offers(for: test.criteria("AMS", "IST"))
    #expect(fromAmsterdam.allSatisfy { $0.pricePerAdult.currency.code == "EUR" })
  }

  @Test("local times are right across time zones: a morning IST->JFK lands the same local day")
  func timeZones() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let offers = try await test.airline.offers(for: test.criteria("IST", "JFK", passengers: 1))
    let morning = offers.filter { $0.stops == 0 && $0.departure.clock.hour < 12 }
    #expect(!morning.isEmpty)
    for offer in morning {
      #expect(offer.outbound.arrival.day == offer.departure.day, "\(offer.departure.hhmm)")
      #expect(offer.outbound.arrival.timeZoneID == "America/New_York")
      // Istanbul is UTC+3 and New York UTC-5 in December: local clocks differ by 8 hours.
      let departureMinutes = offer.departure.clock.hour * 60 + offer.departure.clock.minute
      let arrivalMinutes =
        offer.outbound.arrival.clock.hour * 60 + offer.outbound.arrival.clock.minute
      #expect(arrivalMinutes - departureMinutes == offer.durationMinutes - 8 * 60)
    }
  }

  @Test("offers survive a restart and expire after 30 minutes")
  func persistedAndExpiring() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let offer = try #require(try await test.airline.offers(for: test.criteria()).first)
    let relaunched = test.relaunched()
    #expect(try await relaunched.airline.offer(id: offer.id) == offer)
    test.clock.advance(by: 30 * 60)
    await #expect(throws: ServiceError.offerNoLongerAvailable(offer.id)) {
      try await relaunched.airline.offer(id: offer.id)
    }
    await #expect(throws: ServiceError.offerNoLongerAvailable(try OfferID("nope"))) {
      try await relaunched.airline.offer(id: OfferID("nope"))
    }
  }
}

/// The documented number of offers per search.
enum OfferGeneratorLimits {
  static let range = 8...40
}
