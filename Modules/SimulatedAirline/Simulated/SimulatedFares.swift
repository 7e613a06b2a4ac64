import Airline
import Domain

/// The simulated airline's fee schedule as the estimate a front end shows: the same numbers the
/// airline quotes.
public struct SimulatedFares: FareEstimator {
  /// The estimator.
  public init() {}

  public var maximumBags: Int { QuotePricing.maximumBags }

  public func lineItems(draft: BookingDraft, extras: Extras, seatMaps: [SeatMap]) -> [LineItem]? {
    try? QuotePricing.lineItems(draft: draft, extras: extras, seatMaps: seatMaps)
  }
}

extension AirportDirectory: AirportLookup {}
