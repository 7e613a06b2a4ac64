#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Decimal {
  /// Rounded half away from zero to `scale` digits after the point (2 for cents), done on the
  /// exact decimal digits so no binary fraction creeps in.
  public func roundedHalfUp(scale: Int) -> Decimal {
    if exponent >= -scale { return self }  // no digits past `scale`: already rounded
    let negative = self < 0
    let magnitude = negative ? -self : self
    let text = magnitude.plainDigits
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let whole = parts.first.map(String.init) ?? "0"
    let fraction = parts.count > 1 ? Array(parts[1]) : []
    guard fraction.count > max(scale, 0) else { return self }
    let kept = String(fraction.prefix(max(scale, 0)))
    var result = Decimal(string: kept.isEmpty ? whole : "\(whole).\(kept)") ?? magnitude
    if fraction[max(scale, 0)] >= "5" {
      let unit = scale > 0 ? "0." + String(repeating: "0", count: scale - 1) + "1" : "1"
      result += Decimal(string: unit) ?? 0
    }
    return negative ? -result : result
  }

  /// The value times 10^`scale` as a whole number, when that is exact and fits in 64 bits (a
  /// price in its currency's minor units: `212.50` at scale 2 is 21250); nil otherwise. Made
  /// from the value's own fields (see `DecimalParts`), never through `Decimal` arithmetic.
  public func wholeNumber(scale: Int) -> Int64? {
    guard let parts = DecimalParts(self), scale >= 0, scale <= 18 else { return nil }
    let shift = parts.exponent + scale
    var magnitude = parts.mantissa
    if shift < 0 {
      // Exact only when the dropped digits are zeros.
      for _ in 0..<(-shift) {
        guard magnitude % 10 == 0 else { return nil }
        magnitude /= 10
      }
    } else {
      for _ in 0..<shift {
        let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        magnitude = product
      }
    }
    guard magnitude <= UInt64(Int64.max) else { return nil }
    return parts.negative ? -Int64(magnitude) : Int64(magnitude)
  }

  /// The value written out in plain digits with a `.` (never an exponent), e.g. `1234.5`: what
  /// `description` writes, made from the value's own fields when its mantissa fits in 64 bits
  /// (see `DecimalParts`).
  var plainDigits: String { DecimalParts(self)?.plainDigits ?? description }
}
