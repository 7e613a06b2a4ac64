import Airline
import Domain
import FlowOwner
import Foundation
import Workshop

/// The workshop's bag, `BookingBag`: the one `booking --flow bag` runs, driven through
/// faultlab's interface. One bag, one behaviour: what the app shows live, the matrix measures.
///
/// Screens push themselves on a stack of screen kinds and read their data from the bag, so going
/// back keeps the old seats, a late or doubled reply still pushes, and paying pushes on top. Like
/// the seeds' Android bag, only the screens are saved: a relaunch brings them back over an empty
/// bag, where Pay reads nil.
struct WorkshopBag: FlowUnderTest {
  private var bag = BookingBag()

  mutating func searchSubmitted(_ criteria: SearchCriteria) {
    _ = bag.searchSubmitted(criteria)
  }

  /// What each screen writes into the bag for the step after it. With saved travellers, the
  /// results screen has a draft made from them instead of opening the passengers screen; the
  /// lab's airline answers at once, as the app's does with no latency.
  ///
  /// The screen that wrote it is told by the record the next step carries, as the bag's root
  /// tells it (the bag's `produced`).
  mutating func advance(to next: BookingStep, from origin: BookingStep) {
    let output = BookingStep.Records(offer: next.offer, draft: next.draft, quote: next.quote)
    _ = bag.produced(output, from: origin)
    guard next.quote == nil, next.draft == nil, let offer = next.offer,
      let saved = bag.savedTravellers,
      let draft = try? BookingDraft(
        id: DraftID("draft-saved-" + offer.id.rawValue), offer: offer,
        passengers: saved.passengers, contact: saved.contact)
    else { return }
    _ = bag.savedTravellersDrafted(draft)
  }

  /// The bag's root takes an accepted new price as the extras screen's quote.
  mutating func priceChangeAccepted(_ quote: Quote, from origin: BookingStep) {
    _ = bag.extrasPriced(quote, from: origin)
  }

  mutating func paid(_ reference: BookingReference, from origin: BookingStep) {
    _ = bag.paid(reference, from: origin)
  }

  mutating func back() { _ = bag.back() }

  mutating func startOver() { _ = bag.startOver() }

  /// A new process: the screens come back, the bag is a new empty one. Nothing is fetched again
  /// and no price lock is checked.
  mutating func restore(_ json: String, using lookup: some BookingLookup, now: Date) async {
    bag = BookingBag(
      restoring: LabJSON.decode(SavedScreens.self, from: json) ?? SavedScreens(screens: []))
  }

  /// The bag's deep-link handler fills it by hand and sets `isFromDeepLink`.
  mutating func openPayLink(_ quoteID: QuoteID, using lookup: some BookingLookup, now: Date)
    async
  {
    bag = await BookingBag.openingPayLink(quoteID, using: lookup) ?? BookingBag()
  }

  mutating func priceRefreshed(_ offer: Offer) { bag.priceRefreshed(offer) }

  mutating func promoApplied() { bag.promoApplied() }

  mutating func travellersSaved() { bag.travellersSaved() }

  /// Each screen shows whatever the bag holds now, not what it was pushed with; a screen whose
  /// field is nil shows nothing.
  var path: [Stop] {
    bag.screens.compactMap { kind in
      bag.step(of: kind).map(Stop.init) ?? Stop.empty(.step(kind))
    }
  }

  /// The seats the bag holds, whichever offer they were chosen for.
  var seats: [SeatDesignator] { bag.selectedExtras.map { Array($0.seats.values) } ?? [] }

  /// The offer and the price, written apart by different screens.
  var fare: (flight: String, price: String) {
    (
      bag.selectedOffer.map(\.id.rawValue) ?? "none",
      bag.totalPrice.map(\.description) ?? "none"
    )
  }

  /// Pay reads the bag with `guard let`: dead when a field it reads is nil.
  var payButton: String {
    guard bag.current == .payment else { return "no payment" }
    return bag.payBlocker.map { "dead: \($0.rawValue) is nil" } ?? "live"
  }

  func snapshotJSON() -> String { LabJSON.encode(bag.savedScreens) }
}
