import Airline
import Domain
import FlowOwner
import Foundation
import Presentation

/// The small interface a scenario drives: the real flow and every fault stand behind it.
///
/// A late reply is no operation of its own: it is an output whose origin step has left the path.
public protocol FlowUnderTest {
  /// A search was submitted from the search form.
  mutating func searchSubmitted(_ criteria: SearchCriteria)
  /// The step `origin` produced the input of `next`, the step that follows it (a results step
  /// an offer, as `.passengers(offer)`; a passengers step a draft; an extras step a quote): one
  /// operation for every step, so a new step adds none.
  mutating func advance(to next: BookingStep, from origin: BookingStep)
  /// The traveller accepted the price the airline changed in `quote`, asked on the step `origin`.
  mutating func priceChangeAccepted(_ quote: Quote, from origin: BookingStep)
  /// The payment step `origin` produced a booking.
  mutating func paid(_ reference: BookingReference, from origin: BookingStep)
  /// The person went back one screen.
  mutating func back()
  /// A new booking, from the confirmation.
  mutating func startOver()
  /// Replaces the flow with the one `json` describes, as a relaunch does, fetching via `lookup`.
  mutating func restore(_ json: String, using lookup: some BookingLookup, now: Date) async
  /// Replaces the flow with what a payment link for `quoteID` opens, fetching via `lookup`.
  mutating func openPayLink(_ quoteID: QuoteID, using lookup: some BookingLookup, now: Date) async
  /// The payment screen's background price refresh came home with `offer`, fetched again.
  mutating func priceRefreshed(_ offer: Offer)
  /// The promo code was applied at payment.
  mutating func promoApplied()
  /// The confirmation's travellers were kept for the next booking.
  mutating func travellersSaved()
  /// The screens on the path, oldest first; empty means the search form.
  var path: [Stop] { get }
  /// The seats the flow holds for the booking in progress.
  var seats: [SeatDesignator] { get }
  /// What an observer of the flow sees together: the flight chosen (its offer's ID) and the
  /// price shown with it; `none` for either when there is none.
  var fare: (flight: String, price: String) { get }
  /// What Pay does on the payment screen shown: `live`, `dead: <field> is nil`, or `no payment`
  /// when none is shown.
  var payButton: String { get }
  /// What the flow would persist, as JSON with sorted keys.
  func snapshotJSON() -> String
  /// The trips screen's child flow (`TripFlow`) answered with `action`, handed to the trips
  /// screen `trips` as the app's root hands it: the child's end reaching its parent, or not.
  mutating func deliver(
    _ action: TripsFeature.Action, to trips: inout TripsFeature.State, environment: AppEnvironment)
}

extension FlowUnderTest {
  /// As the app does: the trips screen's own reducer takes the answer, and with it the child's
  /// end (`TripFlow.Output`), a value it must handle.
  public mutating func deliver(
    _ action: TripsFeature.Action, to trips: inout TripsFeature.State, environment: AppEnvironment
  ) {
    _ = TripsFeature.reduce(
      &trips, action, pageHeight: 20, environment: environment, strings: .english)
  }

  /// The offer of the first step on the path for one (the passengers'), and the total of the
  /// last quote held there, else of that offer: the price a flow owning its steps shows is its steps' own.
  public var fare: (flight: String, price: String) {
    let steps = path.compactMap(\.step)
    let offer = steps.lazy.compactMap(\.offer).first
    let quote = steps.heldQuote
    return (
      offer.map(\.id.rawValue) ?? "none",
      (quote?.total ?? offer?.total).map(\.description) ?? "none"
    )
  }

  /// Live when a payment step is shown: its input is the quote it pays.
  public var payButton: String { path.last?.screen == .payment ? "live" : "no payment" }
}
