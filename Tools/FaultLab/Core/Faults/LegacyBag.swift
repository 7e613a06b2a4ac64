import Domain
import FlowOwner
import Foundation

/// The legacy shared bag: a class of optionals any screen writes, last writer wins.
///
/// Screens push themselves on a stack of screen names and read their data from the bag, so going
/// back keeps the old seats, a late or doubled reply still pushes, paying pushes on top, the
/// whole bag (names included) is persisted, and restoring trusts it without asking the clock.
final class LegacyBag: FlowUnderTest {
  private var record = Record()

  /// What the bag holds, persisted as it is.
  private struct Record: Codable {
    var criteria: SearchCriteria?
    var offer: Offer?
    var draft: BookingDraft?
    var quote: Quote?
    var reference: BookingReference?
    var screens: [String] = []
  }

  func searchSubmitted(_ criteria: SearchCriteria) {
    record.criteria = criteria
    record.screens = [Screen.results.rawValue]
  }

  func offerSelected(_ offer: Offer, from origin: BookingStep) {
    record.offer = offer
    record.screens.append(Screen.passengers.rawValue)
  }

  func passengersSaved(_ draft: BookingDraft, from origin: BookingStep) {
    record.draft = draft
    record.screens.append(Screen.extras.rawValue)
  }

  func extrasPriced(_ quote: Quote, from origin: BookingStep) {
    record.quote = quote
    record.screens.append(Screen.payment.rawValue)
  }

  func paid(_ reference: BookingReference, from origin: BookingStep) {
    record.reference = reference
    record.screens.append(Screen.confirmation.rawValue)
  }

  /// Pops a screen name; the bag keeps everything, the old quote and its seats too.
  func back() {
    if !record.screens.isEmpty { record.screens.removeLast() }
  }

  /// Decodes the whole bag and shows it: nothing is fetched again, no price lock is checked.
  func restore(_ json: String, using lookup: MemoryLookup, now: Date) async {
    record = LabJSON.decode(Record.self, from: json) ?? Record()
  }

  /// Each screen shows whatever the bag holds now, not what it was pushed with.
  var path: [Stop] {
    record.screens.compactMap { name in
      switch Screen(rawValue: name) {
      case .results: record.criteria.map { Stop(.results($0)) }
      case .passengers: record.offer.map { Stop(.passengers($0, prefill: .empty)) }
      case .extras: record.draft.map { Stop(.extras($0)) }
      case .payment: record.quote.map { Stop(.payment($0)) }
      case .confirmation: record.reference.map { Stop(.confirmation($0)) }
      case .notice: Stop.notice
      case nil: nil
      }
    }
  }

  /// The bag's quote's seats, whichever offer they were chosen for.
  var seats: [SeatDesignator] { record.quote.map { Array($0.extras.seats.values) } ?? [] }

  func snapshotJSON() -> String { LabJSON.encode(record) }
}
