import Airline
import FlowOwner
import Words

/// What `booking --flow bag` starts with: a link filled in by the bag's deep-link handler, else
/// the screens the last process saved (unless `--fresh`), over an empty bag, as a platform
/// restores a back stack; else the search form. The real flow's saved session is never read.
public struct BagStart: Sendable {
  /// The link to open, if any.
  public let link: DeepLink?
  /// Whether the saved screens are left unread.
  public let fresh: Bool
  /// The language of what the header says.
  public let language: Language

  /// A start opening `link`, or the saved screens unless `fresh`.
  public init(link: DeepLink?, fresh: Bool, language: Language) {
    self.link = link
    self.fresh = fresh
    self.language = language
  }

  /// The start's work: the action to hand the program, nil for the search form.
  public func work(services: some BookingLookup, screens: any SavedScreensStore) async
    -> BagRootFeature.Action?
  {
    let strings = language.strings
    switch link {
    case .pay(let quoteID)?:
      guard let bag = await BookingBag.openingPayLink(quoteID, using: services) else {
        // The handler gives up and leaves the bag empty.
        return .opened(
          BookingBag(),
          notice: strings.restoreNotice(.fellBack(to: .search, because: .quoteUnavailable)))
      }
      return .opened(bag, notice: strings.openedFromLink(.payment))
    case .search(let criteria)?:
      return .opened(
        BookingBag.openingSearchLink(criteria),
        notice: strings.openedFromLink(.results))
    case .trip?:
      // The bag holds the booking's screens only, not the trips' own flow: a trip link opens
      // it at its search form.
      return nil
    case nil:
      guard !fresh, let saved = screens.load(), !saved.screens.isEmpty else { return nil }
      return .opened(BookingBag(restoring: saved), notice: nil)
    }
  }
}
