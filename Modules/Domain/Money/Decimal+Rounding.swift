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

  /// The value written out in plain digits with a `.` (never an exponent), e.g. `1234.5`: what
  /// `description` writes, made from the value's own fields when its mantissa fits in 64 bits
  /// (see `DecimalParts`).
  var plainDigits: String { DecimalParts(self)?.plainDigits ?? description }
}
