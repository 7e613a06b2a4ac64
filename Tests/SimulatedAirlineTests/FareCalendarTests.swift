import Airline
import Domain
import Foundation
import Testing

@testable import SimulatedAirline

@Suite("Fare calendar")
struct FareCalendarTests {
  func roundTrip(_ test: TestAirline) throws -> SearchCriteria {
    let oneWay = try test.criteria()
    return try SearchCriteria(
      origin: oneWay.origin, destination: oneWay.destination, departure: oneWay.departure,
      returning: oneWay.departure.adding(days: 4), party: oneWay.party)
  }

  @Test(
    "each day's lowest is the lowest total among the offers the filter admits, as offers(for:) sells them",
    arguments: [false, true])
  func lowestPerDay(roundTrip isRoundTrip: Bool) async throws {
    let test = TestAirline()
    defer { test.remove() }
    let criteria = isRoundTrip ? try roundTrip(test) : try test.criteria()
    let filters = [
      FareFilter(), FareFilter(nonstopOnly: true), FareFilter(departureHours: 6..<12),
      FareFilter(hiddenAirlines: ["LH", "KL", "TK"]), FareFilter(highestTotal: 20_000),
    ]
    for filter in filters {
      let calendar = try await test.airline.lowestFares(for: criteria, days: 2, filter: filter)
      #expect(calendar.days.map(\.day) == (-2...2).map { criteria.departure.adding(days: $0) })
      for day in calendar.days {
        #expect(day.bookable)
        let sold = try await test.airline.offers(for: criteria.moved(to: day.day))
        let lowest = sold.filter(filter.admits).map(\.total).min { $0.amount < $1.amount }
        #expect(day.lowest == lowest, "\(filter) on \(day.day)")
        if let lowest, let scale = calendar.scale {
          #expect(scale.lowest.amount <= lowest.amount && lowest.amount <= scale.highest.amount)
        }
      }
    }
  }

