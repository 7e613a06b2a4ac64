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

  /// Writes `value` rounded half-up (away from zero) to exactly `fractionDigits` digits after
  /// the separator. Works on the digits of `value`'s one plain description, never making
  /// another `Decimal`: a price is written for every visible row of every frame.
  func number(_ value: Decimal, fractionDigits: Int) -> String {
    let scale = max(0, fractionDigits)
    var negative = false
    var whole: [UInt8] = []
    var fraction: [UInt8] = []
    var inFraction = false
    for byte in value.plainDigits.utf8 {
      switch byte {
      case UInt8(ascii: "-") where whole.isEmpty && !negative && !inFraction: negative = true
      case UInt8(ascii: ".") where !inFraction: inFraction = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if inFraction { fraction.append(byte) } else { whole.append(byte) }
      default: return numberByRounding(value, fractionDigits: scale)  // not plain digits
      }
    }
    if whole.isEmpty { whole = [UInt8(ascii: "0")] }
    if fraction.count > scale {
      let roundUp = fraction[scale] >= UInt8(ascii: "5")
      fraction.removeLast(fraction.count - scale)
      if roundUp {
        // Add one unit in the last kept place, carrying leftwards through the whole part.
        var carry = true
        for index in fraction.indices.reversed() where carry {
          if fraction[index] == UInt8(ascii: "9") {
            fraction[index] = UInt8(ascii: "0")
          } else {
            fraction[index] += 1
            carry = false
          }
        }
        for index in whole.indices.reversed() where carry {
          if whole[index] == UInt8(ascii: "9") {
            whole[index] = UInt8(ascii: "0")
          } else {
            whole[index] += 1
            carry = false
          }
        }
        if carry { whole.insert(UInt8(ascii: "1"), at: 0) }
      }
    }
    fraction += Array(repeating: UInt8(ascii: "0"), count: scale - fraction.count)
    while whole.count > 1, whole[0] == UInt8(ascii: "0") { whole.removeFirst() }
    // Rounded to zero is zero, never "-0".
    if negative, !(whole + fraction).contains(where: { $0 != UInt8(ascii: "0") }) {
      negative = false
    }
    return written(negative: negative, whole: whole, fraction: fraction)
  }

  /// The digits with the sign, the grouping and the decimal separator.
  private func written(negative: Bool, whole: [UInt8], fraction: [UInt8]) -> String {
    var text = negative ? "-" : ""
    text.reserveCapacity(whole.count + whole.count / 3 + fraction.count + 3)
    for (index, digit) in whole.enumerated() {
      if index > 0, (whole.count - index) % 3 == 0, let separator = groupingSeparator {
        text.append(separator)
      }
      text.unicodeScalars.append(Unicode.Scalar(digit))
    }
    guard !fraction.isEmpty else { return text }
    text.append(decimalSeparator)
    for digit in fraction { text.unicodeScalars.append(Unicode.Scalar(digit)) }
    return text
  }

  /// The slow way, through `Decimal` rounding: for a value whose description is not plain
  /// digits (which no valid `Money` has).
  func numberByRounding(_ value: Decimal, fractionDigits: Int) -> String {
    let rounded = value.roundedHalfUp(scale: fractionDigits)
    let negative = rounded < 0
    let text = (negative ? -rounded : rounded).plainDigits
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let whole = String(parts.first ?? "0")
    var fraction = parts.count > 1 ? String(parts[1]) : ""
    fraction += String(repeating: "0", count: max(0, fractionDigits - fraction.count))
    return written(negative: negative, whole: Array(whole.utf8), fraction: Array(fraction.utf8))
  }
}
