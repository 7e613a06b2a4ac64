import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Makes the offers for a search, deterministically: the same criteria give the same offers
/// (IDs, flights, times, fares) on every run; only `expiresAt` follows the clock.
///
/// A search's offers are drawn first (`Drawn`: each flight's times and aircraft, the cabin, the
/// fare), then built. A fare calendar reads the draws of a whole booking window without building
/// an offer of them (`fareEntries`), so what it says a day costs is what that day's search sells.
struct OfferGenerator: Sendable {
  let airports: any AirportLookup
  /// How long an offer is honoured.
  let lifetime: TimeInterval

  struct Routing {
    let carrier: Carrier
    let airline: Airline
    /// The airports flown through, origin first.
    let stops: [Airport]
  }

  /// The routings of each pair of airports asked so far: a fare calendar asks the same pair for
  /// every day of its window.
  struct Routings {
    fileprivate var known: [String: [Routing]] = [:]
  }

  /// One offer as the day's draws made it, before it is built. Every draw builds a valid offer
  /// (flight numbers 100 to 2899, flights of 30 minutes or more, connections of 55 or more,
  /// instants near today), so each offer a calendar reads is one `offers(for:)` sells.
  struct Drawn {
    struct Leg {
      let from: Airport
      let to: Airport
      let leaves: Date
      let arrives: Date
      let aircraft: Aircraft
    }

    let id: OfferID
    let routing: Routing
    let legs: [Leg]
    let departs: Date
    let lands: Date
    let cabin: Cabin
    let pricePerAdult: Money
    let currency: LocalCurrency
  }

  /// A round trip as paired: a flight out, a flight back on the same airline, priced together.
  struct Paired {
    let id: OfferID
    let out: Drawn
    let back: Drawn
    let pricePerAdult: Money
    let currency: LocalCurrency
  }

  /// A search's draws: one-way offers, or round trips paired of the two days' one-way draws.
  enum Drawing {
    case oneWay([Drawn])
    case roundTrip([Paired])
  }

  /// Fewest and most offers a search returns.
  static let offerCount = 8...40

  /// The offers for `criteria`, sorted by departure. Unknown airports give no offers. A round
  /// trip pairs the day's flights out with the return day's flights back on the same airline,
  /// priced together, as airlines sell them.
  func offers(for criteria: SearchCriteria, now: Date) -> [Offer] {
    var routings = Routings()
    let expiresAt = now.addingTimeInterval(lifetime)
    switch draw(criteria, routings: &routings) {
    case .oneWay(let drawn):
      return drawn.compactMap { offer($0, party: criteria.party, expiresAt: expiresAt) }
    case .roundTrip(let paired):
      return paired.compactMap { offer($0, party: criteria.party, expiresAt: expiresAt) }
    }
  }

  /// What a fare calendar reads of each offer `offers(for:)` makes for `criteria`, without
  /// making them: the same draws, so the same flights and totals.
  func fareEntries(for criteria: SearchCriteria, routings: inout Routings) -> [FareEntry] {
    let party = criteria.party
    switch draw(criteria, routings: &routings) {
    case .oneWay(let drawn):
      return drawn.map { drawn in
        FareEntry(
          stops: drawn.legs.count - 1, airlineCode: drawn.routing.airline.code,
          departs: ZonedTime(instant: drawn.departs, zone: drawn.routing.stops[0].zone),
          total: QuotePricing.partyTotal(
            pricePerAdult: drawn.pricePerAdult, party: party, slices: 1,
            currency: drawn.currency))
      }
    case .roundTrip(let paired):
      return paired.map { paired in
        FareEntry(
          stops: max(paired.out.legs.count, paired.back.legs.count) - 1,
          airlineCode: paired.out.routing.airline.code,
          departs: ZonedTime(instant: paired.out.departs, zone: paired.out.routing.stops[0].zone),
          total: QuotePricing.partyTotal(
            pricePerAdult: paired.pricePerAdult, party: party, slices: 2,
            currency: paired.currency))
      }
    }
  }

