import Airline
import Canvas
import Domain
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The lowest fare of each day around the search's as a row of bars (the lower the fare, the
/// shorter the bar) over the days' names: the search's day bracketed, the cheapest in green,
/// days that cannot be booked dotted.
enum FareStrip {
  /// Columns a day takes.
  static let cellWidth = 7

  static func draw(
    _ state: ResultsFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    language: Language
  ) {
    guard rect.height >= 2, rect.width >= cellWidth else { return }
    let searched = state.criteria.departure
    let days: [FareDay]
    switch state.fares {
    case .loaded(let loaded): days = loaded
    default:
      days = (-ResultsFeature.stripDays...ResultsFeature.stripDays).map {
        FareDay(day: searched.adding(days: $0), lowest: nil, bookable: true)
      }
    }
    // As many days as fit, the searched day in the middle.
    let fit = min(days.count, rect.width / cellWidth)
    let each = max(0, (fit - 1) / 2)
    guard let middle = days.firstIndex(where: { $0.day == searched }) else { return }
    let shown = days.indices.filter { abs($0 - middle) <= each }.map { days[$0] }
    let prices = shown.compactMap(\.lowest?.amount)
    let (low, high) = (prices.min() ?? 0, prices.max() ?? 0)
    let bars = Array("▁▂▃▄▅▆▇█")
    var x = rect.x + max(0, (rect.width - shown.count * cellWidth) / 2)
    for fare in shown {
      let cell = Rect(x: x, y: rect.y, width: cellWidth, height: 2)
      let isSearched = fare.day == searched
      let isCheapest = fare.lowest.map { $0.amount == low && prices.count > 1 } ?? false
      let bar: String
      if !fare.bookable {
        bar = " · · "
      } else if let amount = fare.lowest?.amount {
        let level = Self.level(of: amount, low: low, high: high)
        bar = String(repeating: String(bars[level]), count: 3)
      } else {
        bar = state.fares == .loading ? "  …  " : "  –  "
      }
      let barStyle = !fare.bookable ? theme.dim : isCheapest ? theme.success : theme.accent
      canvas.put(
        DisplayWidth.pad(" " + bar, to: cellWidth), x: cell.x, y: cell.y, style: barStyle,
        clip: rect)
      let name = language.weekdayAndDay(fare.day)
      let label = isSearched ? "[\(name)]" : " \(name) "
      let labelStyle =
        !fare.bookable
        ? theme.dim : isSearched ? theme.title : isCheapest ? theme.success : theme.text
      canvas.put(
        DisplayWidth.pad(label, to: cellWidth), x: cell.x, y: cell.y + 1, style: labelStyle,
        clip: rect)
      x += cellWidth
    }
  }

  /// Which of eight heights (0 to 7) a fare's bar has: how many of the seven eighths of the
  /// spread from `low` to `high` it is at or above. In whole minor units when the amounts are
  /// (no `Decimal` division, on every frame): `amount >= low + (high - low) * k / 8` is
  /// `8 * (amount - low) >= k * (high - low)`, exactly.
  static func level(of amount: Decimal, low: Decimal, high: Decimal) -> Int {
    guard high > low else { return 0 }
    if let a = amount.wholeNumber(scale: 3), let l = low.wholeNumber(scale: 3),
      let h = high.wholeNumber(scale: 3),
      case let (spread, wide) = h.subtractingReportingOverflow(l), !wide,
      case let (difference, under) = a.subtractingReportingOverflow(l), !under,
      case let (above, over) = difference.multipliedReportingOverflow(by: 8), !over,
      !spread.multipliedReportingOverflow(by: 7).overflow
    {
      return (1...7).filter { above >= spread * Int64($0) }.count
    }
    return levelByDivision(of: amount, low: low, high: high)
  }

  /// The same through `Decimal` thresholds: for amounts finer than a thousandth, or too large.
  static func levelByDivision(of amount: Decimal, low: Decimal, high: Decimal) -> Int {
    guard high > low else { return 0 }
    return (1...7).filter { amount >= low + (high - low) * Decimal($0) / 8 }.count
  }
}
