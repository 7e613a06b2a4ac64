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

  init(stops: Int, airlineCode: String, departs: ZonedTime, total: Money) {
    self.stops = stops
    self.airlineCode = airlineCode
    departureHour = departs.clock.hour
    self.departs = departs.instant
    self.total = total
  }

  init(_ offer: Offer) {
    self.init(
      stops: offer.stops, airlineCode: offer.airline.code, departs: offer.departure,
      total: offer.total)
  }
}

extension SimulatedAirline {
  /// Routes whose days are kept at most; past it the cache starts again.
  static let fareRoutesKept = 16

  /// The scale needs every bookable day of the window (355 and more), each day's offers drawn as
  /// `offers(for:)` draws them, and read without being made (`OfferGenerator.fareEntries`). A
  /// route's days are drawn once, off the actor (so searches are answered meanwhile), and kept as
  /// `FareEntry`s: another filter, or the strip moved to another day, reads them again.
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
    /// The search on `day`, when that day can be booked.
    func search(on day: CalendarDay) -> SearchCriteria? {
      guard day.adding(days: 1).start(in: origin.zone) > now,
        let search = try? criteria.moved(to: day), search.isWithinBookingWindow(at: now)
      else { return nil }
      return search
    }
    // The window: from today where the flight leaves to the last day that can be booked.
    var window: [CalendarDay] = []
    var day = CalendarDay(now, in: origin.zone)
    let last = SearchCriteria.lastBookableDay(
      today: CalendarDay(now.addingTimeInterval(14 * 3600), in: .utc))
    while day <= last {
      window.append(day)
      day = day.adding(days: 1)
    }
    let strip = (-span...span).map { criteria.departure.adding(days: $0) }
    let asked = window + strip.filter { !window.contains($0) }
    let known = await fareDays(
      of: route, for: asked.compactMap { day in search(on: day).map { (day, $0) } })

    // Priced as `offers(for:)` prices them, but nothing is kept: a calendar sells nothing.
    let soldAfter = now.addingTimeInterval(Self.salesCutoff)
    func lowest(on day: CalendarDay) -> Money? {
      var best: Money?
      for entry in known[day] ?? []
      where entry.departs > soldAfter
        && filter.admits(
          stops: entry.stops, airlineCode: entry.airlineCode, departureHour: entry.departureHour,
          total: entry.total.amount)
      {
        if best.map({ entry.total.amount < $0.amount }) ?? true { best = entry.total }
      }
      return best
    }
    var low: Money?
    var high: Money?
    for day in window where search(on: day) != nil {
      guard let fare = lowest(on: day) else { continue }
      if low.map({ fare.amount < $0.amount }) ?? true { low = fare }
      if high.map({ fare.amount > $0.amount }) ?? true { high = fare }
    }
    var scale: FareScale?
    if let low, let high { scale = FareScale(lowest: low, highest: high) }
    return FareCalendar(
      days: strip.map { day in
        search(on: day) == nil
          ? FareDay(day: day, lowest: nil, bookable: false)
          : FareDay(day: day, lowest: lowest(on: day), bookable: true)
      }, scale: scale)
  }

  /// `route`'s entries of every day of `searches`, those not known yet made off the actor (on
  /// the executor the asking task prefers: the app's serial one, which wakes no thread pool);
  /// a making of the route's days already under way is waited for first.
  private func fareDays(
    of route: FareRoute, for searches: [(CalendarDay, SearchCriteria)]
  ) async -> [CalendarDay: [FareEntry]] {
    while fareDaysMaking.contains(route) {
      await withCheckedContinuation { fareDaysWaiting[route, default: []].append($0) }
    }
    if fareDays[route] == nil, fareDays.count >= Self.fareRoutesKept { fareDays = [:] }
    let known = fareDays[route] ?? [:]
    let missing = searches.filter { known[$0.0] == nil }
    guard !missing.isEmpty else { return known }
    fareDaysMaking.insert(route)
    let made = await Self.entries(of: missing, offerGenerator)
    fareDaysMaking.remove(route)
    for waiting in fareDaysWaiting.removeValue(forKey: route) ?? [] { waiting.resume() }
    var merged = fareDays[route] ?? [:]
    merged.merge(made) { kept, _ in kept }
    fareDays[route] = merged
    return merged
  }

  /// The entries of each day of `searches`, made in as many parts as there are cores: at once
  /// on Swift's global executor, one after another on a serial one. Each part lets other work
  /// in after every few days: on the app's one serial executor a search asked meanwhile waits
  /// for a few days' offers, not for the whole window's.
  private nonisolated static func entries(
    of searches: [(CalendarDay, SearchCriteria)], _ generator: OfferGenerator
  ) async -> [CalendarDay: [FareEntry]] {
    let parts = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
    return await withTaskGroup(of: [(CalendarDay, [FareEntry])].self) { group in
      for part in 0..<parts {
        group.addTask {
          var made: [(CalendarDay, [FareEntry])] = []
          var routings = OfferGenerator.Routings()
          for index in stride(from: part, to: searches.count, by: parts) {
            let (day, search) = searches[index]
            made.append((day, generator.fareEntries(for: search, routings: &routings)))
            if made.count % 2 == 0 { await Task.yield() }
          }
          return made
        }
      }
      var all: [CalendarDay: [FareEntry]] = [:]
      for await made in group {
        for (day, entries) in made { all[day] = entries }
      }
      return all
    }
  }
}