  /// What seeds a search's offers: the route, the days and the party.
  static func key(_ criteria: SearchCriteria) -> String {
    "\(criteria.origin)-\(criteria.destination)-\(criteria.departure)-\(criteria.party)"
      + (criteria.returning.map { "-\($0)" } ?? "")
  }

  /// The draws of `criteria`'s offers, each sorted by departure.
  func draw(_ criteria: SearchCriteria, routings: inout Routings) -> Drawing {
    let out = oneWay(
      criteria.origin, criteria.destination, on: criteria.departure, criteria, &routings)
    guard let returning = criteria.returning else { return .oneWay(out) }
    let back = oneWay(criteria.destination, criteria.origin, on: returning, criteria, &routings)
    guard !out.isEmpty, !back.isEmpty else { return .roundTrip([]) }
    let key = "\(Self.key(criteria))/rt"
    var random = SeededGenerator(seed: key)
    let count = Int.random(in: Self.offerCount, using: &random)
    // The flights back of each airline, in order: a flight out pairs with one of its airline's.
    var backByAirline: [String: [Drawn]] = [:]
    for drawn in back { backByAirline[drawn.routing.carrier.code, default: []].append(drawn) }
    var paired: [Paired] = []
    var seen = Set<OfferID>()
    var attempt = 0
    while paired.count < count, attempt < count * 4 {
      defer { attempt += 1 }
      let first = out[attempt % out.count]
      let earliest = first.lands.addingTimeInterval(2 * 3600)
      let partners = (backByAirline[first.routing.carrier.code] ?? []).filter {
        $0.departs > earliest
      }
      guard !partners.isEmpty else { continue }
      let second = partners[Int.random(in: 0..<partners.count, using: &random)]
      let idSeed = SeededGenerator.hash("\(key)#\(first.id)#\(second.id)")
      guard let id = try? OfferID("of-" + String(idSeed, radix: 16)), seen.insert(id).inserted
      else { continue }
      // A return costs a little less than two single fares, as airlines price them.
      let currency = first.currency
      let fare = currency.fare(
        (first.pricePerAdult.amount + second.pricePerAdult.amount) * 95 / 100)
      paired.append(
        Paired(id: id, out: first, back: second, pricePerAdult: fare, currency: currency))
    }
    return .roundTrip(
      paired.sorted {
        $0.out.departs != $1.out.departs ? $0.out.departs < $1.out.departs : $0.id < $1.id
      })
  }

  /// The one-way draws from `from` to `to` on `day` for `criteria`'s party, sorted by departure.
  private func oneWay(
    _ from: IATACode, _ to: IATACode, on day: CalendarDay, _ criteria: SearchCriteria,
    _ known: inout Routings
  ) -> [Drawn] {
    guard let origin = airports.airport(from), let destination = airports.airport(to),
      let leg = try? SearchCriteria(
        origin: from, destination: to, departure: day, party: criteria.party)
    else { return [] }
    let key = Self.key(leg)
    var random = SeededGenerator(seed: key)
    let pair = "\(from)-\(to)"
    let routings = known.known[pair] ?? self.routings(from: origin, to: destination)
    known.known[pair] = routings
    guard !routings.isEmpty else { return [] }
    let count = Int.random(in: Self.offerCount, using: &random)
    let currency = LocalCurrency(for: origin)
    let dayStart = day.start(in: origin.zone)
    var drawn: [Drawn] = []
    var attempts = 0
    while drawn.count < count, attempts < count * 4 {
      attempts += 1
      if let offer = draw(
        number: attempts, routing: routings[drawn.count % routings.count], dayStart: dayStart,
        day: day, currency: currency, key: key, random: &random)
      {
        drawn.append(offer)
      }
    }
    return drawn.sorted { $0.departs != $1.departs ? $0.departs < $1.departs : $0.id < $1.id }
  }

