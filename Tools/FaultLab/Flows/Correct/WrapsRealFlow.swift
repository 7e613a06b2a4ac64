import Airline
import Domain
import FlowOwner
import Foundation

/// A fault that is the real flow except for what it redefines: one fault, one deviation.
protocol WrapsRealFlow: FlowUnderTest {
  /// The real flow the fault forwards to.
  var base: RealFlow { get set }
}

extension WrapsRealFlow {
  mutating func searchSubmitted(_ criteria: SearchCriteria) { base.searchSubmitted(criteria) }

  mutating func advance(to next: BookingStep, from origin: BookingStep) {
    base.advance(to: next, from: origin)
  }

  mutating func priceChangeAccepted(_ quote: Quote, from origin: BookingStep) {
    base.priceChangeAccepted(quote, from: origin)
  }

  mutating func paid(_ reference: BookingReference, from origin: BookingStep) {
    base.paid(reference, from: origin)
  }

  mutating func back() { base.back() }

  mutating func startOver() { base.startOver() }

  mutating func restore(_ json: String, using lookup: some BookingLookup, now: Date) async {
    await base.restore(json, using: lookup, now: now)
  }

  mutating func openPayLink(_ quoteID: QuoteID, using lookup: some BookingLookup, now: Date)
    async
  {
    await base.openPayLink(quoteID, using: lookup, now: now)
  }

  mutating func priceRefreshed(_ offer: Offer) { base.priceRefreshed(offer) }

  mutating func promoApplied() { base.promoApplied() }

  mutating func travellersSaved() { base.travellersSaved() }

  var path: [Stop] { base.path }

  /// The seats of the quotes on the path this fault shows.
  var seats: [SeatDesignator] { Stop.seats(on: path) }

  func snapshotJSON() -> String { base.snapshotJSON() }
}
