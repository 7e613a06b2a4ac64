import Airline
import Domain
import FlowOwner
import Foundation

/// The small interface a scenario drives: the real flow and every fault stand behind it.
///
/// A late reply is no operation of its own: it is an output whose origin step has left the path.
public protocol FlowUnderTest {
  /// A search was submitted from the search form.
  mutating func searchSubmitted(_ criteria: SearchCriteria)
  /// The results step `origin` produced `offer`.
  mutating func offerSelected(_ offer: Offer, from origin: BookingStep)
  /// The passengers step `origin` produced `draft`.
  mutating func passengersSaved(_ draft: BookingDraft, from origin: BookingStep)
  /// The extras step `origin` produced `quote`.
  mutating func extrasPriced(_ quote: Quote, from origin: BookingStep)
  /// The payment step `origin` produced a booking.
  mutating func paid(_ reference: BookingReference, from origin: BookingStep)
  /// The person went back one screen.
  mutating func back()
  /// Replaces the flow with the one `json` describes, as a relaunch does, fetching via `lookup`.
  mutating func restore(_ json: String, using lookup: some BookingLookup, now: Date) async
  /// The screens on the path, oldest first; empty means the search form.
  var path: [Stop] { get }
  /// The seats the flow holds for the booking in progress.
  var seats: [SeatDesignator] { get }
  /// What the flow would persist, as JSON with sorted keys.
  func snapshotJSON() -> String
}
