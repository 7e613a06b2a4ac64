/// A typed ID: an `OfferID` cannot be passed where a `QuoteID` is expected.
///
/// The raw text is 1 to 64 ASCII letters, digits, `-` or `_`, so an ID is always safe to use as a
/// file name or in a URL, wherever it came from (a deep link is typed by anyone).
public struct Identifier<Owner>: Hashable, Sendable, Codable, Comparable,
  CustomStringConvertible, CodingKeyRepresentable
{
  /// The validated text of the ID.
  public let rawValue: String

  /// Validates `rawValue`, throwing `DomainError.invalidIdentifier` when it breaks the rule.
  public init(_ rawValue: String) throws(DomainError) {
    guard Self.isValid(rawValue) else {
      throw .invalidIdentifier(kind: Self.kindName, value: rawValue)
    }
    self.rawValue = rawValue
  }

  private init(trusted rawValue: String) { self.rawValue = rawValue }

  /// A fresh random ID: `prefix` (its letters and digits, at most 16) then `-` and 16 hex digits.
  public static func random(prefix: String) -> Identifier {
    var generator = SystemRandomNumberGenerator()
    let kept = String(prefix.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(16))
    let hex = String(generator.next() as UInt64, radix: 16)
    let digits = String(repeating: "0", count: 16 - hex.count) + hex
    return Identifier(trusted: kept.isEmpty ? digits : kept + "-" + digits)
  }

  /// Whether `raw` follows the ID rule.
  public static func isValid(_ raw: String) -> Bool {
    let bytes = Array(raw.utf8)
    guard (1...64).contains(bytes.count) else { return false }
    return bytes.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        true
      default: false
      }
    }
  }

  /// The owner's name as a person would say it ("offer", "quote").
  public static var kindName: String {
    String(describing: Owner.self)
      .replacing("Booking", with: "")
      .lowercased()
  }

  public var description: String { rawValue }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public init(from decoder: any Decoder) throws {
    let raw = try decoder.singleValueContainer().decode(String.self)
    self = try Self(raw)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public var codingKey: any CodingKey { IdentifierKey(stringValue: rawValue) }

  public init?<T: CodingKey>(codingKey: T) {
    guard let id = try? Self(codingKey.stringValue) else { return nil }
    self = id
  }
}

private struct IdentifierKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// The ID of an `Offer`.
public typealias OfferID = Identifier<Offer>
/// The ID of a `BookingDraft`.
public typealias DraftID = Identifier<BookingDraft>
/// The ID of a `Quote`.
public typealias QuoteID = Identifier<Quote>
/// The ID of a `Passenger` within a draft.
public typealias PassengerID = Identifier<Passenger>
