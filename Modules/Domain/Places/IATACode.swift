/// A three-letter IATA location code such as `IST`; input is case-folded to upper case.
public struct IATACode: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// The three upper-case letters.
  public let rawValue: String

  /// Validates and upper-cases `raw` (surrounding spaces are ignored).
  public init(_ raw: String) throws(DomainError) {
    let trimmed = raw.trimmingSpaces()
    let letters = Array(trimmed.unicodeScalars)
    guard letters.count == 3,
      letters.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) })
    else { throw .invalidAirportCode(raw) }
    rawValue = trimmed.uppercased()
  }

  public var description: String { rawValue }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public init(from decoder: any Decoder) throws {
    self = try Self(try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
