/// One flight of an itinerary: a take-off and a landing.
public struct Segment: Hashable, Sendable, Codable {
  /// The flight number, such as `TK1957`.
  public let flightNumber: FlightNumber
  /// Where the flight leaves from.
  public let origin: Airport
  /// Where it lands.
  public let destination: Airport
  /// Departure, in the origin's time zone.
  public let departure: ZonedTime
  /// Arrival, in the destination's time zone.
  public let arrival: ZonedTime
  /// The aircraft type flown.
  public let aircraft: Aircraft

  /// Validates that the flight lands after it leaves.
  public init(
    flightNumber: FlightNumber, origin: Airport, destination: Airport, departure: ZonedTime,
    arrival: ZonedTime, aircraft: Aircraft
  ) throws(DomainError) {
    guard arrival.instant > departure.instant else { throw .arrivalBeforeDeparture(flightNumber) }
    self.flightNumber = flightNumber
    self.origin = origin
    self.destination = destination
    self.departure = departure
    self.arrival = arrival
    self.aircraft = aircraft
  }

  /// Minutes in the air, from the instants (time zones do not matter).
  public var durationMinutes: Int {
    Int(
      clamping: arrival.instant.timeIntervalSince(departure.instant) / 60,
      rounding: .toNearestOrAwayFromZero)
  }

  private enum CodingKeys: String, CodingKey {
    case flightNumber, origin, destination, departure, arrival, aircraft
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      flightNumber: c.decode(FlightNumber.self, forKey: .flightNumber),
      origin: c.decode(Airport.self, forKey: .origin),
      destination: c.decode(Airport.self, forKey: .destination),
      departure: c.decode(ZonedTime.self, forKey: .departure),
      arrival: c.decode(ZonedTime.self, forKey: .arrival),
      aircraft: c.decode(Aircraft.self, forKey: .aircraft))
  }
}
