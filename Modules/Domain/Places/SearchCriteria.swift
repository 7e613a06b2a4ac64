#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a person searches for: from an airport to another on a day, one way or back on a later
/// day, for a party of 1 to 9 seats (adults and children) and infants on adults' laps.
public struct SearchCriteria: Hashable, Sendable, Codable {
  /// Where the journey starts.
  public let origin: IATACode
  /// Where it ends; never the same as `origin`.
  public let destination: IATACode
  /// The day of departure, in the origin's local calendar.
  public let departure: CalendarDay
  /// The day of the return flight, in the destination's local calendar; nil for one way.
  public let returning: CalendarDay?
  /// Who travels.
  public let party: Party

  /// Whether the trip comes back.
  public var isRoundTrip: Bool { returning != nil }

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

  /// Whether this search's days can be booked at `now` (see `isWithinBookingWindow(_:at:)`).
  public func isWithinBookingWindow(at now: Date) -> Bool { dayBeyondBookingWindow(at: now) == nil }

  /// The first of this search's days that cannot be booked at `now`: the departure, else the
  /// return; nil when both can. What a refusal names, so it names the day that is too far.
  public func dayBeyondBookingWindow(at now: Date) -> CalendarDay? {
    ([departure] + (returning.map { [$0] } ?? [])).first {
      !Self.isWithinBookingWindow($0, at: now)
    }
  }

  /// Validates that the airports differ and the return, if any, is not before the departure.
  public init(
    origin: IATACode, destination: IATACode, departure: CalendarDay,
    returning: CalendarDay? = nil, party: Party
  ) throws(DomainError) {
    guard origin != destination else { throw .sameOriginAndDestination(origin) }
    if let returning, returning < departure {
      throw .returnBeforeDeparture(departure: departure, returning: returning)
    }
    self.origin = origin
    self.destination = destination
    self.departure = departure
    self.returning = returning
    self.party = party
  }

  /// Whether `other` is this trip on other days: the same airports and party, and a return
  /// exactly when this one has one.
  public func isSameTrip(as other: SearchCriteria) -> Bool {
    origin == other.origin && destination == other.destination && party == other.party
      && (returning == nil) == (other.returning == nil)
  }

  /// The same trip leaving on `day`, back after as many days as this one (one way stays one way).
  public func moved(to day: CalendarDay) throws(DomainError) -> SearchCriteria {
    try SearchCriteria(
      origin: origin, destination: destination, departure: day,
      returning: returning.map { day.adding(days: departure.days(until: $0)) }, party: party)
  }

  private enum CodingKeys: String, CodingKey {
    case origin, destination, departure, returning, party
  }

  /// The count of adults in searches saved before a party had children and infants.
  private enum OneWayKeys: String, CodingKey { case passengerCount }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let party =
      try c.decodeIfPresent(Party.self, forKey: .party)
      ?? Party.adults(
        decoder.container(keyedBy: OneWayKeys.self).decode(Int.self, forKey: .passengerCount))
    try self.init(
      origin: c.decode(IATACode.self, forKey: .origin),
      destination: c.decode(IATACode.self, forKey: .destination),
      departure: c.decode(CalendarDay.self, forKey: .departure),
      returning: c.decodeIfPresent(CalendarDay.self, forKey: .returning), party: party)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(origin, forKey: .origin)
    try c.encode(destination, forKey: .destination)
    try c.encode(departure, forKey: .departure)
    try c.encodeIfPresent(returning, forKey: .returning)
    try c.encode(party, forKey: .party)
  }
}
