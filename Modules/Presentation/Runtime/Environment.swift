import Canvas
import Domain
import FoundationEssentials
import Services

/// What features need from outside: the airline, the airports, the clock, fresh keys.
public struct AppEnvironment: Sendable {
  /// The airline's services.
  public let services: BookingServices
  /// The built-in airports, for autocomplete.
  public let airports: AirportDirectory
  /// The time.
  public let clock: WallClock
  /// A fresh idempotency key for a new payment attempt.
  public let newPaymentKey: @Sendable () -> IdempotencyKey

  /// An environment.
  public init(
    services: BookingServices, airports: AirportDirectory = .builtIn, clock: WallClock,
    newPaymentKey: @escaping @Sendable () -> IdempotencyKey = AppEnvironment.randomKey
  ) {
    self.services = services
    self.airports = airports
    self.clock = clock
    self.newPaymentKey = newPaymentKey
  }

  /// A random key such as `pay-5f0c93a1b2c4d6e8`.
  public static let randomKey: @Sendable () -> IdempotencyKey = { .random(prefix: "pay") }
}
