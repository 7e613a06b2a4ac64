import Airline
import Domain
import FlowOwner
import Foundation

/// The legacy shared bag: a class of optionals any screen writes, last writer wins.
///
/// Screens push themselves on a stack of screen names and read their data from the bag, so going
/// back keeps the old seats, a late or doubled reply still pushes, and paying pushes on top.
/// Like the seeds' Android bag, only the navigation back stack is saved: the bag itself lives in
/// the process, and a new process (after `kill -9`, or the system reclaiming memory) starts with
/// an empty one under the restored screens.
final class LegacyBag: FlowUnderTest {
  private var record = Record()

  /// What the bag holds, in memory only.
  private struct Record {
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

  /// What the platform saves for a relaunch: the back stack's screen names, not the bag.
  private struct SavedBackStack: Codable {
    var screens: [String]
  }

  /// A new process: the back stack comes back, the bag is a new empty one. Nothing is fetched
  /// again and no price lock is checked; every field the screens read is nil.
  func restore(_ json: String, using lookup: some BookingLookup, now: Date) async {
    record = Record()
    record.screens = LabJSON.decode(SavedBackStack.self, from: json)?.screens ?? []
  }

  /// Each screen shows whatever the bag holds now, not what it was pushed with; a screen whose
  /// field is nil shows nothing.
  var path: [Stop] {
    record.screens.compactMap { name in
      guard let screen = Screen(rawValue: name) else { return nil }
      let shown: Stop? =
        switch screen {
        case .results: record.criteria.map { Stop(.results($0)) }
        case .passengers: record.offer.map { Stop(.passengers($0, prefill: .empty)) }
        case .extras: record.draft.map { Stop(.extras($0)) }
        case .payment: record.quote.map { Stop(.payment($0)) }
        case .confirmation: record.reference.map { Stop(.confirmation($0)) }
        case .notice: Stop.notice
        }
      return shown ?? Stop.empty(screen)
    }
  }

  /// The bag's quote's seats, whichever offer they were chosen for.
  var seats: [SeatDesignator] { record.quote.map { Array($0.extras.seats.values) } ?? [] }

  func snapshotJSON() -> String { LabJSON.encode(SavedBackStack(screens: record.screens)) }
}
