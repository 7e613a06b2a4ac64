import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Makes the offers for a search, deterministically: the same criteria give the same offers
/// (IDs, flights, times, fares) on every run; only `expiresAt` follows the clock.
struct OfferGenerator: Sendable {
  let airports: any AirportLookup
  /// How long an offer is honoured.
  let lifetime: TimeInterval

  private struct Routing {
    let carrier: Carrier
    let airline: Airline
    /// The airports flown through, origin first.
    let stops: [Airport]
  }

  /// Fewest and most offers a search returns.
  static let offerCount = 8...40

  /// The offers for `criteria`, sorted by departure. Unknown airports give no offers. A round
  /// trip pairs the day's flights out with the return day's flights back on the same airline,
  /// priced together, as airlines sell them.
  func offers(for criteria: SearchCriteria, now: Date) -> [Offer] {
    guard let returning = criteria.returning else {
      return oneWay(criteria.origin, criteria.destination, on: criteria.departure, criteria, now)
    }
    let out = oneWay(criteria.origin, criteria.destination, on: criteria.departure, criteria, now)
    let back = oneWay(criteria.destination, criteria.origin, on: returning, criteria, now)
    guard !out.isEmpty, !back.isEmpty else { return [] }
    let key = "\(Self.key(criteria))/rt"
    var random = SeededGenerator(seed: key)
    let count = Int.random(in: Self.offerCount, using: &random)
    var offers: [Offer] = []
    var seen = Set<OfferID>()
    var attempt = 0
    while offers.count < count, attempt < count * 4 {
      defer { attempt += 1 }
      let first = out[attempt % out.count]
      let partners = back.filter {
        $0.airline == first.airline
          && $0.departure.instant > first.outbound.arrival.instant.addingTimeInterval(2 * 3600)
      }
      guard !partners.isEmpty else { continue }
      let second = partners[Int.random(in: 0..<partners.count, using: &random)]
      let idSeed = SeededGenerator.hash("\(key)#\(first.id)#\(second.id)")
      guard let id = try? OfferID("of-" + String(idSeed, radix: 16)), seen.insert(id).inserted
      else { continue }
      // A return costs a little less than two single fares, as airlines price them.
      let currency = LocalCurrency(for: first.origin)
      let fare = currency.fare(
        (first.pricePerAdult.amount + second.pricePerAdult.amount) * 95 / 100)
      guard
        let offer = try? Offer(
          id: id, airline: first.airline, slices: [first.outbound, second.outbound],
          cabin: first.cabin, pricePerAdult: fare, party: criteria.party,
          total: QuotePricing.partyTotal(
            pricePerAdult: fare, party: criteria.party, slices: 2, currency: currency),
          perPerson: QuotePricing.perPerson(
            pricePerAdult: fare, party: criteria.party, slices: 2, currency: currency),
          expiresAt: first.expiresAt)
      else { continue }
      offers.append(offer)
    }
    return offers.sorted { ($0.departure.instant, $0.id) < ($1.departure.instant, $1.id) }
  }

  /// What seeds a search's offers: the route, the days and the party.
  static func key(_ criteria: SearchCriteria) -> String {
    "\(criteria.origin)-\(criteria.destination)-\(criteria.departure)-\(criteria.party)"
      + (criteria.returning.map { "-\($0)" } ?? "")
  }

