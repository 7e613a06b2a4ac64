#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A priced itinerary an airline offers for a search, valid until `expiresAt`.
public struct Offer: Hashable, Sendable, Codable, Identifiable {
  /// The offer's ID.
  public let id: OfferID
  /// The airline selling the itinerary.
  public let airline: Airline
  /// The flights, in order; each leaves from where the previous one landed.
  public let segments: [Segment]
  /// The cabin the fare is for.
  public let cabin: Cabin
  /// The fare for one passenger.
  public let pricePerPassenger: Money
  /// How many passengers the fare was priced for.
  public let passengerCount: Int
  /// When the airline stops honouring the offer.
  public let expiresAt: Date

  /// Validates the itinerary (at least one flight, connected, each landing after it leaves) and
  /// the passenger count.
  public init(
    id: OfferID, airline: Airline, segments: [Segment], cabin: Cabin, pricePerPassenger: Money,
    passengerCount: Int, expiresAt: Date
  ) throws(DomainError) {
    guard let first = segments.first else { throw .emptyItinerary }
    var previous = first
    for segment in segments.dropFirst() {
      guard segment.origin.code == previous.destination.code else {
        throw .disconnectedItinerary(
          arrivesAt: previous.destination.code, departsFrom: segment.origin.code)
      }
      guard segment.departure.instant > previous.arrival.instant else {
        throw .arrivalBeforeDeparture(segment.flightNumber)
      }
      previous = segment
    }
    guard (1...9).contains(passengerCount) else {
      throw .passengerCountOutOfRange(passengerCount)
    }
    self.id = id
    self.airline = airline
    self.segments = segments
    self.cabin = cabin
    self.pricePerPassenger = pricePerPassenger
    self.passengerCount = passengerCount
    self.expiresAt = expiresAt
  }

  /// The first flight (an offer always has one).
  public var firstSegment: Segment { segments[segments.startIndex] }
  /// The last flight.
  public var lastSegment: Segment { segments[segments.index(before: segments.endIndex)] }
  /// The flight numbers, in order.
  public var flightNumbers: [FlightNumber] { segments.map(\.flightNumber) }
  /// Where the journey starts.
  public var origin: Airport { firstSegment.origin }
  /// Where the journey ends.
  public var destination: Airport { lastSegment.destination }
  /// Departure of the first flight, local to the origin.
  public var departure: ZonedTime { firstSegment.departure }
  /// Arrival of the last flight, local to the destination.
  public var arrival: ZonedTime { lastSegment.arrival }
  /// Stops on the way (0 for a nonstop).
  public var stops: Int { segments.count - 1 }
  /// The airports of the stops on the way, in order (none for a nonstop).
  public var stopAirports: [Airport] { segments.dropLast().map(\.destination) }
  /// The aircraft types flown, without repeats, in order.
  public var aircraft: [Aircraft] {
    segments.map(\.aircraft).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }
  /// Door-to-door minutes, including connections.
  public var durationMinutes: Int {
    Int(
      clamping: arrival.instant.timeIntervalSince(departure.instant) / 60,
      rounding: .toNearestOrAwayFromZero)
  }
  /// The fare for all passengers.
  public var total: Money { pricePerPassenger.multiplied(by: passengerCount) }

  private enum CodingKeys: String, CodingKey {
    case id, airline, segments, cabin, pricePerPassenger, passengerCount, expiresAt
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(OfferID.self, forKey: .id), airline: c.decode(Airline.self, forKey: .airline),
      segments: c.decode([Segment].self, forKey: .segments),
      cabin: c.decode(Cabin.self, forKey: .cabin),
      pricePerPassenger: c.decode(Money.self, forKey: .pricePerPassenger),
      passengerCount: c.decode(Int.self, forKey: .passengerCount),
      expiresAt: c.decode(Date.self, forKey: .expiresAt))
  }
}
