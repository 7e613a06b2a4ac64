import Domain

/// The airports a front end offers: by code, and searched as a person types.
public protocol AirportLookup: Sendable {
  /// The airport with `code`, if there is one.
  func airport(_ code: IATACode) -> Airport?
  /// Airports matching `query` (a code, a city or a name, in any case and with or without
  /// accents), best first, at most `limit`.
  func search(_ query: String, limit: Int) -> [Airport]
}

/// What an airline's price for a draft and its extras will be before it is asked for a quote:
/// the extras panel shows it as the person chooses, and a quote confirms it.
public protocol FareEstimator: Sendable {
  /// The most checked bags a passenger may take.
  var maximumBags: Int { get }
  /// The lines a quote for `draft` with `extras` on `seatMaps` (one per slice) would hold, or
  /// nil when the extras do not fit the seat maps (a seat taken, one seat for two passengers).
  func lineItems(draft: BookingDraft, extras: Extras, seatMaps: [SeatMap]) -> [LineItem]?
}
