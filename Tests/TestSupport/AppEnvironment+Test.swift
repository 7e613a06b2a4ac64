import Airline
import AirlineTesting
import Presentation
import Testing

extension TestAirline {
  /// An airline whose every call fails the test that makes it, through Swift Testing's
  /// `Issue.record`.
  public static let failing = TestAirline(unexpected: { Issue.record(Comment(rawValue: $0)) })
}

extension AppEnvironment {
  /// The environment of a screen test: `airline` (failing wherever the test did not say), the
  /// fixture airports and fares, the clock, and payment keys from a fixed seed.
  public static func test(
    airline: TestAirline = .failing, clock: WallClock = .fixed(Fixture.now),
    paymentKeys: PaymentKeys = PaymentKeys(seed: 1)
  ) -> AppEnvironment {
    AppEnvironment(
      services: airline.services, airports: FixtureAirports(), fares: FixtureFares(),
      clock: clock, paymentKeys: paymentKeys)
  }
}
