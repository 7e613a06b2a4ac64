import Foundation
import Testing

@testable import Domain

@Suite("Decimal's digits read from its fields")
struct DecimalPartsTests {
  @Test("the fields are laid out as expected here, so prices take the fast path")
  func layoutIsKnown() {
    #expect(DecimalParts.layoutIsKnown)
  }

  /// Values parsed from text (trailing zeros, signs, exponents) and made by arithmetic (sums,
  /// products, quotients, which need not be compact) are written as `description` writes them.
  @Test("plain digits agree with description for values of every shape and origin")
  func agreesWithDescription() throws {
    var generator = SplitMix(seed: 1_216)
    var values: [Decimal] = [0, -1, 1, Decimal(UInt64.max), -Decimal(UInt64.max)]
    for _ in 0..<5000 {
      let digits = Int(generator.next() % 19) + 1
      let mantissa = generator.next() % UInt64(pow(10.0, Double(digits)))
      let places = Int(generator.next() % 12)
      let sign = generator.next() % 2 == 0 ? "-" : ""
      var text = String(mantissa)
      if places > 0 {
        text = String(repeating: "0", count: max(0, places + 1 - text.count)) + text
        text.insert(".", at: text.index(text.endIndex, offsetBy: -places))
      }
      if generator.next() % 4 == 0 {
        text += String(repeating: "0", count: Int(generator.next() % 4))
      }
      let value = try #require(Decimal(string: sign + text))
      let other = Decimal(Int(generator.next() % 2_000) - 1_000) / 8
      values += [value, value * other, value + other, value - other, value * 1_000_000]
      if other != 0 { values.append(value / other) }
    }
    var read = 0
    for value in values {
      if let parts = DecimalParts(value) {
        read += 1
        #expect(parts.plainDigits == value.description, "\(value)")
      }
      #expect(value.plainDigits == value.description, "\(value)")
    }
    // Most values fit in 64 bits: the fast path was taken, not only the fallback.
    #expect(read > values.count / 2)
  }

  @Test("a mantissa wider than 64 bits is not read, and is still written right")
  func wide() throws {
    let value = try #require(Decimal(string: "-123456789012345678901.25"))
    #expect(DecimalParts(value) == nil)
    #expect(value.plainDigits == "-123456789012345678901.25")
  }
}

@Suite("Decimal as a whole number of minor units")
struct WholeNumberTests {
  @Test("a value times 10^scale, exact or nil")
  func wholeNumbers() throws {
    let cases: [(String, Int, Int64?)] = [
      ("212.5", 2, 21250), ("212.50", 2, 21250), ("0", 3, 0), ("-1.5", 1, -15), ("1e3", 0, 1000),
      ("0.001", 3, 1), ("0.0015", 3, nil), ("99999999999.999", 3, 99_999_999_999_999),
      ("123456789012345678901", 0, nil), ("9223372036854775807", 0, Int64.max),
      ("9223372036854775808", 0, nil), ("1e17", 3, nil),
    ]
    for (text, scale, expected) in cases {
      let value = try #require(Decimal(string: text))
      #expect(value.wholeNumber(scale: scale) == expected, "\(text) at scale \(scale)")
    }
    var generator = SplitMix(seed: 3)
    for _ in 0..<3000 {
      let cents = Int64(generator.next() % 10_000_000_000) - 5_000_000_000
      let value = Decimal(cents) / 100
      #expect(value.wholeNumber(scale: 2) == cents, "\(value)")
      #expect(value.wholeNumber(scale: 3) == cents * 10, "\(value)")
    }
  }
}
