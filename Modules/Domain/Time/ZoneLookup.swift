#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds a time zone by IANA name. Domain reads no zone files itself: whoever decodes records
/// that name zones (airports, flight times) passes one in the decoder's `userInfo`, as
/// `decodingUserInfo` has it (the Zones module offers the system's).
public struct ZoneLookup: Sendable {
  private let find: @Sendable (String) -> Zone?

  /// A lookup that asks `find` for each name.
  public init(_ find: @escaping @Sendable (String) -> Zone?) {
    self.find = find
  }

  /// The zone named `identifier`, such as "Europe/Istanbul"; nil if there is none.
  public func zone(named identifier: String) -> Zone? { find(identifier) }

  /// A decoder's `userInfo` that holds this lookup, for reading airports and flight times.
  public var decodingUserInfo: [CodingUserInfoKey: any Sendable] {
    guard let key = Self.key else { return [:] }
    return [key: self]
  }

  /// Where a decoder's `userInfo` holds the lookup (the initializer is failable in name only).
  private static let key = CodingUserInfoKey(rawValue: "booking.zoneLookup")

  /// `identifier` looked up with the lookup in a decoder's `userInfo`: a decoding error without
  /// one, `DomainError.invalidTimeZone` when it does not know the name.
  static func zone(named identifier: String, for decoder: any Decoder) throws -> Zone {
    guard let key, let lookup = decoder.userInfo[key] as? ZoneLookup else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription:
            "cannot read time zone \(identifier): the decoder was given no zone lookup"))
    }
    guard let zone = lookup.zone(named: identifier) else {
      throw DomainError.invalidTimeZone(identifier)
    }
    return zone
  }
}
