/// A seat's name: a row number and a letter, such as `14A`.
public struct SeatDesignator: Hashable, Sendable, Codable, Comparable, CustomStringConvertible,
  CodingKeyRepresentable
{
  /// The row, 1 to 99.
  public let row: Int
  /// The seat letter, A to K.
  public let letter: Character

  /// A designator from its parts.
  public init(row: Int, letter: Character) throws(DomainError) {
    guard (1...99).contains(row), let ascii = letter.asciiValue,
      (UInt8(ascii: "A")...UInt8(ascii: "K")).contains(ascii)
    else { throw .invalidSeatDesignator("\(row)\(letter)") }
    self.row = row
    self.letter = letter
  }

  /// Parses `14A` (a lower-case letter is accepted).
  public init(_ text: String) throws(DomainError) {
    let trimmed = text.trimmingSpaces().uppercased()
    guard let letter = trimmed.last, trimmed.count >= 2, trimmed.count <= 3,
      trimmed.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
      let row = Int(trimmed.dropLast())
    else { throw .invalidSeatDesignator(text) }
    do {
      try self.init(row: row, letter: letter)
    } catch {
      throw .invalidSeatDesignator(text)
    }
  }

  public var description: String { "\(row)\(letter)" }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.row, lhs.letter) < (rhs.row, rhs.letter)
  }

  public init(from decoder: any Decoder) throws {
    self = try Self(try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// A seat as a dictionary's key in JSON: its name (`"14A"`).
  public var codingKey: any CodingKey { SeatKey(stringValue: description) }

  public init?<T: CodingKey>(codingKey: T) {
    guard let seat = try? Self(codingKey.stringValue) else { return nil }
    self = seat
  }
}

private struct SeatKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
