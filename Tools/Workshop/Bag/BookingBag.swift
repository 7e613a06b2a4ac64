import Airline
import Domain
import FlowOwner

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The booking flow built the way the workshop's article warns against, on purpose: one shared
/// object of optionals (the article's `BookingBag`) that every screen writes, a
/// navigation stack of screens that carry no data, and a `reset()` that clears fields by hand.
///
/// `booking --flow bag` runs the real screens on it (each built from what the bag holds when it
/// is shown) and faultlab contrasts it with `BookingFlow`: one bag, one behaviour. What it
/// breaks, as the article tells it:
/// - **A stale seat:** changing flight does not clear `selectedExtras`, so the new flight's
///   extras panel starts with the old flight's seats.
/// - **Back after paying:** `paid` pushes the confirmation on top of the payment screen, whose
///   quote is still in the bag: Esc reaches a payment already made.
/// - **`isFromDeepLink`:** a payment link fills the bag by hand and sets the flag; Back from
///   payment branches on it, and `reset()` forgets it, so it leaks into the next booking.
/// - **Process death:** only the screens are saved (`savedScreens`), as a platform saves a back
///   stack; a new process restores them over an empty bag, and Pay reads nil (`payBlocker`).
/// - **Three writers of the price:** the extras screen, the payment screen's background refresh
///   and the promo code all write `totalPrice`; whoever writes last wins.
/// - **An observer sees the new flight with the old price:** `selectedOffer` and `totalPrice`
///   are written apart, so whoever watches both (the trip bar) sees them disagree.
/// - **Temporal coupling:** only the passengers screen writes `contactEmail`, and the payment
///   screen reads it; saved travellers skip the passengers screen, and Pay reads nil.
/// - **An observer that writes back:** made observable, the bag tells the trip bar of every
///   write; told that the extras changed, it computes the price again and writes it back
///   (`tripBarObserved(since:)`), and its own write goes back to the observers.
public struct BookingBag: Hashable, Sendable {
  /// The bag's fields, in the order screens fill them; the newest last.
  public enum Field: String, CaseIterable, Sendable {
    case searchCriteria, selectedOffer, draft, contactEmail, selectedExtras, totalPrice, quote
    case booking, savedTravellers, isFromDeepLink
  }

  /// Who writes the bag's fields: the screens, the price refresh, the promo code, the trip bar
  /// observing the bag, the deep-link handler and `reset()`. The raw value is the name the
  /// inspector shows in English.
  public enum Writer: String, CaseIterable, Sendable {
    case searchScreen = "search screen"
    case resultsScreen = "results screen"
    case resultsSavedTravellers = "results screen (saved travellers)"
    case passengersScreen = "passengers screen"
    case extrasScreen = "extras screen"
    case priceRefresh = "price refresh"
    case promoCode = "promo code"
    case tripBar = "trip bar (observer)"
    case paymentScreen = "payment screen"
    case confirmationScreen = "confirmation screen"
    case deepLinkHandler = "deep link handler"
    case reset = "reset()"
  }

  /// Travellers kept for the next booking (the traveller's profile, not the booking's data).
  public struct SavedTravellers: Hashable, Sendable {
    public let passengers: [Passenger]
    public let contact: Contact

    /// Travellers and their contact.
    public init(passengers: [Passenger], contact: Contact) {
      self.passengers = passengers
      self.contact = contact
    }
  }

  public private(set) var searchCriteria: SearchCriteria?
  public private(set) var selectedOffer: Offer?
  public private(set) var draft: BookingDraft?
  public private(set) var contactEmail: String?
  public private(set) var selectedExtras: Extras?
  public private(set) var totalPrice: Money?
  public private(set) var quote: Quote?
  public private(set) var booking: BookingReference?
  public private(set) var savedTravellers: SavedTravellers?
  public private(set) var isFromDeepLink = false
  /// Who wrote each field last (a screen, the price refresh, the promo code, the deep-link
  /// handler, `reset()`).
  public private(set) var writers: [Field: Writer] = [:]
  /// The screens open, bottom first: kinds only, like a navigation controller's stack.
  public private(set) var screens: [StepKind] = []

  /// An empty bag at the search form.
  public init() {}

  /// The bag of a new process whose platform restored `saved`: the screens come back, every
  /// field is nil.
  public init(restoring saved: SavedScreens) {
    screens = saved.screens
  }

  // MARK: - What the screens are built from

