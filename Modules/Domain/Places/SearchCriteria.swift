#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  /// How many days after today a flight can be searched for and sold, as airlines do (about 11
  /// months): the search form, links, saved sessions and the airline all hold to it.
  public static let bookingWindowDays = 355

  /// The last day that can be booked when it is `today` where the person is.
  public static func lastBookableDay(today: CalendarDay) -> CalendarDay {
    today.adding(days: bookingWindowDays)
  }

  /// Whether `departure` can be booked at `now` somewhere: counted from the day it is furthest
  /// east (UTC+14), so a day the search form accepts in any time zone is accepted.
  public static func isWithinBookingWindow(_ departure: CalendarDay, at now: Date) -> Bool {
    departure <= lastBookableDay(today: CalendarDay(now.addingTimeInterval(14 * 3600), in: .utc))
  }

  /// Whether this search's day can be booked at `now` (see `isWithinBookingWindow(_:at:)`).
  public func isWithinBookingWindow(at now: Date) -> Bool {
    Self.isWithinBookingWindow(departure, at: now)
  }

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
