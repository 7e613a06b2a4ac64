/// An ISO 4217 currency code such as `EUR` or `TRY`.
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The three upper-case letters.
  public let code: String

  /// Validates and upper-cases `code`.
  public init(_ code: String) throws(DomainError) {
    let scalars = Array(code.unicodeScalars)
    guard scalars.count == 3,
      scalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) }),
      Self.isoCodes.contains(code.uppercased())
    else { throw .invalidCurrency(code) }
    self.code = code.uppercased()
  }

  /// The codes of the currencies in circulation (ISO 4217, list one), without funds, metals
  /// and testing codes: a price is only ever in one of these.
  public static let isoCodes: Set<String> = [
    "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT",
    "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD",
    "CDF", "CHF", "CLP", "CNY", "COP", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD",
    "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ",
    "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD",
    "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR",
    "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR",
    "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN",
    "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR",
    "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB",
    "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU", "UZS",
    "VES", "VND", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG",
  ]

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
