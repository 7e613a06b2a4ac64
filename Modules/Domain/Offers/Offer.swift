#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A priced trip an airline offers for a search, valid until `expiresAt`: one slice for a one-way
/// trip, two (out and back) for a round trip, priced together for the party.
public struct Offer: Hashable, Sendable, Codable, Identifiable {
  /// The offer's ID.
  public let id: OfferID
  /// The airline selling the trip.
  public let airline: Airline
  /// The directions flown: the outbound, then the return of a round trip.
  public let slices: [Slice]
  /// The cabin the fare is for.
  public let cabin: Cabin
  /// The fare for one adult, for the whole trip.
  public let pricePerAdult: Money
  /// Who the trip is priced for.
  public let party: Party
  /// What the party pays for the trip: every fare, taxes and fees included; extras not.
  public let total: Money
  /// What one traveller of each type of the party pays of `total`, taxes and fees included.
  public let perPerson: PricePerPerson
  /// When the airline stops honouring the offer.
  public let expiresAt: Date
  /// What the fare allows once booked: a refund, a change, and what each costs.
  public let conditions: FareConditions

  /// Validates the trip (one or two slices; a return leaves after the outbound lands) and the
  /// prices (one currency; the party's total at least the adults' fares). `perPerson` is the
  /// airline's split of the total; without one, the total split evenly over the party.
  public init(
    id: OfferID, airline: Airline, slices: [Slice], cabin: Cabin, pricePerAdult: Money,
    party: Party, total: Money, perPerson: PricePerPerson? = nil, expiresAt: Date,
    conditions: FareConditions = .unstated
  ) throws(DomainError) {
    guard (1...2).contains(slices.count) else { throw .invalidSliceCount(slices.count) }
    if slices.count == 2 {
      guard slices[1].departure.instant > slices[0].arrival.instant else {
        throw .arrivalBeforeDeparture(slices[1].firstSegment.flightNumber)
      }
    }
    _ = try pricePerAdult.validatedAsPrice()
    _ = try total.validatedAsPrice()
    guard total.currency == pricePerAdult.currency else {
      throw .currencyMismatch(pricePerAdult.currency.code, total.currency.code)
    }
    let perPerson = perPerson ?? PricePerPerson(evenSplitOf: total, party: party)
    guard perPerson.adult.currency == total.currency else {
      throw .currencyMismatch(total.currency.code, perPerson.adult.currency.code)
    }
    self.perPerson = perPerson
    self.id = id
    self.airline = airline
    self.slices = slices
    self.cabin = cabin
    self.pricePerAdult = pricePerAdult
    self.party = party
    self.total = total
    self.expiresAt = expiresAt
    self.conditions = conditions
  }

  /// The outbound slice (an offer always has one).
  public var outbound: Slice { slices[slices.startIndex] }
  /// The return slice of a round trip.
  public var inbound: Slice? { slices.count > 1 ? slices[slices.startIndex + 1] : nil }
  /// Whether the trip comes back.
  public var isRoundTrip: Bool { slices.count > 1 }
  /// Every flight of the trip, outbound first.
  public var segments: [Segment] { slices.flatMap(\.segments) }
  /// The flight numbers of the whole trip, in order.
  public var flightNumbers: [FlightNumber] { segments.map(\.flightNumber) }
  /// Where the trip starts.
  public var origin: Airport { outbound.origin }
  /// Where the outbound ends.
  public var destination: Airport { outbound.destination }
  /// Departure of the first flight, local to the origin.
  public var departure: ZonedTime { outbound.departure }
  /// The most stops of any slice (0 when every slice is nonstop).
  public var stops: Int { slices.map(\.stops).max() ?? 0 }
  /// Minutes in transit over all slices, connections included.
  public var durationMinutes: Int { slices.reduce(0) { $0 + $1.durationMinutes } }
  /// The aircraft types flown, without repeats, in order.
  public var aircraft: [Aircraft] {
    segments.map(\.aircraft).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  private enum CodingKeys: String, CodingKey {
    case id, airline, slices, cabin, pricePerAdult, party, total, perPerson, expiresAt
    case conditions
  }

  /// The keys of records written before trips had slices and parties.
  private enum OneWayKeys: String, CodingKey { case segments, pricePerPassenger, passengerCount }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let old = try decoder.container(keyedBy: OneWayKeys.self)
    let slices =
      try c.decodeIfPresent([Slice].self, forKey: .slices)
      ?? [Slice(segments: old.decode([Segment].self, forKey: .segments))]
    let price =
      try c.decodeIfPresent(Money.self, forKey: .pricePerAdult)
      ?? old.decode(Money.self, forKey: .pricePerPassenger)
    let party =
      try c.decodeIfPresent(Party.self, forKey: .party)
      ?? Party.adults(old.decode(Int.self, forKey: .passengerCount))
    try self.init(
      id: c.decode(OfferID.self, forKey: .id), airline: c.decode(Airline.self, forKey: .airline),
      slices: slices, cabin: c.decode(Cabin.self, forKey: .cabin), pricePerAdult: price,
      party: party,
      total: c.decodeIfPresent(Money.self, forKey: .total)
        ?? price.multiplied(by: party.seats),
      perPerson: c.decodeIfPresent(PricePerPerson.self, forKey: .perPerson),
      expiresAt: c.decode(Date.self, forKey: .expiresAt),
      conditions: c.decodeIfPresent(FareConditions.self, forKey: .conditions) ?? .unstated)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(airline, forKey: .airline)
    try c.encode(slices, forKey: .slices)
    try c.encode(cabin, forKey: .cabin)
    try c.encode(pricePerAdult, forKey: .pricePerAdult)
    try c.encode(party, forKey: .party)
    try c.encode(total, forKey: .total)
    try c.encode(perPerson, forKey: .perPerson)
    try c.encode(expiresAt, forKey: .expiresAt)
    try c.encode(conditions, forKey: .conditions)
  }
}
