import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Language {
  /// An amount in at most six columns, without its currency, for a fare calendar's day:
  /// "612", "9.87k", "16.1k", "161k", "1.23M" in English; "612", "9,87B", "16,1B", "161B",
  /// "1,23Mn" in Turkish (bin, milyon). Three significant digits, rounded half up.
  public func compactAmount(_ money: Money) -> String {
    let (separator, thousands, millions): (Character, String, String) =
      switch self {
      case .english: (".", "k", "M")
      case .turkish: (",", "B", "Mn")
      }
    // Whole units (from thousandths, read from the amount's own fields, when it has no finer
    // part), then hundredths of the unit shown: integers only from here on.
    let whole =
      money.amount.wholeNumber(scale: 3).map { ($0 + 500) / 1000 }
      ?? money.amount.roundedHalfUp(scale: 0).wholeNumber(scale: 0) ?? 0
    guard whole >= 1000 else { return "\(max(0, whole))" }
    var units: [(Int64, String)] = [(1_000, thousands), (1_000_000, millions)]
    if whole >= 999_500 { units.removeFirst() }
    let (size, suffix) = units[0]
    // The digits kept: two decimals under 10 units, one under 100, none above.
    for decimals in [2, 1, 0] {
      var scale: Int64 = 1
      for _ in 0..<decimals { scale *= 10 }
      let scaled = (whole * scale * 2 + size) / (size * 2)
      guard scaled < 1000 || decimals == 0 else { continue }
      let integer = scaled / scale
      var fraction = decimals == 0 ? "" : String(scaled % scale)
      while fraction.count < decimals { fraction = "0" + fraction }
      while fraction.hasSuffix("0") { fraction.removeLast() }
      return fraction.isEmpty
        ? "\(integer)\(suffix)" : "\(integer)\(separator)\(fraction)\(suffix)"
    }
    return "\(whole / size)\(suffix)"
  }
}