  /// The step each open screen is built from, built from what the bag holds now; nil for a
  /// screen whose field is missing (the legacy screen would crash on its force unwrap). The
  /// results from the criteria, the confirmation from the booking, and every step between as
  /// the flow owner builds it from records (`BookingStep.init(_:from:)`) out of the bag's offer,
  /// draft, extras and quote: the bag "helps", so whatever draft it still holds prefills the
  /// passengers form, and whatever extras it still holds start the extras screen.
  public func step(of screen: StepKind) -> BookingStep? {
    if screen == .search { return nil }
    if screen == .results { return searchCriteria.map { .results($0) } }
    if screen == .confirmation { return booking.map { .confirmation($0) } }
    return BookingStep(
      screen,
      from: .init(
        offer: selectedOffer, draft: draft, chosen: selectedExtras ?? .none, quote: quote))
  }

  /// Opens the screen after `origin`'s (`StepKind.next`: the one its declaration says follows);
  /// the event names it.
  private mutating func open(after origin: StepKind, id: String) -> FlowEvent {
    guard let next = origin.next else {
      return event(.advanced(to: origin, id: id, from: origin))
    }
    screens.append(next)
    return event(.advanced(to: next, id: id, from: origin))
  }

  /// The open screens that have their data, built from the bag.
  public var path: [BookingStep] { screens.compactMap(step(of:)) }

  /// The screen shown as current.
  public var current: StepKind { screens.last ?? .search }

  /// Whether the current screen is open with nothing to build it from (after a relaunch).
  public var currentIsEmpty: Bool { current != .search && step(of: current) == nil }

  /// Any screen can be popped, the confirmation included.
  public var canGoBack: Bool { !screens.isEmpty }

  /// What the platform saves for a relaunch: the screens, not the bag.
  public var savedScreens: SavedScreens { SavedScreens(screens: screens) }

  /// The field the payment screen's Pay finds nil, if one is: it reads the quote, the price and
  /// the contact's email from the bag, and with a `guard let` does nothing when one is missing.
  /// Nil when Pay goes through.
  public var payBlocker: Field? {
    if quote == nil { return .quote }
    if totalPrice == nil { return .totalPrice }
    if contactEmail == nil { return .contactEmail }
    return nil
  }

  // MARK: - Every screen writes the bag

  private mutating func write<Value>(
    _ field: Field, _ keyPath: WritableKeyPath<Self, Value>, _ value: Value, by writer: Writer
  ) {
    self[keyPath: keyPath] = value
    writers[field] = writer
  }

  private func event(_ transition: FlowTransition) -> FlowEvent {
    FlowEvent(
      transition: transition, outcome: .accepted(removed: []), pathAfter: path.map(\.kind))
  }

  /// The search screen writes the criteria and opens the results.
  public mutating func searchSubmitted(_ criteria: SearchCriteria) -> FlowEvent {
    write(.searchCriteria, \.searchCriteria, criteria, by: .searchScreen)
    screens = [.results]
    return event(.searchSubmitted(criteria))
  }

  /// The results screen writes the offer and opens the passengers screen; with saved
  /// travellers it opens nothing yet: a draft is made from them first
  /// (`savedTravellersDrafted`), and the passengers screen is skipped.
  public mutating func offerSelected(_ offer: Offer, from origin: BookingStep) -> FlowEvent {
    // Nothing that belonged to the old flight is cleared (its seats, its price): nobody
    // remembered to.
    write(.selectedOffer, \.selectedOffer, offer, by: .resultsScreen)
    guard savedTravellers == nil else {
      return event(.advanced(to: .passengers, id: offer.id.rawValue, from: origin.kind))
    }
    return open(after: origin.kind, id: offer.id.rawValue)
  }

  /// The draft the results screen made from the saved travellers: the extras screen opens,
  /// and the passengers screen, the one that writes `contactEmail`, never ran.
  public mutating func savedTravellersDrafted(_ draft: BookingDraft) -> FlowEvent {
    write(.draft, \.draft, draft, by: .resultsSavedTravellers)
    screens.append(.extras)
    return event(.advanced(to: .extras, id: draft.id.rawValue, from: .results))
  }

  /// The passengers screen writes the draft and the contact's email.
  public mutating func passengersSaved(_ draft: BookingDraft, from origin: BookingStep)
    -> FlowEvent
  {
    write(.draft, \.draft, draft, by: .passengersScreen)
    write(.contactEmail, \.contactEmail, draft.contact.email, by: .passengersScreen)
    return open(after: origin.kind, id: draft.id.rawValue)
  }

  /// The extras screen writes the extras, the quote and the price, and opens the screen after
  /// it.
  public mutating func extrasPriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent {
    write(.selectedExtras, \.selectedExtras, quote.extras, by: .extrasScreen)
    write(.quote, \.quote, quote, by: .extrasScreen)
    write(.totalPrice, \.totalPrice, quote.total, by: .extrasScreen)
    return open(after: origin.kind, id: quote.id.rawValue)
  }

