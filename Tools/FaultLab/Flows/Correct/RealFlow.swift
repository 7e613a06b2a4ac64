import Airline
import Domain
import FlowOwner
import Foundation

/// The correct version: the real `BookingFlow`, its real snapshot and its real `restore`.
public struct RealFlow: FlowUnderTest {
  /// The real flow owner.
  public internal(set) var flow = BookingFlow()

  /// A flow at the search form.
  public init() {}

  /// Forwards to `BookingFlow.searchSubmitted`.
  public mutating func searchSubmitted(_ criteria: SearchCriteria) {
    flow.searchSubmitted(criteria)
  }

  /// Forwards to `BookingFlow.advance`.
  public mutating func advance(to next: BookingStep, from origin: BookingStep) {
    flow.advance(to: next, from: origin)
  }

  /// Forwards to `BookingFlow.acceptPriceChange`.
  public mutating func priceChangeAccepted(_ quote: Quote, from origin: BookingStep) {
    flow.acceptPriceChange(quote, from: origin)
  }

  /// Forwards to `BookingFlow.paid`.
  public mutating func paid(_ reference: BookingReference, from origin: BookingStep) {
    flow.paid(reference, from: origin)
  }

  /// Forwards to `BookingFlow.back`.
  public mutating func back() { flow.back() }

  /// Forwards to `BookingFlow.startOver`.
  public mutating func startOver() { flow.startOver() }

  /// A link is a snapshot: restored like any other.
  public mutating func openPayLink(
    _ quoteID: QuoteID, using lookup: some BookingLookup, now: Date
  ) async {
    flow = await BookingFlow.open(.pay(quoteID), using: lookup, now: now).flow
  }

  /// Nothing: the price is the quote's, on the payment step; a refresh has no field to write.
  public mutating func priceRefreshed(_ offer: Offer) {}

  /// Nothing: the real flow prices extras into a quote, and nothing writes a price over it.
  public mutating func promoApplied() {}

  /// Nothing: a passengers step makes the draft the extras step takes, and nothing else can.
  public mutating func travellersSaved() {}

  /// Reads the JSON as a `BookingSnapshot` (an unreadable one opens the search form) and restores.
  public mutating func restore(_ json: String, using lookup: some BookingLookup, now: Date) async {
    guard let snapshot = LabJSON.snapshot(from: json) else {
      flow = BookingFlow()
      return
    }
    flow = await BookingFlow.restore(snapshot, using: lookup, now: now).flow
  }

  /// The real path, step by step.
  public var path: [Stop] { flow.path.map(Stop.init) }

  /// The seats of the quote on the path.
  public var seats: [SeatDesignator] { Stop.seats(on: path) }

  /// The real `BookingSnapshot` as JSON.
  public func snapshotJSON() -> String { LabJSON.encode(flow.snapshot) }
}
