#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One direction of a trip, as airlines sell it: the outbound or the return, made of the flights
/// (segments) flown in turn.
public struct Slice: Hashable, Sendable, Codable {
  /// The flights, in order; each leaves from where the previous one landed, or from another
  /// airport of the same city.
  public let segments: [Segment]

  /// Validates the flights: at least one, each leaving after the previous one lands, from the
  /// airport it landed at or another of the same city.
  public init(segments: [Segment]) throws(DomainError) {
    guard let first = segments.first else { throw .emptyItinerary }
    var previous = first
    for segment in segments.dropFirst() {
      guard
        segment.origin.code == previous.destination.code
          || (segment.origin.city == previous.destination.city
            && segment.origin.countryCode == previous.destination.countryCode)
      else {
        throw .disconnectedItinerary(
          arrivesAt: previous.destination.code, departsFrom: segment.origin.code)
      }
      guard segment.departure.instant > previous.arrival.instant else {
        throw .arrivalBeforeDeparture(segment.flightNumber)
      }
      previous = segment
    }
    self.segments = segments
  }

  /// The first flight (a slice always has one).
  public var firstSegment: Segment { segments[segments.startIndex] }
  /// The last flight.
  public var lastSegment: Segment { segments[segments.index(before: segments.endIndex)] }
  /// Where the slice starts.
  public var origin: Airport { firstSegment.origin }
  /// Where it ends.
  public var destination: Airport { lastSegment.destination }
  /// Departure of the first flight, local to the origin.
  public var departure: ZonedTime { firstSegment.departure }
  /// Arrival of the last flight, local to the destination.
  public var arrival: ZonedTime { lastSegment.arrival }
  /// The flight numbers, in order.
  public var flightNumbers: [FlightNumber] { segments.map(\.flightNumber) }
  /// Stops on the way (0 for a nonstop).
  public var stops: Int { segments.count - 1 }
  /// The airports of the stops on the way, in order (none for a nonstop).
  public var stopAirports: [Airport] { segments.dropLast().map(\.destination) }
  /// Door-to-door minutes, including connections.
  public var durationMinutes: Int {
    Int(
      clamping: arrival.instant.timeIntervalSince(departure.instant) / 60,
      rounding: .toNearestOrAwayFromZero)
  }
  /// The waits between flights, in order.
  public var layovers: [Layover] {
    zip(segments, segments.dropFirst()).map { Layover(after: $0, before: $1) }
  }

  private enum CodingKeys: String, CodingKey { case segments }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(segments: c.decode([Segment].self, forKey: .segments))
  }
}

/// The wait between two flights of a slice.
public struct Layover: Hashable, Sendable {
  /// Where the first flight lands.
  public let arrivalAirport: Airport
  /// Where the next one leaves from: another airport when the traveller must change.
  public let departureAirport: Airport
  /// When the first flight lands, local to where it lands.
  public let arrives: ZonedTime
  /// When the next one leaves, local to where it leaves.
  public let departs: ZonedTime

  /// The wait between `inbound` landing and `outbound` leaving.
  public init(after inbound: Segment, before outbound: Segment) {
    arrivalAirport = inbound.destination
    departureAirport = outbound.origin
    arrives = inbound.arrival
    departs = outbound.departure
  }

  /// Minutes between landing and leaving again.
  public var minutes: Int {
    Int(
      clamping: departs.instant.timeIntervalSince(arrives.instant) / 60,
      rounding: .toNearestOrAwayFromZero)
  }
  /// Whether the traveller must get from one airport to another.
  public var changesAirport: Bool { arrivalAirport.code != departureAirport.code }
  /// Whether the wait spans a local midnight, or the small hours (landing before 05:00).
  public var isOvernight: Bool {
    arrives.day != departs.day || arrives.clock.hour < 5
  }
}