  /// What a screen produced, written as that screen writes it, told by the record `output`
  /// holds: a quote, the extras screen's (nothing, when the screen passes on the quote it holds:
  /// `passedOn`); a draft, the passengers screen's; an offer, the results screen's. Nil when it
  /// holds none of them.
  public mutating func produced(_ output: BookingStep.Records, from origin: BookingStep)
    -> FlowEvent?
  {
    if let quote = output.quote {
      return origin.quote == quote ? passedOn(from: origin) : extrasPriced(quote, from: origin)
    }
    if let draft = output.draft { return passengersSaved(draft, from: origin) }
    if let offer = output.offer { return offerSelected(offer, from: origin) }
    return nil
  }

  /// A screen that passes on the record it was opened with (a review, the extras' quote) writes
  /// nothing: the field is the earlier screen's. It opens the screen after it.
  public mutating func passedOn(from origin: BookingStep) -> FlowEvent {
    open(after: origin.kind, id: origin.carriedID)
  }

  /// The payment screen's background refresh writes the offer's fare as the price (without the
  /// extras, and over whatever was there).
  public mutating func priceRefreshed(_ offer: Offer) {
    write(.totalPrice, \.totalPrice, offer.total, by: .priceRefresh)
  }

  /// The promo code service takes 10% off whatever price the bag holds now.
  public mutating func promoApplied() {
    guard let price = totalPrice else { return }
    write(
      .totalPrice, \.totalPrice, Money(price.amount * Decimal(9) / Decimal(10), price.currency),
      by: .promoCode)
  }

  /// The trip bar, observing the bag: told that `selectedExtras` changed since `before`, it adds
  /// up the quote's lines and writes the sum as the price, over the price the extras screen
  /// wrote a moment before from the same quote. Returns the price it wrote; nil when the extras
  /// did not change or there is no quote to add up.
  public mutating func tripBarObserved(since before: Self) -> Money? {
    guard selectedExtras != before.selectedExtras, let quote,
      let price = try? Money.sum(quote.lineItems.map(\.amount), in: quote.total.currency)
    else { return nil }
    write(.totalPrice, \.totalPrice, price, by: .tripBar)
    return price
  }

  /// The payment screen writes the quote priced again, and its price.
  public mutating func repriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent {
    write(.quote, \.quote, quote, by: .paymentScreen)
    write(.totalPrice, \.totalPrice, quote.total, by: .paymentScreen)
    return event(.repriced(quote.id, from: origin.kind))
  }

  /// The payment screen writes the booking and pushes the confirmation on top: the payment
  /// screen, and its paid quote, stay underneath.
  public mutating func paid(_ reference: BookingReference, from origin: BookingStep) -> FlowEvent {
    write(.booking, \.booking, reference, by: .paymentScreen)
    screens.append(.confirmation)
    return event(.paid(reference, from: origin.kind))
  }

  /// The confirmation screen keeps the draft's travellers for the next booking.
  public mutating func travellersSaved() {
    guard let draft else { return }
    write(
      .savedTravellers, \.savedTravellers,
      SavedTravellers(passengers: draft.passengers, contact: draft.contact),
      by: .confirmationScreen)
  }

  /// Pops the top screen; from a payment opened by a link there is nothing under it, so Back
  /// branches on the flag and goes to the search form.
  public mutating func back() -> FlowEvent {
    if isFromDeepLink, current == .payment {
      screens = []
    } else if !screens.isEmpty {
      screens.removeLast()
    }
    return event(.back)
  }

  /// A new booking: `reset()`.
  public mutating func startOver() -> FlowEvent {
    reset()
    return event(.startedOver)
  }

  /// Clears the booking's fields by hand, one by one. The saved travellers are the traveller's
  /// profile and stay on purpose; the newest field, `isFromDeepLink`, was never added here.
  public mutating func reset() {
    let cleared: [Field] = [
      .searchCriteria, .selectedOffer, .draft, .contactEmail, .selectedExtras, .totalPrice,
      .quote, .booking,
    ]
    for field in cleared { writers[field] = .reset }
    searchCriteria = nil
    selectedOffer = nil
    draft = nil
    contactEmail = nil
    selectedExtras = nil
    totalPrice = nil
    quote = nil
    booking = nil
    screens = []
  }

  // MARK: - One bag for a room

  /// A bag holding these fields, each written by its writer in `writers`, with no screen open:
  /// the room's bag as its file holds it (`RoomBagFile`).
  init(
    searchCriteria: SearchCriteria?, selectedOffer: Offer?, draft: BookingDraft?,
    contactEmail: String?, selectedExtras: Extras?, totalPrice: Money?, quote: Quote?,
    booking: BookingReference?, savedTravellers: SavedTravellers?, isFromDeepLink: Bool,
    writers: [Field: Writer]
  ) {
    self.searchCriteria = searchCriteria
    self.selectedOffer = selectedOffer
    self.draft = draft
    self.contactEmail = contactEmail
    self.selectedExtras = selectedExtras
    self.totalPrice = totalPrice
    self.quote = quote
    self.booking = booking
    self.savedTravellers = savedTravellers
    self.isFromDeepLink = isFromDeepLink
    self.writers = writers
  }

