import Airline
import Canvas
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What features need from outside: the airline, the airports, the clock, fresh keys.
public struct AppEnvironment: Sendable {
  /// The airline's services.
  public let services: BookingServices
  /// The airports, for autocomplete.
  public let airports: any AirportLookup
  /// The airline's prices before a quote, for the extras panel's estimate.
  public let fares: any FareEstimator
  /// The time.
  public let clock: WallClock
  /// Where payment attempts' keys come from (a seed: reducers derive each key, never draw one).
  public let paymentKeys: PaymentKeys

  /// An environment.
  public init(
    services: BookingServices, airports: any AirportLookup, fares: any FareEstimator,
    clock: WallClock, paymentKeys: PaymentKeys = .random()
  ) {
    self.services = services
    self.airports = airports
    self.fares = fares
    self.clock = clock
    self.paymentKeys = paymentKeys
  }
}