  /// Nonstops by carriers based at either end, then one-stops through hubs that are not much of a
  /// detour. Far-apart airports with no carrier at either end connect through the big hubs.
  private func routings(from origin: Airport, to destination: Airport) -> [Routing] {
    let direct = origin.distance(to: destination)
    var routings: [Routing] = []
    for carrier in Carrier.all {
      guard let airline = carrier.airline else { continue }
      let based =
        carrier.hubs.contains(origin.code.rawValue)
        || carrier.hubs.contains(destination.code.rawValue)
      if based, !(carrier.shortHaulOnly && direct > 3500), direct < 15_500 {
        routings.append(Routing(carrier: carrier, airline: airline, stops: [origin, destination]))
      }
      guard !carrier.shortHaulOnly else { continue }
      for hubCode in carrier.hubs {
        guard let hubIATA = try? IATACode(hubCode), let hub = airports.airport(hubIATA),
          hub.code != origin.code, hub.code != destination.code
        else { continue }
        let legs = (origin.distance(to: hub), hub.distance(to: destination))
        guard legs.0 > 150, legs.1 > 150, legs.0 < 15_500, legs.1 < 15_500,
          legs.0 + legs.1 <= direct * (direct < 2000 ? 1.6 : 1.35)
        else { continue }
        routings.append(
          Routing(carrier: carrier, airline: airline, stops: [origin, hub, destination]))
      }
    }
    return routings
  }

  /// One offer's draws, in the order they are drawn: when it leaves, each flight's aircraft and
  /// the wait before the next, the cabin, the fare.
  private func draw(
    number: Int, routing: Routing, dayStart: Date, day: CalendarDay, currency: LocalCurrency,
    key: String, random: inout SeededGenerator
  ) -> Drawn? {
    let departs = dayStart.addingTimeInterval(
      Double(Int.random(in: 72...275, using: &random) * 300))
    var leaves = departs
    var lands = departs
    var legs: [Drawn.Leg] = []
    var distance = 0.0
    for (from, to) in zip(routing.stops, routing.stops.dropFirst()) {
      let legDistance = from.distance(to: to)
      distance += legDistance
      let minutes = Self.roundedTo5(30 + legDistance / 800 * 60)
      lands = leaves.addingTimeInterval(Double(minutes * 60))
      legs.append(
        Drawn.Leg(
          from: from, to: to, leaves: leaves, arrives: lands,
          aircraft: Self.aircraft(for: legDistance, random: &random)))
      leaves = lands.addingTimeInterval(Double(Int.random(in: 11...40, using: &random) * 5 * 60))
    }
    let cabin = Self.cabin(distance: distance, random: &random)
    let euros = Self.fareInEuros(
      distance: distance, stops: legs.count - 1, cabin: cabin, day: day, random: &random)
    let idSeed = SeededGenerator.hash("\(key)#\(number)")
    guard let id = try? OfferID("of-" + String(idSeed, radix: 16)) else { return nil }
    return Drawn(
      id: id, routing: routing, legs: legs,
      departs: departs, lands: lands, cabin: cabin, pricePerAdult: currency.price(euros: euros),
      currency: currency)
  }

  /// The one-way offer `drawn` is, for `party`.
  private func offer(_ drawn: Drawn, party: Party, expiresAt: Date) -> Offer? {
    guard let slice = slice(drawn) else { return nil }
    let fare = drawn.pricePerAdult
    return try? Offer(
      id: drawn.id, airline: drawn.routing.airline, slices: [slice], cabin: drawn.cabin,
      pricePerAdult: fare, party: party,
      total: QuotePricing.partyTotal(
        pricePerAdult: fare, party: party, slices: 1, currency: drawn.currency),
      perPerson: QuotePricing.perPerson(
        pricePerAdult: fare, party: party, slices: 1, currency: drawn.currency),
      expiresAt: expiresAt)
  }

