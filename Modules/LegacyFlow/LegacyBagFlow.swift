import Airline
import Domain
import FlowOwner

/// The booking flow built the way the workshop's article warns against, on purpose: one shared
/// object of optionals (a `BookingFlowContext`) that every screen writes, a navigation stack of
/// screens that carry no data, and a `reset()` that clears fields by hand.
///
/// `booking --flow bag` runs the real screens on it, each built from what the bag holds when it
/// is shown, so the bag's failures appear on the real screens:
/// - **A stale seat:** changing flight does not clear `selectedExtras`, so the new flight's
///   extras panel starts with the old flight's seats.
/// - **Back after paying:** `paid` pushes the confirmation on top of the payment screen, whose
///   quote is still in the bag: Esc reaches a payment already made.
/// - **`isFromDeepLink`:** a payment link fills the bag by hand and sets the flag; Back from
///   payment branches on it, and `reset()` forgets it, so it leaks into the next booking.
/// - **Process death:** the bag lives in memory only and nothing is saved: `kill -9` loses it.
///
/// It is a separate conformance of `FlowOwning`, chosen at start and never mixed with
/// `BookingFlow`; nothing in the real flow depends on it.
public struct LegacyBagFlow: FlowOwning {
  /// The bag's fields, in the order screens fill them.
  public enum Field: String, CaseIterable, Sendable {
    case searchCriteria, selectedOffer, draft, selectedExtras, quote, booking, isFromDeepLink
  }

  public private(set) var searchCriteria: SearchCriteria?
  public private(set) var selectedOffer: Offer?
  public private(set) var draft: BookingDraft?
  public private(set) var selectedExtras: Extras?
  public private(set) var quote: Quote?
  public private(set) var booking: BookingReference?
  public private(set) var isFromDeepLink = false
  /// Who wrote each field last (a screen, the deep-link handler, `reset()`).
  public private(set) var writers: [Field: String] = [:]
  /// The screens open, bottom first: kinds only, like a navigation controller's stack.
  public private(set) var screens: [StepKind] = []

  /// An empty bag at the search form.
  public init() {}

  // MARK: - What the screens are built from

  /// Each open screen, built from what the bag holds now (a screen whose field is missing is
  /// not shown: the legacy app would crash on its force unwrap).
  public var path: [BookingStep] {
    screens.compactMap { kind -> BookingStep? in
      switch kind {
      case .search: nil
      case .results: searchCriteria.map { .results($0) }
      case .passengers:
        // The bag "helps": whatever draft it still holds prefills the form.
        selectedOffer.map { .passengers($0, prefill: draft.map(PassengerPrefill.init) ?? .empty) }
      case .extras: draft.map { .extras($0, chosen: selectedExtras ?? .none) }
      case .payment: quote.map { .payment($0) }
      case .confirmation: booking.map { .confirmation($0) }
      }
    }
  }

  public var current: StepKind { screens.last ?? .search }
  /// Any screen can be popped, the confirmation included.
  public var canGoBack: Bool { !screens.isEmpty }
  /// Nothing is saved: the bag is in memory only.
  public var savedSnapshot: BookingSnapshot? { nil }
  public var isLegacyBag: Bool { true }

  /// The bag's fields, each with who wrote it last.
  public var inspectorLines: [String]? {
    var lines = ["bag (BookingFlowContext.shared):"]
    for field in Field.allCases {
      let value: String
      switch field {
      case .searchCriteria:
        value = searchCriteria.map { "\($0.origin)->\($0.destination) \($0.departure)" } ?? "nil"
      case .selectedOffer:
        value =
          selectedOffer.map { $0.flightNumbers.map(\.description).joined(separator: "+") }
          ?? "nil"
      case .draft:
        value = draft.map { $0.id.rawValue + " (offer " + $0.offer.id.rawValue + ")" } ?? "nil"
      case .selectedExtras:
        value =
          selectedExtras.map { extras in
            extras.seats.values.map(\.description).sorted().joined(separator: " ")
          }.map { $0.isEmpty ? "no seats" : "seats " + $0 } ?? "nil"
      case .quote: value = quote.map(\.id.rawValue) ?? "nil"
      case .booking: value = booking.map(\.rawValue) ?? "nil"
      case .isFromDeepLink: value = String(isFromDeepLink)
      }
      let writer = writers[field].map { "   (last written by \($0))" } ?? ""
      lines.append("  \(field.rawValue) = \(value)\(writer)")
    }
    lines.append("  screens = [\(screens.map(\.description).joined(separator: ", "))]")
    return lines
  }

  // MARK: - Every screen writes the bag

  private mutating func write<Value>(
    _ field: Field, _ keyPath: WritableKeyPath<Self, Value>, _ value: Value, by writer: String
  ) {
    self[keyPath: keyPath] = value
    writers[field] = writer
  }

