#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An airport: where flights leave from and arrive at, with the time zone its clocks show.
public struct Airport: Hashable, Sendable, Codable {
  /// The IATA code, such as `IST`.
  public let code: IATACode
  /// The airport's name, such as "Istanbul Airport".
  public let name: String
  /// The city it serves, in its own spelling ("İstanbul", "München").
  public let city: String
  /// The ISO 3166-1 alpha-2 country code, such as `TR`.
  public let countryCode: String
  /// The time zone its clocks show, resolved by whoever made the airport.
  public let zone: Zone
  /// Latitude in degrees, north positive.
  public let latitude: Double
  /// Longitude in degrees, east positive.
  public let longitude: Double

  /// The IANA time zone ID, such as `Europe/Istanbul`.
  public var timeZoneID: String { zone.identifier }

  /// Validates the country code and the coordinates; the zone is already looked up (Domain
  /// reads no zone files: the Zones module offers an initializer that takes a zone ID).
  public init(
    code: IATACode, name: String, city: String, countryCode: String, zone: Zone,
    latitude: Double, longitude: Double
  ) throws(DomainError) {
    let country = countryCode.uppercased()
    guard country.unicodeScalars.count == 2,
      country.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) })
    else { throw .invalidCountryCode(countryCode) }
    guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
      throw .invalidCoordinates(latitude: latitude, longitude: longitude)
    }
    self.code = code
    self.name = name
    self.city = city
    self.countryCode = country
    self.zone = zone
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Great-circle distance to `other` in kilometres (haversine, mean Earth radius).
  public func distance(to other: Airport) -> Double {
    let radians = Double.pi / 180
    let dLat = (other.latitude - latitude) * radians
    let dLon = (other.longitude - longitude) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2) + cos(latitude * radians) * cos(other.latitude * radians)
      * sin(dLon / 2) * sin(dLon / 2)
    return 6371.0 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
  }

  private enum CodingKeys: String, CodingKey {
    case code, name, city, countryCode, latitude, longitude
  }

  /// Reads an airport as written, with its zone as the record names it (`RecordedZone`): a
  /// plain `JSONDecoder` reads it.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      code: c.decode(IATACode.self, forKey: .code), name: c.decode(String.self, forKey: .name),
      city: c.decode(String.self, forKey: .city),
      countryCode: c.decode(String.self, forKey: .countryCode),
      zone: RecordedZone.decode(from: decoder),
      latitude: c.decode(Double.self, forKey: .latitude),
      longitude: c.decode(Double.self, forKey: .longitude))
  }

  /// Writes the airport with its zone's name and rule.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(code, forKey: .code)
    try c.encode(name, forKey: .name)
    try c.encode(city, forKey: .city)
    try c.encode(countryCode, forKey: .countryCode)
    try RecordedZone.encode(zone, to: encoder)
    try c.encode(latitude, forKey: .latitude)
    try c.encode(longitude, forKey: .longitude)
  }
}
