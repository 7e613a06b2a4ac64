/// A card network, recognised from the leading digits of the number.
public enum CardBrand: String, Hashable, Sendable, Codable, CaseIterable {
  case visa, mastercard, amex, troy, unknown

  /// The brand of a card number given as digits.
  public init(digits: String) {
    let two = Int(digits.prefix(2)) ?? 0
    let four = Int(digits.prefix(4)) ?? 0
    if digits.hasPrefix("4") {
      self = .visa
    } else if (51...55).contains(two) || (2221...2720).contains(four) {
      self = .mastercard
    } else if two == 34 || two == 37 {
      self = .amex
    } else if four == 9792 {
      self = .troy
    } else {
      self = .unknown
    }
  }
}

/// How a booking was paid, as it may be stored: a card is its brand and last four digits only.
public enum PaymentMethod: Hashable, Sendable, Codable {
  case card(brand: CardBrand, lastFour: String)

  /// A card method; `lastFour` must be exactly four digits.
  public static func card(_ brand: CardBrand, lastFour: String) throws(DomainError)
    -> PaymentMethod
  {
    guard lastFour.count == 4, lastFour.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw .invalidLastFour(lastFour)
    }
    return .card(brand: brand, lastFour: lastFour)
  }

  /// "Visa •••• 4242".
  public var displayName: String {
    switch self {
    case .card(let brand, let lastFour):
      let name =
        switch brand {
        case .visa: "Visa"
        case .mastercard: "Mastercard"
        case .amex: "American Express"
        case .troy: "Troy"
        case .unknown: "Card"
        }
      return "\(name) •••• \(lastFour)"
    }
  }
}