  private func event(_ transition: FlowTransition) -> FlowEvent {
    FlowEvent(
      transition: transition, outcome: .accepted(removed: []), pathAfter: path.map(\.kind))
  }

  public mutating func searchSubmitted(_ criteria: SearchCriteria) -> FlowEvent {
    write(.searchCriteria, \.searchCriteria, criteria, by: "search screen")
    screens = [.results]
    return event(.searchSubmitted(criteria))
  }

  /// Each screen writes its own field of the bag and pushes the next screen, whatever it holds.
  public mutating func advance(to next: BookingStep, from origin: BookingStep) -> FlowEvent {
    switch next {
    case .passengers(let offer, _): offerSelected(offer, from: origin)
    case .extras(let draft, _): passengersSaved(draft, from: origin)
    case .payment(let quote): extrasPriced(quote, from: origin)
    case .results, .confirmation:
      event(.advanced(to: next.kind, id: next.carriedID, from: origin.kind))
    }
  }

  public mutating func offerSelected(_ offer: Offer, from origin: BookingStep) -> FlowEvent {
    // Nothing that belonged to the old flight is cleared: nobody remembered to.
    write(.selectedOffer, \.selectedOffer, offer, by: "results screen")
    screens.append(.passengers)
    return event(.advanced(to: .passengers, id: offer.id.rawValue, from: origin.kind))
  }

  public mutating func passengersSaved(_ draft: BookingDraft, from origin: BookingStep)
    -> FlowEvent
  {
    write(.draft, \.draft, draft, by: "passengers screen")
    screens.append(.extras)
    return event(.advanced(to: .extras, id: draft.id.rawValue, from: origin.kind))
  }

  public mutating func extrasPriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent {
    write(.selectedExtras, \.selectedExtras, quote.extras, by: "extras screen")
    write(.quote, \.quote, quote, by: "extras screen")
    screens.append(.payment)
    return event(.advanced(to: .payment, id: quote.id.rawValue, from: origin.kind))
  }

  public mutating func repriced(_ quote: Quote, from origin: BookingStep) -> FlowEvent {
    write(.quote, \.quote, quote, by: "payment screen")
    return event(.repriced(quote.id, from: origin.kind))
  }

  public mutating func paid(_ reference: BookingReference, from origin: BookingStep) -> FlowEvent {
    // Pushed on top: the payment screen, and its paid quote, stay underneath.
    write(.booking, \.booking, reference, by: "payment screen")
    screens.append(.confirmation)
    return event(.paid(reference, from: origin.kind))
  }

  public mutating func back() -> FlowEvent {
    if isFromDeepLink, current == .payment {
      // Opened from a link there is nothing under payment, so the screen branches on the flag.
      screens = []
    } else if !screens.isEmpty {
      screens.removeLast()
    }
    return event(.back)
  }

  public mutating func startOver() -> FlowEvent {
    reset()
    return event(.startedOver)
  }

  /// Clears the bag by hand, field by field. The newest field, `isFromDeepLink`, was never
  /// added here.
  public mutating func reset() {
    for field in [Field.searchCriteria, .selectedOffer, .draft, .selectedExtras, .quote, .booking] {
      writers[field] = "reset()"
    }
    searchCriteria = nil
    selectedOffer = nil
    draft = nil
    selectedExtras = nil
    quote = nil
    booking = nil
    screens = []
  }

  // MARK: - The deep link handler

  /// A payment link fills the bag by hand, imitating what the four screens before payment would
  /// have written, and sets `isFromDeepLink` so the screens can tell. Nil when the quote, its
  /// draft or its offer cannot be fetched.
  public static func openingPayLink(_ quoteID: QuoteID, using lookup: some BookingLookup) async
    -> LegacyBagFlow?
  {
    do throws(ServiceError) {
      let quote = try await lookup.quote(id: quoteID)
      let draft = try await lookup.draft(id: quote.draftID)
      var bag = LegacyBagFlow()
      let handler = "deep link handler"
      bag.write(
        .searchCriteria, \.searchCriteria,
        try? SearchCriteria(
          origin: draft.offer.origin.code, destination: draft.offer.destination.code,
          departure: draft.offer.departure.day, passengerCount: draft.offer.passengerCount),
        by: handler)
      bag.write(.selectedOffer, \.selectedOffer, draft.offer, by: handler)
      bag.write(.draft, \.draft, draft, by: handler)
      bag.write(.selectedExtras, \.selectedExtras, quote.extras, by: handler)
      bag.write(.quote, \.quote, quote, by: handler)
      bag.write(.isFromDeepLink, \.isFromDeepLink, true, by: handler)
      bag.screens = [.payment]
      return bag
    } catch {
      return nil
    }
  }
}