  /// The round trip `paired` is, for `party`.
  private func offer(_ paired: Paired, party: Party, expiresAt: Date) -> Offer? {
    guard let out = slice(paired.out), let back = slice(paired.back) else { return nil }
    let fare = paired.pricePerAdult
    return try? Offer(
      id: paired.id, airline: paired.out.routing.airline, slices: [out, back],
      cabin: paired.out.cabin, pricePerAdult: fare, party: party,
      total: QuotePricing.partyTotal(
        pricePerAdult: fare, party: party, slices: 2, currency: paired.currency),
      perPerson: QuotePricing.perPerson(
        pricePerAdult: fare, party: party, slices: 2, currency: paired.currency),
      expiresAt: expiresAt)
  }

  /// The flights `drawn` flies, each numbered by its carrier, route and time.
  private func slice(_ drawn: Drawn) -> Slice? {
    var segments: [Segment] = []
    for leg in drawn.legs {
      let code = drawn.routing.carrier.code
      let flightSeed = SeededGenerator.hash("\(code)\(leg.from.code)\(leg.to.code)\(leg.leaves)")
      guard
        let flight = try? FlightNumber(airlineCode: code, number: Int(flightSeed % 2800) + 100),
        let departure = try? ZonedTime(validating: leg.leaves, zone: leg.from.zone),
        let arrival = try? ZonedTime(validating: leg.arrives, zone: leg.to.zone),
        let segment = try? Segment(
          flightNumber: flight, origin: leg.from, destination: leg.to, departure: departure,
          arrival: arrival, aircraft: leg.aircraft)
      else { return nil }
      segments.append(segment)
    }
    return try? Slice(segments: segments)
  }

  private static func roundedTo5(_ minutes: Double) -> Int { Int((minutes / 5).rounded()) * 5 }

  private static let shortHaul = [
    Aircraft(code: "32N", name: "Airbus A320neo"),
    Aircraft(code: "7M8", name: "Boeing 737 MAX 8"),
    Aircraft(code: "32Q", name: "Airbus A321neo"),
  ]
  private static let mediumHaul = [
    Aircraft(code: "788", name: "Boeing 787-8"),
    Aircraft(code: "32Q", name: "Airbus A321neo"),
  ]
  private static let longHaul = [
    Aircraft(code: "77W", name: "Boeing 777-300ER"),
    Aircraft(code: "359", name: "Airbus A350-900"),
    Aircraft(code: "789", name: "Boeing 787-9"),
  ]

  private static func aircraft(for distance: Double, random: inout SeededGenerator) -> Aircraft {
    let choices = distance < 2500 ? shortHaul : distance < 6000 ? mediumHaul : longHaul
    return choices[Int.random(in: 0..<choices.count, using: &random)]
  }

  private static func cabin(distance: Double, random: inout SeededGenerator) -> Cabin {
    let roll = Int.random(in: 0..<100, using: &random)
    if distance > 800, roll >= 90 { return .business }
    if distance > 3000, roll >= 80 { return .premiumEconomy }
    return .economy
  }

  private static func fareInEuros(
    distance: Double, stops: Int, cabin: Cabin, day: CalendarDay, random: inout SeededGenerator
  ) -> Decimal {
    let base = 35 + distance * 0.085
    let cabinFactor =
      switch cabin {
      case .economy: 1.0
      case .premiumEconomy: 1.7
      case .business: 3.6
      case .first: 6.0
      }
    let weekday = day.isoWeekday
    let busyDay = weekday == 5 || weekday == 7 ? 1.1 : 1.0
    let connection = stops > 0 ? 0.85 : 1.0
    let spread = Double(Int.random(in: 75...145, using: &random)) / 100
    return Decimal(Int(base * cabinFactor * busyDay * connection * spread))
  }
}
