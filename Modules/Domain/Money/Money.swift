#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An amount in one currency. Arithmetic across currencies is an error, never a silent result.
public struct Money: Hashable, Sendable, CustomStringConvertible {
  /// The amount, exact in decimal.
  public let amount: Decimal
  /// The currency of `amount`.
  public let currency: Currency

  /// An amount in `currency`.
  public init(_ amount: Decimal, _ currency: Currency) {
    self.amount = amount
    self.currency = currency
  }

  /// Parses a plain decimal such as `212.50` in the currency with code `currencyCode`.
  public init(_ text: String, _ currencyCode: String) throws(DomainError) {
    let trimmed = text.trimmingSpaces()
    guard !trimmed.isEmpty, trimmed.count <= 30,
      trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
      trimmed.dropFirst().allSatisfy({ $0 != "-" }), trimmed.filter({ $0 == "." }).count <= 1,
      trimmed.contains(where: \.isNumber),
      let amount = Decimal(string: trimmed),
      amount.isFinite
    else { throw .invalidAmount(text) }
    self.init(amount, try Currency(currencyCode))
  }

  /// The largest price a record may hold, in major units (a hundred billion, room for nine
  /// passengers in any currency): anything above is a corrupt or tampered file, not a fare.
  public static let largestPrice: Decimal = 100_000_000_000

  /// Whether this is an amount a person could be asked to pay: not negative, not finer than the
  /// currency's minor unit (ISO 4217: cents for EUR, none for JPY, fils for KWD), not above
  /// `largestPrice`.
  public var isPrice: Bool {
    amount >= 0 && amount < Self.largestPrice
      && amount.roundedHalfUp(scale: currency.minorUnits) == amount
  }

  /// `self`, or `invalidPrice` when it is not an amount a person could be asked to pay.
  public func validatedAsPrice() throws(DomainError) -> Money {
    guard isPrice else { throw .invalidPrice(amount.plainDigits, currency: currency.code) }
    return self
  }

  /// Zero in `currency`.
  public static func zero(_ currency: Currency) -> Money { Money(0, currency) }

  /// The sum; throws `currencyMismatch` when the currencies differ.
  public func adding(_ other: Money) throws(DomainError) -> Money {
    guard currency == other.currency else {
      throw .currencyMismatch(currency.code, other.currency.code)
    }
    return Money(amount + other.amount, currency)
  }

  /// The amount times `count` (a fare per passenger times passengers).
  public func multiplied(by count: Int) -> Money { Money(amount * Decimal(count), currency) }

  /// Rounded half-up (away from zero) to the currency's minor units.
  public func rounded() -> Money {
    Money(amount.roundedHalfUp(scale: currency.minorUnits), currency)
  }

  /// The sum of `items`, all of which must be in `currency`.
  public static func sum(_ items: [Money], in currency: Currency) throws(DomainError) -> Money {
    var total = Money.zero(currency)
    for item in items { total = try total.adding(item) }
    return total
  }

  /// Shown for people, e.g. `EUR 1,234.50` (English) or `1.234,50 EUR` (Turkish).
  public func formatted(_ style: MoneyStyle = .english) -> String {
    let number = style.number(amount, fractionDigits: currency.minorUnits)
    return style.currencyFirst ? "\(currency.code) \(number)" : "\(number) \(currency.code)"
  }

  /// The plain amount with the currency's minor units, e.g. `212.50`, for storage and IDs.
  public var plainAmount: String {
    MoneyStyle.plain.number(amount, fractionDigits: currency.minorUnits)
  }

  public var description: String { formatted() }
}

extension Money: Codable {
  private enum CodingKeys: String, CodingKey { case amount, currency }

  // The amount is stored as a string: a JSON number would pass through Double and lose cents.
  // Every amount on disk is a price, so one read back must be one (a tampered file is corrupt).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let currency = try c.decode(Currency.self, forKey: .currency)
    self = try Money(try c.decode(String.self, forKey: .amount), currency.code).validatedAsPrice()
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(amount.plainDigits, forKey: .amount)
    try c.encode(currency, forKey: .currency)
  }
}
