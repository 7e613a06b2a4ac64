/// A card as typed to pay: the full number, expiry and security code.
///
/// Deliberately not `Codable` and never printed in full: it exists only in memory between the
/// payment form and the payment service. What is stored is its `method` (brand and last four).
public struct PaymentCard: Hashable, Sendable, CustomStringConvertible {
  /// The digits of the number, without spaces.
  public let number: String
  /// Expiry month, 1 to 12.
  public let expiryMonth: Int
  /// Expiry year, four digits.
  public let expiryYear: Int
  /// The 3 or 4 digit security code.
  public let cvc: String

  /// Validates the number (12 to 19 digits, Luhn), the expiry (`MM/YY` or `MM/YYYY`) and the code.
  /// Spaces and `-` in the number are ignored. Whether the card has expired is for the payment
  /// service to decide, since it knows today's date.
  public init(number: String, expiry: String, cvc: String) throws(DomainError) {
    guard let digits = Self.digits(ofNumber: number) else { throw .invalidCardNumber }
    guard let (month, year) = Self.monthAndYear(ofExpiry: expiry) else {
      throw .invalidCardExpiry(expiry)
    }
    guard let code = Self.code(cvc) else { throw .invalidCVC }
    self.number = digits
    self.expiryMonth = month
    self.expiryYear = year
    self.cvc = code
  }

  /// Every problem with the three fields at once (empty when they make a card), so a form can
  /// mark each field that needs fixing in one go.
  public static func problems(number: String, expiry: String, cvc: String) -> [DomainError] {
    var problems: [DomainError] = []
    if digits(ofNumber: number) == nil { problems.append(.invalidCardNumber) }
    if monthAndYear(ofExpiry: expiry) == nil { problems.append(.invalidCardExpiry(expiry)) }
    if code(cvc) == nil { problems.append(.invalidCVC) }
    return problems
  }

  /// Whether `expiry` reads as a month and year that ended before `day`'s month: said at its
  /// field even while other fields are wrong too.
  public static func expiryHasPassed(_ expiry: String, on day: CalendarDay) -> Bool {
    guard let (month, year) = monthAndYear(ofExpiry: expiry) else { return false }
    return (year, month) < (day.year, day.month)
  }

  /// The digits of a valid number (12 to 19, Luhn; spaces and `-` ignored), else nil.
  private static func digits(ofNumber number: String) -> String? {
    let digits = number.filter { $0 != " " && $0 != "-" }
    guard (12...19).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      passesLuhn(digits)
    else { return nil }
    return digits
  }

  /// Month and four-digit year of `MM/YY` or `MM/YYYY`, else nil.
  private static func monthAndYear(ofExpiry expiry: String) -> (Int, Int)? {
    let parts = expiry.trimmingSpaces().split(separator: "/")
    guard parts.count == 2, parts[0].count == 2, parts[1].count == 2 || parts[1].count == 4,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let month = Int(parts[0]), let year = Int(parts[1]), (1...12).contains(month)
    else { return nil }
    return (month, parts[1].count == 2 ? 2000 + year : year)
  }

  /// A 3 or 4 digit code, else nil.
  private static func code(_ cvc: String) -> String? {
    let code = cvc.trimmingSpaces()
    guard (3...4).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return nil
    }
    return code
  }

  /// The card network.
  public var brand: CardBrand { CardBrand(digits: number) }

  /// The last four digits.
  public var lastFour: String { String(number.suffix(4)) }

  /// What may be stored about the card.
  public var method: PaymentMethod { .card(brand: brand, lastFour: lastFour) }

  /// Whether the card is still valid in the month of `day` (cards expire after their month).
  public func isValid(on day: CalendarDay) -> Bool {
    (expiryYear, expiryMonth) >= (day.year, day.month)
  }

  /// Redacted: a card never appears in a log or a message in full.
  public var description: String { method.displayName }

  /// The Luhn checksum every real card number passes.
  public static func passesLuhn(_ digits: String) -> Bool {
    var sum = 0
    for (index, character) in digits.reversed().enumerated() {
      guard let digit = character.wholeNumberValue else { return false }
      if index % 2 == 1 {
        let doubled = digit * 2
        sum += doubled > 9 ? doubled - 9 : doubled
      } else {
        sum += digit
      }
    }
    return sum % 10 == 0
  }
}