  @Test(
    "the scale is the cheapest and dearest day of the whole window, the same whichever day is searched"
  )
  func oneScale() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let criteria = try test.criteria()
    let filter = FareFilter(nonstopOnly: true)
    let first = try await test.airline.lowestFares(for: criteria, days: 3, filter: filter)
    let scale = try #require(first.scale)
    // Strips of 29 days over the whole window: their lowest and highest are the scale's.
    var seen: [Money] = []
    var day = CalendarDay(test.clock.now, in: .utc).adding(days: 14)
    var last: FareCalendar?
    while seen.count < 400, day <= CalendarDay(test.clock.now, in: .utc).adding(days: 380) {
      let calendar = try await test.airline.lowestFares(
        for: criteria.moved(to: day), days: 14, filter: filter)
      #expect(calendar.scale == scale, "the same scale searching \(day)")
      seen += calendar.days.compactMap(\.lowest)
      last = calendar
      day = day.adding(days: 29)
    }
    #expect(seen.map(\.amount).min() == scale.lowest.amount)
    #expect(seen.map(\.amount).max() == scale.highest.amount)
    // Past the booking window, days cannot be booked.
    #expect(last?.days.last?.bookable == false)
    // Another filter, another scale; no filter, the widest.
    let any = try await test.airline.lowestFares(for: criteria, days: 3, filter: FareFilter())
    let anyScale = try #require(any.scale)
    #expect(anyScale.lowest.amount <= scale.lowest.amount)
  }

  @Test("days before today cannot be booked, nor a round trip whose return is past the window")
  func bookable() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let today = CalendarDay(test.clock.now, in: .utc)
    let near = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: today.adding(days: 1),
      party: .adults(1))
    let calendar = try await test.airline.lowestFares(for: near, days: 3, filter: FareFilter())
    #expect(calendar.days.map(\.bookable) == [false, false, true, true, true, true, true])
    // The window counts from the furthest-ahead today on earth (UTC+14).
    let lastDay = SearchCriteria.lastBookableDay(
      today: CalendarDay(test.clock.now.addingTimeInterval(14 * 3600), in: .utc))
    let long = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: lastDay.adding(days: -11),
      returning: lastDay.adding(days: -1), party: .adults(1))
    let late = try await test.airline.lowestFares(for: long, days: 3, filter: FareFilter())
    #expect(late.days.map(\.bookable) == [true, true, true, true, true, false, false])
  }

  @Test(
    "what the calendar reads of a day's draws is what that day's offers are: flights, stops, departure hour and total, one way and round trip, every party"
  )
  func entriesAreTheOffers() throws {
    let generator = OfferGenerator(airports: AirportDirectory.builtIn, lifetime: 20 * 60)
    let now = TestAirline.start
    let routes = [
      ("IST", "AMS"), ("SAW", "AYT"), ("IST", "JFK"), ("FRA", "SYD"), ("LHR", "CDG"),
      ("JFK", "LAX"), ("GRU", "EZE"), ("NRT", "SIN"),
    ]
    let parties = [
      try Party.adults(1), try Party(adults: 2, children: 1, infants: 1),
      try Party(adults: 1, children: 2),
    ]
    var routings = OfferGenerator.Routings()
    var compared = [0, 0]
    for (index, (from, to)) in routes.enumerated() {
      for offset in [1, 9, 40, 200] {
        let day = try CalendarDay(iso: "2026-11-29").adding(days: offset + index)
        let party = parties[(index + offset) % parties.count]
        for returning in [nil, day.adding(days: 4), day] {
          let criteria = try SearchCriteria(
            origin: IATACode(from), destination: IATACode(to), departure: day,
            returning: returning, party: party)
          let offers = generator.offers(for: criteria, now: now)
          let entries = generator.fareEntries(for: criteria, routings: &routings)
          #expect(offers.count == entries.count, "\(criteria)")
          for (offer, entry) in zip(offers, entries) {
            let sold = FareEntry(offer)
            #expect(
              sold.stops == entry.stops && sold.airlineCode == entry.airlineCode
                && sold.departureHour == entry.departureHour && sold.departs == entry.departs
                && sold.total == entry.total && sold.total.plainAmount == entry.total.plainAmount,
              "\(criteria) \(offer.id)")
            compared[returning == nil ? 0 : 1] += 1
          }
        }
      }
    }
    #expect(compared[0] > 500 && compared[1] > 500, "one way, round trip: \(compared)")
  }

  @Test("fares in whole numbers are the amounts the decimal arithmetic gives, in every currency")
  func wholeNumberPrices() throws {
    let countries = [
      "AE", "AR", "AU", "BR", "CA", "CH", "CL", "CN", "CO", "CZ", "DK", "EG", "ET", "GB", "HK",
      "HU", "ID", "IL", "IN", "JO", "JP", "KE", "KR", "MA", "MX", "MY", "NG", "NO", "NZ", "PA",
      "PE", "PH", "PL", "QA", "RO", "SA", "SE", "SG", "TH", "TR", "TW", "US", "VN", "ZA", "NL",
    ]
    var random = SeededGenerator(seed: "prices")
    for country in countries {
      let airport = try Airport(
        code: IATACode("XXX"), name: "Test", city: "Test", countryCode: country,
        timeZoneID: "UTC", latitude: 0, longitude: 0, zones: .live)
      let currency = LocalCurrency(for: airport)
      var amounts = (0...400).map { Decimal($0) }
      amounts += (0..<400).map { _ in Decimal(Int.random(in: 0..<200_000, using: &random)) }
      for euros in amounts {
        let fast = currency.price(euros: euros)
        let slow = currency.priceByDivision(euros: euros)
        #expect(fast == slow && fast.plainAmount == slow.plainAmount, "\(country) \(euros)")
      }
      #expect(
        currency.price(euros: Decimal(string: "12.5") ?? 0)
          == currency.priceByDivision(euros: Decimal(string: "12.5") ?? 0))
    }
  }
}
