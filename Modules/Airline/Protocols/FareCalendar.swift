import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What narrows a fare calendar: the offers each day's lowest total is taken from, as the
/// results' filters narrow the list (`FareFilter()` takes every offer).
public struct FareFilter: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Only trips whose every slice is nonstop.
  public var nonstopOnly: Bool
  /// The airlines (by code) whose offers are left out.
  public var hiddenAirlines: Set<String>
  /// The local hours the outbound must leave in (6..<12: from 06:00 to 11:59); nil: any hour.
  public var departureHours: Range<Int>?
  /// The highest total for the party; nil: any.
  public var highestTotal: Decimal?

  /// A filter; the defaults leave every offer in.
  public init(
    nonstopOnly: Bool = false, hiddenAirlines: Set<String> = [], departureHours: Range<Int>? = nil,
    highestTotal: Decimal? = nil
  ) {
    self.nonstopOnly = nonstopOnly
    self.hiddenAirlines = hiddenAirlines
    self.departureHours = departureHours
    self.highestTotal = highestTotal
  }

  /// Whether `offer` passes: every slice nonstop when asked, its airline not hidden, its
  /// outbound leaving in the hours, its total at most the highest.
  public func admits(_ offer: Offer) -> Bool {
    admits(
      stops: offer.stops, airlineCode: offer.airline.code,
      departureHour: offer.departure.clock.hour, total: offer.total.amount)
  }

  /// Whether an offer with the most stops of any slice `stops`, sold by `airlineCode`, leaving
  /// at local hour `departureHour`, for `total`, passes.
  public func admits(stops: Int, airlineCode: String, departureHour: Int, total: Decimal) -> Bool {
    (!nonstopOnly || stops == 0)
      && (hiddenAirlines.isEmpty || !hiddenAirlines.contains(airlineCode))
      && (departureHours?.contains(departureHour) ?? true)
      && (highestTotal.map { total <= $0 } ?? true)
  }

  /// The filter in a few stable words ("any", or "nonstop without KL,LH hours 6-12 upto 300"),
  /// the same for equal filters: for keys of journals and caches.
  public var description: String {
    var parts: [String] = []
    if nonstopOnly { parts.append("nonstop") }
    if !hiddenAirlines.isEmpty {
      parts.append("without " + hiddenAirlines.sorted().joined(separator: ","))
    }
    if let hours = departureHours {
      parts.append("hours \(hours.lowerBound)-\(hours.upperBound)")
    }
    if let highest = highestTotal { parts.append("upto \(highest)") }
    return parts.isEmpty ? "any" : parts.joined(separator: " ")
  }
}

/// The lowest totals of the days around a search's, and the one scale to draw them on.
public struct FareCalendar: Hashable, Sendable, Codable {
  /// The days asked for, in order.
  public let days: [FareDay]
  /// The lowest and the highest of the daily lowest totals over every bookable day of the
  /// booking window, for the same filter: bars drawn on it are the same whichever days show.
  /// Nil when no bookable day has a fare.
  public let scale: FareScale?

  /// A calendar.
  public init(days: [FareDay], scale: FareScale?) {
    self.days = days
    self.scale = scale
  }
}

/// The span of a fare calendar's scale.
public struct FareScale: Hashable, Sendable, Codable {
  /// The cheapest day's lowest total.
  public let lowest: Money
  /// The dearest day's lowest total.
  public let highest: Money

  /// A span from `lowest` to `highest`.
  public init(lowest: Money, highest: Money) {
    self.lowest = lowest
    self.highest = highest
  }
}
