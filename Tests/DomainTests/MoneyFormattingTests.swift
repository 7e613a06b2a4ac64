import Foundation
import Testing

@testable import Domain

@Suite("Money formatting")
struct MoneyFormattingTests {
  /// The digits `MoneyStyle.number` writes without another `Decimal` agree with `Decimal`'s own
  /// half-up rounding, for every sign, scale and carry a price can have.
  @Test("written digits agree with Decimal rounding, carries and signs included")
  func agreesWithDecimalRounding() throws {
    var generator = SplitMix(seed: 16)
    var values: [String] = [
      "0", "-0", "0.5", "0.05", "0.005", "-0.005", "-0.004", "9.995", "99.995", "999.9995",
      "-999.995", "0.0049", "1234567.891", "1e3", "12.5e-3", "1000000", "0.000001",
    ]
    for _ in 0..<4000 {
      let whole = generator.next() % 10_000_000
      let digits = Int(generator.next() % 7)
      let fraction = generator.next() % 10_000_000
      let sign = generator.next() % 3 == 0 ? "-" : ""
      let fractionText = String(String(fraction).prefix(digits))
      values.append(digits == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fractionText)")
    }
    for text in values {
      let value = try #require(Decimal(string: text))
      for scale in [0, 1, 2, 3] {
        for style in [MoneyStyle.english, .turkish, .plain] {
          #expect(
            style.number(value, fractionDigits: scale)
              == style.numberByRounding(value, fractionDigits: scale),
            "\(text) at scale \(scale)")
        }
      }
    }
  }

  @Test("carries run through the whole part and add a digit")
  func carries() {
    #expect(
      MoneyStyle.english.number(Decimal(string: "999.995") ?? 0, fractionDigits: 2) == "1,000.00")
    #expect(
      MoneyStyle.turkish.number(Decimal(string: "-9999.5") ?? 0, fractionDigits: 0) == "-10.000")
    #expect(MoneyStyle.english.number(Decimal(string: "-0.004") ?? 0, fractionDigits: 2) == "0.00")
  }
}

/// A small deterministic generator: the same values on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
