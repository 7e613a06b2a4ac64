/// What a person searches for: one way, from an airport to another, on a day, for 1 to 9 people.
public struct SearchCriteria: Hashable, Sendable, Codable {
  /// Where the journey starts.
  public let origin: IATACode
  /// Where it ends; never the same as `origin`.
  public let destination: IATACode
  /// The day of departure, in the origin's local calendar.
  public let departure: CalendarDay
  /// How many people travel, 1 to 9.
  public let passengerCount: Int

  /// The allowed numbers of passengers.
  public static let passengerRange = 1...9

  /// Validates that the airports differ and the passenger count is 1 to 9.
  public init(origin: IATACode, destination: IATACode, departure: CalendarDay, passengerCount: Int)
    throws(DomainError)
  {
    guard origin != destination else { throw .sameOriginAndDestination(origin) }
    guard Self.passengerRange.contains(passengerCount) else {
      throw .passengerCountOutOfRange(passengerCount)
    }
    self.origin = origin
    self.destination = destination
    self.departure = departure
    self.passengerCount = passengerCount
  }

  private enum CodingKeys: String, CodingKey { case origin, destination, departure, passengerCount }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      origin: c.decode(IATACode.self, forKey: .origin),
      destination: c.decode(IATACode.self, forKey: .destination),
      departure: c.decode(CalendarDay.self, forKey: .departure),
      passengerCount: c.decode(Int.self, forKey: .passengerCount))
  }
}
