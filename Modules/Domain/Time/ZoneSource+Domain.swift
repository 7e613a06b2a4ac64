#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Airport {
  /// Validates the country code, the time zone (looked up in `zones`) and the coordinates.
  public init(
    code: IATACode, name: String, city: String, countryCode: String, timeZoneID: String,
    latitude: Double, longitude: Double, zones: ZoneSource
  ) throws(DomainError) {
    guard let zone = zones.zone(named: timeZoneID) else { throw .invalidTimeZone(timeZoneID) }
    try self.init(
      code: code, name: name, city: city, countryCode: countryCode, zone: zone,
      latitude: latitude, longitude: longitude)
  }
}

extension ZonedTime {
  /// Pairs an instant with the zone named `timeZoneID` (looked up in `zones`); both are
  /// validated.
  public init(instant: Date, timeZoneID: String, zones: ZoneSource) throws(DomainError) {
    guard let zone = zones.zone(named: timeZoneID) else { throw .invalidTimeZone(timeZoneID) }
    try self.init(validating: instant, zone: zone)
  }
}
