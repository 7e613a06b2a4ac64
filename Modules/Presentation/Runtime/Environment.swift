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
  /// A fresh idempotency key for a new payment attempt.
  public let newPaymentKey: @Sendable () -> IdempotencyKey

  /// An environment.
  public init(
    services: BookingServices, airports: any AirportLookup, fares: any FareEstimator,
    clock: WallClock,
    newPaymentKey: @escaping @Sendable () -> IdempotencyKey = AppEnvironment.randomKey
  ) {
    self.services = services
    self.airports = airports
    self.fares = fares
    self.clock = clock
    self.newPaymentKey = newPaymentKey
  }

  /// A random key such as `pay-5f0c93a1b2c4d6e8`.
  public static let randomKey: @Sendable () -> IdempotencyKey = { .random(prefix: "pay") }
}
