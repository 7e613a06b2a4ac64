import Airline
import Canvas
import Domain
import FlowFaults
import Foundation
import Presentation
import Runtime

/// The real trips screen (`TripsFeature`'s reducer) with the booking just paid opened, and its
/// child flow (`TripFlow`) cancelling it as the app drives it: `c`, the airline's cancellation
/// quote, Enter, the airline's cancelled booking. Keys go to the screen; the airline's answers
/// are handed over by the flow under test (`FlowUnderTest.deliver`), as the app's root hands
/// them: whether the child's end reaches the parent is the version's to decide.
enum TripsScreen {
  /// The trips screen after cancelling `fixtures.booking` through `flow`.
  static func cancel(through flow: inout any FlowUnderTest, _ fixtures: LabFixtures)
    -> TripsFeature.State
  {
    let environment = Unreachable.environment(keys: fixtures.paymentKeys)
    let booking = fixtures.booking
    var trips = TripsFeature.State()
    trips.listing = .loaded([
      BookingListing(reference: booking.reference, recordedAt: booking.paidAt)
    ])
    trips.rows[booking.reference] = .loaded(booking)
    trips.opened = booking.reference
    trips.trip = TripFlow(booking)
    guard let quote = quote(booking) else { return trips }
    press(.character("c"), &trips, environment)
    if let asked = trips.trip?.asked {
      flow.deliver(
        .cancellationQuoted(asked, .success(quote)), to: &trips, environment: environment)
    }
    press(.enter, &trips, environment)
    if let asked = trips.trip?.asked {
      let cancelled = booking.with(
        cancellation: Cancellation(quote: quote, cancelledAt: LabFixtures.now))
      flow.deliver(
        .cancellationConfirmed(asked, .success(cancelled)), to: &trips, environment: environment)
    }
    return trips
  }

  /// The airline's quote for cancelling `booking`: a tenth kept, the rest back to its card.
  static func quote(_ booking: Booking) -> CancellationQuote? {
    let paid = booking.totalPaid
    let kept = Money(
      (paid.amount / 10).roundedHalfUp(scale: paid.currency.minorUnits), paid.currency)
    return try? CancellationQuote(
      id: CancellationQuoteID("cq-faultlab"), reference: booking.reference, paid: paid,
      kept: kept, refund: Money(paid.amount - kept.amount, paid.currency), refundable: true,
      refundTo: booking.paymentMethod, issuedAt: LabFixtures.now,
      expiresAt: LabFixtures.now.addingTimeInterval(15 * 60))
  }

  private static func press(
    _ key: Key, _ trips: inout TripsFeature.State, _ environment: AppEnvironment
  ) {
    _ = TripsFeature.reduce(
      &trips, .key(key), pageHeight: 20, environment: environment, strings: .english)
  }
}