  /// `field`'s value and its writer taken from `other`; the screens and the other fields stay.
  mutating func copy(_ field: Field, from other: BookingBag) {
    switch field {
    case .searchCriteria: searchCriteria = other.searchCriteria
    case .selectedOffer: selectedOffer = other.selectedOffer
    case .draft: draft = other.draft
    case .contactEmail: contactEmail = other.contactEmail
    case .selectedExtras: selectedExtras = other.selectedExtras
    case .totalPrice: totalPrice = other.totalPrice
    case .quote: quote = other.quote
    case .booking: booking = other.booking
    case .savedTravellers: savedTravellers = other.savedTravellers
    case .isFromDeepLink: isFromDeepLink = other.isFromDeepLink
    }
    writers[field] = other.writers[field]
  }

  /// Whether `field` holds the same value in `other`, written by the same writer.
  func holdsSame(_ field: Field, as other: BookingBag) -> Bool {
    guard writers[field] == other.writers[field] else { return false }
    switch field {
    case .searchCriteria: return searchCriteria == other.searchCriteria
    case .selectedOffer: return selectedOffer == other.selectedOffer
    case .draft: return draft == other.draft
    case .contactEmail: return contactEmail == other.contactEmail
    case .selectedExtras: return selectedExtras == other.selectedExtras
    case .totalPrice: return totalPrice == other.totalPrice
    case .quote: return quote == other.quote
    case .booking: return booking == other.booking
    case .savedTravellers: return savedTravellers == other.savedTravellers
    case .isFromDeepLink: return isFromDeepLink == other.isFromDeepLink
    }
  }

  // MARK: - The deep-link handler

  /// The deep-link handler: a payment link fills the bag by hand, imitating what the four
  /// screens before payment would have written, and sets `isFromDeepLink` so the screens can
  /// tell. It imitates what the screens wrote when it was written: the saved travellers, added
  /// to the confirmation since, are not among them. Nil when the quote, its draft or its offer
  /// cannot be fetched.
  public static func openingPayLink(_ quoteID: QuoteID, using lookup: some BookingLookup) async
    -> BookingBag?
  {
    do throws(ServiceError) {
      let quote = try await lookup.quote(id: quoteID)
      let draft = try await lookup.draft(id: quote.draftID)
      var bag = BookingBag()
      let handler = Writer.deepLinkHandler
      bag.write(
        .searchCriteria, \.searchCriteria,
        try? SearchCriteria(
          origin: draft.offer.origin.code, destination: draft.offer.destination.code,
          departure: draft.offer.departure.day, returning: draft.offer.inbound?.departure.day,
          party: draft.offer.party),
        by: handler)
      bag.write(.selectedOffer, \.selectedOffer, draft.offer, by: handler)
      bag.write(.draft, \.draft, draft, by: handler)
      bag.write(.contactEmail, \.contactEmail, draft.contact.email, by: handler)
      bag.write(.selectedExtras, \.selectedExtras, quote.extras, by: handler)
      bag.write(.quote, \.quote, quote, by: handler)
      bag.write(.totalPrice, \.totalPrice, quote.total, by: handler)
      bag.write(.isFromDeepLink, \.isFromDeepLink, true, by: handler)
      bag.screens = [.payment]
      return bag
    } catch {
      return nil
    }
  }

  /// A search link: the handler writes the criteria as the search screen would, and sets the
  /// flag.
  public static func openingSearchLink(_ criteria: SearchCriteria) -> BookingBag {
    var bag = BookingBag()
    _ = bag.searchSubmitted(criteria)
    bag.write(.searchCriteria, \.searchCriteria, criteria, by: .deepLinkHandler)
    bag.write(.isFromDeepLink, \.isFromDeepLink, true, by: .deepLinkHandler)
    return bag
  }
}

/// What survives the bag's process: the screens open, as a platform saves a back stack.
public struct SavedScreens: Hashable, Sendable, Codable {
  /// The screens, bottom first.
  public let screens: [StepKind]

  /// `screens`, saved.
  public init(screens: [StepKind]) { self.screens = screens }

  private enum CodingKeys: String, CodingKey { case screens }

  /// Read from the screens' names; an unknown name is left out.
  public init(from decoder: any Decoder) throws {
    let names = try decoder.container(keyedBy: CodingKeys.self).decode(
      [String].self, forKey: .screens)
    screens = names.compactMap { name in StepKind.allCases.first { $0.description == name } }
  }

  /// Written as the screens' names: `{"screens":["results","passengers"]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(screens.map(\.description), forKey: .screens)
  }
}
