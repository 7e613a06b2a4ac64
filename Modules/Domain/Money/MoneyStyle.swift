#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a language writes amounts: separators and where the currency goes.
public struct MoneyStyle: Hashable, Sendable {
  /// The separator between whole units and the fraction.
  public let decimalSeparator: Character
  /// The separator between groups of three digits, if any.
  public let groupingSeparator: Character?
  /// Whether the currency code comes before the number.
  public let currencyFirst: Bool

  /// A style from its three parts.
  public init(decimalSeparator: Character, groupingSeparator: Character?, currencyFirst: Bool) {
    self.decimalSeparator = decimalSeparator
    self.groupingSeparator = groupingSeparator
    self.currencyFirst = currencyFirst
  }

  /// English: `EUR 1,234.50`.
  public static let english = MoneyStyle(
    decimalSeparator: ".", groupingSeparator: ",", currencyFirst: true)
  /// Turkish: `1.234,50 TRY`.
  public static let turkish = MoneyStyle(
    decimalSeparator: ",", groupingSeparator: ".", currencyFirst: false)
  /// Machine form: `1234.50`.
  static let plain = MoneyStyle(decimalSeparator: ".", groupingSeparator: nil, currencyFirst: true)

  /// Writes `value` with exactly `fractionDigits` digits after the separator.
  func number(_ value: Decimal, fractionDigits: Int) -> String {
    let rounded = value.roundedHalfUp(scale: fractionDigits)
    let negative = rounded < 0
    let text = (negative ? -rounded : rounded).plainDigits
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let whole = String(parts.first ?? "0")
    var fraction = parts.count > 1 ? String(parts[1]) : ""
    fraction += String(repeating: "0", count: max(0, fractionDigits - fraction.count))
    var grouped = ""
    let digits = Array(whole.utf8)  // ASCII digits only: counted once, not per digit
    grouped.reserveCapacity(digits.count + digits.count / 3)
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0, let separator = groupingSeparator {
        grouped.append(separator)
      }
      grouped.unicodeScalars.append(Unicode.Scalar(digit))
    }
    let sign = negative ? "-" : ""
    return fractionDigits > 0 ? "\(sign)\(grouped)\(decimalSeparator)\(fraction)" : sign + grouped
  }
}