  /// The one-way offers from `from` to `to` on `day` for `criteria`'s party, sorted by departure.
  private func oneWay(
    _ from: IATACode, _ to: IATACode, on day: CalendarDay, _ criteria: SearchCriteria, _ now: Date
  ) -> [Offer] {
    guard let origin = airports.airport(from), let destination = airports.airport(to),
      let leg = try? SearchCriteria(
        origin: from, destination: to, departure: day, party: criteria.party)
    else { return [] }
    let criteria = leg
    let key = Self.key(leg)
    var random = SeededGenerator(seed: key)
    let routings = self.routings(from: origin, to: destination)
    guard !routings.isEmpty else { return [] }
    let count = Int.random(in: Self.offerCount, using: &random)
    let currency = LocalCurrency(for: origin)
    var offers: [Offer] = []
    var attempts = 0
    while offers.count < count, attempts < count * 4 {
      attempts += 1
      let routing = routings[offers.count % routings.count]
      if let offer = makeOffer(
        number: attempts, routing: routing, criteria: criteria, currency: currency, key: key,
        now: now, random: &random)
      {
        offers.append(offer)
      }
    }
    return offers.sorted { ($0.departure.instant, $0.id) < ($1.departure.instant, $1.id) }
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

  private func makeOffer(
    number: Int, routing: Routing, criteria: SearchCriteria, currency: LocalCurrency,
    key: String, now: Date, random: inout SeededGenerator
  ) -> Offer? {
    let origin = routing.stops[0]
    let dayStart = criteria.departure.start(in: origin.zone)
    var leaves = dayStart.addingTimeInterval(Double(Int.random(in: 72...275, using: &random) * 300))
    var segments: [Segment] = []
    var distance = 0.0
    for (from, to) in zip(routing.stops, routing.stops.dropFirst()) {
      let legDistance = from.distance(to: to)
      distance += legDistance
      let minutes = Self.roundedTo5(30 + legDistance / 800 * 60)
      let arrives = leaves.addingTimeInterval(Double(minutes * 60))
      let flightSeed = SeededGenerator.hash(
        "\(routing.carrier.code)\(from.code)\(to.code)\(leaves)")
      guard
        let flight = try? FlightNumber(
          airlineCode: routing.carrier.code, number: Int(flightSeed % 2800) + 100),
        let departure = try? ZonedTime(validating: leaves, zone: from.zone),
        let arrival = try? ZonedTime(validating: arrives, zone: to.zone),
        let segment = try? Segment(
          flightNumber: flight, origin: from, destination: to, departure: departure,
          arrival: arrival, aircraft: Self.aircraft(for: legDistance, random: &random))
      else { return nil }
      segments.append(segment)
      leaves = arrives.addingTimeInterval(Double(Int.random(in: 11...40, using: &random) * 5 * 60))
    }
    let cabin = Self.cabin(distance: distance, random: &random)
    let euros = Self.fareInEuros(
      distance: distance, stops: segments.count - 1, cabin: cabin, day: criteria.departure,
      random: &random)
    let idSeed = SeededGenerator.hash("\(key)#\(number)")
    let fare = currency.price(euros: euros)
    guard let id = try? OfferID("of-" + String(idSeed, radix: 16)),
      let slice = try? Slice(segments: segments),
      let offer = try? Offer(
        id: id, airline: routing.airline, slices: [slice], cabin: cabin, pricePerAdult: fare,
        party: criteria.party,
        total: QuotePricing.partyTotal(
          pricePerAdult: fare, party: criteria.party, slices: 1, currency: currency),
        perPerson: QuotePricing.perPerson(
          pricePerAdult: fare, party: criteria.party, slices: 1, currency: currency),
        expiresAt: now.addingTimeInterval(lifetime))
    else { return nil }
    return offer
  }

  private static func roundedTo5(_ minutes: Double) -> Int { Int((minutes / 5).rounded()) * 5 }

  private static func aircraft(for distance: Double, random: inout SeededGenerator) -> Aircraft {
    let choices: [Aircraft] =
      distance < 2500
      ? [
        Aircraft(code: "32N", name: "Airbus A320neo"),
        Aircraft(code: "7M8", name: "Boeing 737 MAX 8"),
        Aircraft(code: "32Q", name: "Airbus A321neo"),
      ]
      : distance < 6000
        ? [
          Aircraft(code: "788", name: "Boeing 787-8"),
          Aircraft(code: "32Q", name: "Airbus A321neo"),
        ]
        : [
          Aircraft(code: "77W", name: "Boeing 777-300ER"),
          Aircraft(code: "359", name: "Airbus A350-900"),
          Aircraft(code: "789", name: "Boeing 787-9"),
        ]
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
    let busyDay = [5, 7].contains(day.isoWeekday) ? 1.1 : 1.0
    let connection = stops > 0 ? 0.85 : 1.0
    let spread = Double(Int.random(in: 75...145, using: &random)) / 100
    return Decimal(Int(base * cabinFactor * busyDay * connection * spread))
  }
}
