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

/// The lowest total of each day around the search's, under the results' filters, as a row of
/// bars (the lower the total, the shorter the bar) over the totals in short ("16.1k") and the
/// days' names: the search's day bracketed, the cheapest shown in green, days that cannot be
/// booked dotted. The bars are on the calendar's one scale for the whole booking window, so a
/// day's bar is the same whichever days are around it.
enum FareStrip {
  /// Columns a day takes.
  static let cellWidth = 7

  static func draw(
    _ state: ResultsFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    language: Language
  ) {
    guard rect.height >= 3, rect.width >= cellWidth else { return }
    let searched = state.criteria.departure
    let days: [FareDay]
    var scale: FareScale?
    switch state.fares {
    case .loaded(let calendar):
      days = calendar.days
      scale = calendar.scale
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
    let cheapest = prices.min() ?? 0
    let (low, high) = scale.map { ($0.lowest.amount, $0.highest.amount) } ?? (cheapest, cheapest)
    let bars = Array("▁▂▃▄▅▆▇█")
    var x = rect.x + max(0, (rect.width - shown.count * cellWidth) / 2)
    for fare in shown {
      let cell = Rect(x: x, y: rect.y, width: cellWidth, height: 3)
      if cell.maxX <= rect.maxX { canvas.record(ResultsFeature.Target.fareDay(fare.day), in: cell) }
      let isSearched = fare.day == searched
      let isCheapest = fare.lowest.map { $0.amount == cheapest && prices.count > 1 } ?? false
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
      let amount = fare.bookable ? fare.lowest.map(language.compactAmount) ?? "" : ""
      let left = max(0, (cellWidth - DisplayWidth.of(amount)) / 2)
      canvas.put(
        DisplayWidth.pad(String(repeating: " ", count: left) + amount, to: cellWidth), x: cell.x,
        y: cell.y + 1, style: isCheapest ? theme.success : theme.dim, clip: rect)
      let name = language.weekdayAndDay(fare.day)
      let label = isSearched ? "[\(name)]" : " \(name) "
      let labelStyle =
        !fare.bookable
        ? theme.dim : isSearched ? theme.title : isCheapest ? theme.success : theme.text
      canvas.put(
        DisplayWidth.pad(label, to: cellWidth), x: cell.x, y: cell.y + 2, style: labelStyle,
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
