/// An ISO 4217 currency code such as `EUR` or `TRY`.
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The three upper-case letters.
  public let code: String

  /// Validates and upper-cases `code`.
  public init(_ code: String) throws(DomainError) {
    let scalars = Array(code.unicodeScalars)
    guard scalars.count == 3,
      scalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) })
    else { throw .invalidCurrency(code) }
    self.code = code.uppercased()
  }

  private init(trusted code: String) { self.code = code }

  /// The euro.
  public static let euro = Currency(trusted: "EUR")

  /// Digits after the decimal point in everyday prices (ISO 4217 minor units).
  public var minorUnits: Int {
    switch code {
    case "JPY", "KRW", "CLP", "ISK", "VND", "XOF", "XAF", "UGX", "PYG": 0
    case "BHD", "KWD", "OMR", "JOD", "TND", "LYD", "IQD": 3
    default: 2
    }
  }

  public var description: String { code }

  public init(from decoder: any Decoder) throws {
    self = try Self(try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(code)
  }
}
