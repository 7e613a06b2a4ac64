import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A search's route, party and trip length: what a fare calendar's days share.
struct FareRoute: Hashable, Sendable {
  let origin: IATACode
  let destination: IATACode
  let party: Party
  /// Days from departure to return; nil for a one-way trip.
  let tripLength: Int?

  init(_ criteria: SearchCriteria) {
    origin = criteria.origin
    destination = criteria.destination
    party = criteria.party
    tripLength = criteria.returning.map { criteria.departure.days(until: $0) }
  }
}

/// What a fare calendar reads of one offer: what a `FareFilter` asks, its total, and when it
/// leaves (a flight within the sales cut-off is not sold).
struct FareEntry: Sendable {
  let stops: Int
  let airlineCode: String
  let departureHour: Int
  let departs: Date
  let total: Money

  init(_ offer: Offer) {
    stops = offer.stops
    airlineCode = offer.airline.code
    departureHour = offer.departure.clock.hour
    departs = offer.departure.instant
    total = offer.total
  }
}

extension SimulatedAirline {
  /// Routes whose days are kept at most; past it the cache starts again.
  static let fareRoutesKept = 16

  public func lowestFares(for criteria: SearchCriteria, days: Int, filter: FareFilter)
    async throws(ServiceError) -> FareCalendar
  {
    await configuration.latency.pause()
    guard let origin = airports.airport(criteria.origin) else {
      throw .unknownAirport(criteria.origin)
    }
    guard airports.airport(criteria.destination) != nil else {
      throw .unknownAirport(criteria.destination)
    }
    let now = clock.now()
    let span = max(0, min(days, 14))
    let route = FareRoute(criteria)
    if fareDays[route] == nil, fareDays.count >= Self.fareRoutesKept { fareDays = [:] }
    var known = fareDays[route] ?? [:]
    defer { fareDays[route] = known }
    // Priced as `offers(for:)` prices them, but nothing is kept: a calendar sells nothing.
    func lowest(on day: CalendarDay) -> (bookable: Bool, lowest: Money?) {
      guard day.adding(days: 1).start(in: origin.zone) > now,
        let search = try? criteria.moved(to: day), search.isWithinBookingWindow(at: now)
      else { return (false, nil) }
      let entries: [FareEntry]
      if let kept = known[day] {
        entries = kept
      } else {
        entries = offerGenerator.offers(for: search, now: now).map(FareEntry.init)
        known[day] = entries
      }
      let soldAfter = now.addingTimeInterval(Self.salesCutoff)
      var best: Money?
      for entry in entries
      where entry.departs > soldAfter
        && filter.admits(
          stops: entry.stops, airlineCode: entry.airlineCode, departureHour: entry.departureHour,
          total: entry.total.amount)
      {
        if best.map({ entry.total.amount < $0.amount }) ?? true { best = entry.total }
      }
      return (true, best)
    }
    // The scale: every day from today where the flight leaves to the last bookable one.
    var low: Money?
    var high: Money?
    let today = CalendarDay(now, in: origin.zone)
    let last = SearchCriteria.lastBookableDay(
      today: CalendarDay(now.addingTimeInterval(14 * 3600), in: .utc))
    var day = today
    while day <= last {
      if let fare = lowest(on: day).lowest {
        if low.map({ fare.amount < $0.amount }) ?? true { low = fare }
        if high.map({ fare.amount > $0.amount }) ?? true { high = fare }
      }
      day = day.adding(days: 1)
    }
    let strip = (-span...span).map { offset in
      let day = criteria.departure.adding(days: offset)
      let (bookable, fare) = lowest(on: day)
      return FareDay(day: day, lowest: fare, bookable: bookable)
    }
    let scale = both(low, high).map { FareScale(lowest: $0, highest: $1) }
    return FareCalendar(days: strip, scale: scale)
  }
}

/// Both values, when there are both.
private func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
  guard let a, let b else { return nil }
  return (a, b)
}
