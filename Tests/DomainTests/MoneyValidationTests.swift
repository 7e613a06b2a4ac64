import Domain
import Foundation
import Testing

/// Amounts read from a file are prices: never negative, never finer than the currency's minor
/// unit (ISO 4217), never absurdly large.
@Suite("Money read from a file")
struct MoneyValidationTests {
  func decode(_ amount: String, _ currency: String) throws -> Money {
    let json = #"{"amount":"\#(amount)","currency":"\#(currency)"}"#
    return try JSONDecoder().decode(Money.self, from: Data(json.utf8))
  }

  @Test("prices in each currency's minor units are read back")
  func validAmounts() throws {
    #expect(try decode("212.50", "EUR") == Money(Decimal(string: "212.5") ?? 0, .euro))
    #expect(try decode("0", "TRY").amount == 0)
    #expect(try decode("15000", "JPY").amount == 15000)
    #expect(try decode("1.250", "KWD").amount == Decimal(string: "1.25"))
    #expect(try decode("999999999.99", "EUR").amount == Decimal(string: "999999999.99"))
  }

  @Test("a negative amount, one finer than the minor unit, or a 30-digit one is refused")
  func refusedAmounts() {
    let refused: [(String, String)] = [
      ("-9225.00", "TRY"), ("-0.01", "EUR"), ("1.005", "TRY"), ("0.001", "EUR"), ("100.5", "JPY"),
      ("1.0001", "KWD"), (String(repeating: "9", count: 30), "EUR"), ("1000000000000", "EUR"),
    ]
    for (amount, currency) in refused {
      #expect(throws: (any Error).self, "\(amount) \(currency)") {
        try decode(amount, currency)
      }
    }
  }

  @Test("a quote whose lines are negative is refused even when they add up")
  func negativeQuote() throws {
    let json = #"""
      {"id":"qt-1","draftID":"dr-1","extras":{"seats":{},"bags":{},"insurance":false},
       "lineItems":[{"kind":"fare","label":"Fare","amount":{"amount":"-9225.00","currency":"TRY"}}],
       "total":{"amount":"-9225.00","currency":"TRY"},"expiresAt":0}
      """#
    #expect(throws: (any Error).self) {
      try JSONDecoder().decode(Quote.self, from: Data(json.utf8))
    }
  }
}
