import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The currency fares are sold in at an airport's country, with a fixed rate from euros.
///
/// Rates are rounded, late-2026-ish figures: this is a simulation, and fixed rates keep offers
/// deterministic.
struct LocalCurrency: Sendable {
  let currency: Currency
  /// Units of `currency` per euro.
  let perEuro: Decimal
  /// Hundredths of `currency` per euro, when the rate has no finer part (every rate listed).
  private let perEuroHundredths: Int64?

  private static let table: [String: (String, Decimal)] = [
    "AE": ("AED", 4), "AR": ("ARS", 1000), "AU": ("AUD", 1.65), "BR": ("BRL", 6),
    "CA": ("CAD", 1.5), "CH": ("CHF", 0.95), "CL": ("CLP", 1000), "CN": ("CNY", 7.8),
    "CO": ("COP", 4500), "CZ": ("CZK", 25), "DK": ("DKK", 7.46), "EG": ("EGP", 55),
    "ET": ("ETB", 150), "GB": ("GBP", 0.86), "HK": ("HKD", 8.5), "HU": ("HUF", 400),
    "ID": ("IDR", 17500), "IL": ("ILS", 4), "IN": ("INR", 93), "JO": ("JOD", 0.77),
    "JP": ("JPY", 165), "KE": ("KES", 140), "KR": ("KRW", 1500), "MA": ("MAD", 10.8),
    "MX": ("MXN", 20), "MY": ("MYR", 4.9), "NG": ("NGN", 1700), "NO": ("NOK", 11.7),
    "NZ": ("NZD", 1.8), "PA": ("USD", 1.08), "PE": ("PEN", 4.1), "PH": ("PHP", 63),
    "PL": ("PLN", 4.3), "QA": ("QAR", 3.9), "RO": ("RON", 5), "SA": ("SAR", 4.05),
    "SE": ("SEK", 11.3), "SG": ("SGD", 1.45), "TH": ("THB", 38), "TR": ("TRY", 45),
    "TW": ("TWD", 35), "US": ("USD", 1.08), "VN": ("VND", 27000), "ZA": ("ZAR", 20),
  ]

  /// The currency of `airport`'s country; the euro where the country uses it or is not listed.
  init(for airport: Airport) {
    if let (code, rate) = Self.table[airport.countryCode], let currency = try? Currency(code) {
      self.currency = currency
      self.perEuro = rate
    } else {
      self.currency = .euro
      self.perEuro = 1
    }
    perEuroHundredths = (perEuro * 100).wholeNumber(scale: 0)
  }

  /// `euros` in this currency, rounded the way fares are shown: to a whole unit, or to 10 or 100
  /// units where one unit is worth little.
  ///
  /// Whole euros at a listed rate are worked out in whole hundredths, the same amount as the
  /// `Decimal` arithmetic gives (`priceByDivision`) without a `Decimal` division: a fare
  /// calendar prices every offer of every day of the booking window.
  func price(euros: Decimal) -> Money {
    let step: Int64 = perEuro >= 1000 ? 100 : perEuro >= 100 ? 10 : 1
    guard let rate = perEuroHundredths, let whole = euros.wholeNumber(scale: 0),
      (0..<1_000_000_000).contains(whole)
    else { return priceByDivision(euros: euros) }
    // Half up: floor((hundredths / (100 * step)) + 1/2), all in whole numbers.
    let divisor = 100 * step
    let units = (2 * whole * rate + divisor) / (2 * divisor)
    return Money(Decimal(units * step), currency)
  }

  /// The same through `Decimal` arithmetic: for amounts that are not whole euros.
  func priceByDivision(euros: Decimal) -> Money {
    fare(euros * perEuro)
  }

  /// `amount` of this currency rounded the way fares are shown (see `price(euros:)`).
  func fare(_ amount: Decimal) -> Money {
    let step: Decimal = perEuro >= 1000 ? 100 : perEuro >= 100 ? 10 : 1
    return Money((amount / step).roundedHalfUp(scale: 0) * step, currency)
  }
}
