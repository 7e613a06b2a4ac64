/// A six-character record locator such as `K7Q2ZP`, the name of a paid booking.
public struct BookingReference: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The six upper-case letters or digits.
  public let rawValue: String

  /// Validates and upper-cases `raw`.
  public init(_ raw: String) throws(DomainError) {
    // Six upper-case letters or digits already (a file name, a line of the bookings' index):
    // taken as they are, without the copies the general case makes.
    if raw.utf8.count == 6,
      raw.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) })
    {
      rawValue = raw
      return
    }
    let text = raw.trimmingSpaces().uppercased()
    let scalars = Array(text.unicodeScalars)
    guard scalars.count == 6,
      scalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
    else { throw .invalidBookingReference(raw) }
    rawValue = text
  }

  public var description: String { rawValue }

  public init(from decoder: any Decoder) throws {
    self = try Self(try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
