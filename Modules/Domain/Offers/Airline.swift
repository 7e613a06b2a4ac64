/// An airline: its two-character IATA designator and its name.
public struct Airline: Hashable, Sendable, Codable {
  /// The designator, such as `TK` or `U2`.
  public let code: String
  /// The name, such as "Turkish Airlines".
  public let name: String

  /// Validates the designator: two upper-case letters or digits.
  public init(code: String, name: String) throws(DomainError) {
    let scalars = Array(code.unicodeScalars)
    guard scalars.count == 2,
      scalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
    else { throw .invalidAirlineCode(code) }
    self.code = code
    self.name = name
  }

  private enum CodingKeys: String, CodingKey { case code, name }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      code: c.decode(String.self, forKey: .code), name: c.decode(String.self, forKey: .name))
  }
}

/// A flight number such as `TK1957`: the airline designator and 1 to 4 digits.
public struct FlightNumber: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The airline designator.
  public let airlineCode: String
  /// The number, 1 to 9999.
  public let number: Int

  /// A flight number from its parts.
  public init(airlineCode: String, number: Int) throws(DomainError) {
    guard (1...9999).contains(number), (try? Airline(code: airlineCode, name: "")) != nil else {
      throw .invalidFlightNumber("\(airlineCode)\(number)")
    }
    self.airlineCode = airlineCode
    self.number = number
  }

  /// Parses `TK1957` or `TK 1957`.
  public init(_ text: String) throws(DomainError) {
    let compact = text.filter { $0 != " " }
    guard compact.count >= 3, compact.count <= 6, let number = Int(compact.dropFirst(2)),
      compact.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber })
    else { throw .invalidFlightNumber(text) }
    do {
      try self.init(airlineCode: String(compact.prefix(2)), number: number)
    } catch {
      throw .invalidFlightNumber(text)
    }
  }

  public var description: String { "\(airlineCode)\(number)" }

  public init(from decoder: any Decoder) throws {
    self = try Self(try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// An aircraft type: its IATA code (such as `32N`) and name (such as "Airbus A320neo").
public struct Aircraft: Hashable, Sendable, Codable {
  /// The IATA aircraft type code.
  public let code: String
  /// The type's name.
  public let name: String

  /// An aircraft type.
  public init(code: String, name: String) {
    self.code = code
    self.name = name
  }
}

/// The cabin a fare is sold in.
public enum Cabin: String, Hashable, Sendable, Codable, CaseIterable {
  case economy, premiumEconomy, business, first
}
