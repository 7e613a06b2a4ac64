import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the trips screen does with one booking after it was paid: a flow of its own, owned by
/// the trips screen as seed 002's child coordinator is owned by its parent, that the booking
/// flow never sees.
///
/// Its path is typed as the booking flow's is, each step carrying what the one before it
/// produced: `booking(Booking) → cancellation(CancellationQuote) → cancelled(Booking)`, and
/// `booking(Booking) → changeSearch(ChangeCriteria) → changeOffers(ChangeCriteria, [ChangeOffer])
/// → changeQuote(ChangeQuote) → changed(Booking)`. It keeps
/// the booking flow's rules: back drops the later steps (the path is the root and what lies
/// above it, never a bag of optionals); an answer to a question no longer asked is dropped
/// (each question is numbered, and back forgets it); confirming replaces the path with its end.
/// Its end reaches the parent by construction: `Output` is a typed event the trips screen must
/// handle, never a callback that can be lost.
public struct TripFlow: Hashable, Sendable {
  /// A step of the path.
  public enum Step: Hashable, Sendable {
    /// The booking as it stands: what the fare allows, and `c` to cancel.
    case booking(Booking)
    /// The airline's quote for cancelling it: the refund, the card, a countdown.
    case cancellation(CancellationQuote)
    /// The booking, cancelled, with its refund: the path's end.
    case cancelled(Booking)
    /// The day (and, on a round trip, the flight) to move the booking to.
    case changeSearch(ChangeCriteria)
    /// The flights the airline offers for it, one chosen.
    case changeOffers(ChangeCriteria, [ChangeOffer], selected: Int)
    /// One of them locked: its price, the seats held on it, a countdown.
    case changeQuote(ChangeQuote)
    /// The booking, changed to its next version: the path's end (it can be changed or
    /// cancelled again from here).
    case changed(Booking)
  }

  /// What the header counts down while a quote of the trip holds.
  public struct Held: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case refund, change }
    public let kind: Kind
    public let issuedAt: Date
    public let expiresAt: Date
  }

  /// A question for the airline, numbered so that the answer to one no longer asked is dropped.
  public struct Asked: Hashable, Sendable {
    public enum Question: Hashable, Sendable {
      /// A quote for cancelling the booking.
      case cancellationQuote
      /// The cancellation, with the quote on screen.
      case confirmation
      /// The flights a change could move to.
      case changeOffers
      /// A change quote for the offer chosen.
      case changeQuote
      /// The change, with its quote on screen.
      case changeConfirmation
    }

    public let number: Int
    public let question: Question
  }

  /// How the flow ends, for the trips screen.
  public enum Output: Hashable, Sendable {
    /// The traveller left the booking (back from its first step): the list again.
    case left
    /// The booking was cancelled or changed: the list's row is this booking now.
    case finished(Booking)
  }

  /// Where the path starts: the booking as it stands, or as cancelled.
  public enum Root: Hashable, Sendable {
    case booking(Booking)
    case cancelled(Booking)
    case changed(Booking)

    var step: Step {
      switch self {
      case .booking(let booking): .booking(booking)
      case .cancelled(let booking): .cancelled(booking)
      case .changed(let booking): .changed(booking)
      }
    }
  }

  /// The first step.
  public private(set) var root: Root
  /// The steps above it, in order.
  public private(set) var above: [Step] = []
  /// The question asked and not answered yet.
  public private(set) var asked: Asked?
  /// Why the last question was refused, shown on the current step until the next one.
  public private(set) var problem: String?
  /// Whether the refusal was the quote's expiry: the step offers to ask again.
  public private(set) var quoteExpired = false
  private var questions = 0

  /// The flow of `booking`: at its cancellation when it was cancelled, else at the booking.
  public init(_ booking: Booking) {
    root = booking.isCancelled ? .cancelled(booking) : .booking(booking)
  }

  /// The path, root first.
  public var path: [Step] { [root.step] + above }

  /// The step on screen.
  public var current: Step { above.last ?? root.step }

  /// The booking the flow is about, as last known.
  public var booking: Booking {
    switch root {
    case .booking(let booking), .cancelled(let booking), .changed(let booking): booking
    }
  }

  /// The cancellation quote on screen, whose hold the header counts down.
  public var heldQuote: CancellationQuote? {
    if case .cancellation(let quote) = current { return quote }
    return nil
  }

  /// The change quote on screen, whose hold the header counts down.
  public var heldChange: ChangeQuote? {
    if case .changeQuote(let quote) = current { return quote }
    return nil
  }

  /// What the header counts down: the quote on screen's hold.
  public var held: Held? {
    if let quote = heldQuote {
      return Held(kind: .refund, issuedAt: quote.issuedAt, expiresAt: quote.expiresAt)
    }
    if let quote = heldChange {
      return Held(kind: .change, issuedAt: quote.issuedAt, expiresAt: quote.expiresAt)
    }
    return nil
  }

  /// `text` said on the current step until the next question (a key that cannot act here).
  public mutating func note(_ text: String) {
    problem = text
    quoteExpired = false
  }

  /// Whether the booking at the root can be cancelled or changed from here.
  var standsAtRoot: Bool {
    guard above.isEmpty else { return false }
    if case .cancelled = root { return false }
    return true
  }

  /// A change of the booking begins: the day after its outbound's, on its outbound. Nil (and
  /// nothing changes) away from the booking, or for a fare that allows no change (the
  /// trips screen then says so, and offers to cancel).
  public mutating func beginChange() -> ChangeCriteria? {
    guard standsAtRoot, asked == nil, booking.offer.conditions.changeBeforeDeparture.allowed
    else { return nil }
    let criteria = ChangeCriteria(
      reference: booking.reference, slice: 0,
      departure: booking.offer.outbound.departure.day.adding(days: 1))
    problem = nil
    above = [.changeSearch(criteria)]
    return criteria
  }

  /// The day of the change searched moved by `days`; on a round trip, `slice` switches the
  /// flight to change (its day becomes the day after that flight's).
  public mutating func editChange(days: Int = 0, switchSlice: Bool = false) {
    guard case .changeSearch(let criteria) = current, asked == nil else { return }
    var slice = criteria.slice
    var day = criteria.departure.adding(days: days)
    if switchSlice, booking.offer.slices.count > 1 {
      slice = 1 - slice
      day = booking.offer.slices[slice].departure.day.adding(days: 1)
    }
    problem = nil
    above[above.count - 1] = .changeSearch(
      ChangeCriteria(reference: criteria.reference, slice: slice, departure: day))
  }

  /// Another change offer chosen, `delta` rows away.
  public mutating func moveSelection(_ delta: Int) {
    guard case .changeOffers(let criteria, let offers, let selected) = current, !offers.isEmpty
    else { return }
    let next = min(max(0, selected + delta), offers.count - 1)
    above[above.count - 1] = .changeOffers(criteria, offers, selected: next)
  }

  /// The change offer chosen on screen.
  public var chosenOffer: ChangeOffer? {
    guard case .changeOffers(_, let offers, let selected) = current,
      offers.indices.contains(selected)
    else { return nil }
    return offers[selected]
  }

  /// The airline's change offers for the day on screen. An answer to a question no longer
  /// asked is dropped (returns false). No offer: the search step says so.
  public mutating func offered(
    _ answered: Asked, _ result: Result<[ChangeOffer], ServiceError>, none: String,
    describe: (ServiceError) -> String
  ) -> Bool {
    guard answered == asked, answered.question == .changeOffers,
      case .changeSearch(let criteria) = current
    else { return false }
    asked = nil
    switch result {
    case .success(let offers) where offers.isEmpty:
      problem = none
    case .success(let offers):
      above.append(.changeOffers(criteria, offers, selected: 0))
    case .failure(let error):
      refuse(error, describe)
    }
    return true
  }

  /// The airline's change quote for the offer chosen (or asked again): on screen, replacing an
  /// older one. An answer to a question no longer asked is dropped (returns false).
  public mutating func changeQuoted(
    _ answered: Asked, _ result: Result<ChangeQuote, ServiceError>,
    describe: (ServiceError) -> String
  ) -> Bool {
    guard answered == asked, answered.question == .changeQuote else { return false }
    asked = nil
    switch result {
    case .success(let quote):
      if case .changeQuote = current { above.removeLast() }
      above.append(.changeQuote(quote))
    case .failure(let error):
      refuse(error, describe)
    }
    return true
  }

  /// Asks `question` of the airline: the answer to any earlier one will be dropped. Nil when
  /// the current step asks no such question.
  public mutating func ask(_ question: Asked.Question) -> Asked? {
    switch (question, current) {
    case (.cancellationQuote, .booking), (.cancellationQuote, .changed),
      (.cancellationQuote, .cancellation), (.confirmation, .cancellation),
      (.changeOffers, .changeSearch), (.changeQuote, .changeOffers),
      (.changeQuote, .changeQuote), (.changeConfirmation, .changeQuote):
      questions += 1
      asked = Asked(number: questions, question: question)
      problem = nil
      quoteExpired = false
      return asked
    default:
      return nil
    }
  }

  /// Back one step: the later steps and the question asked go. Returns `.left` from the first.
  public mutating func back() -> Output? {
    asked = nil
    problem = nil
    quoteExpired = false
    guard !above.isEmpty else { return .left }
    above.removeLast()
    return nil
  }

  /// The airline's quote for `asked`: on screen, replacing an older quote. An answer to a
  /// question no longer asked is dropped (returns false).
  public mutating func quoted(
    _ answered: Asked, _ result: Result<CancellationQuote, ServiceError>,
    describe: (ServiceError) -> String
  ) -> Bool {
    guard answered == asked, answered.question == .cancellationQuote else { return false }
    asked = nil
    switch result {
    case .success(let quote):
      if case .cancellation = current { above.removeLast() }
      above.append(.cancellation(quote))
    case .failure(let error):
      refuse(error, describe)
    }
    return true
  }

  /// The airline's answer to the confirmation: the path replaced by its end, which the trips
  /// screen is told of. An answer to a question no longer asked is dropped (nil, and `dropped`).
  public mutating func confirmed(
    _ answered: Asked, _ result: Result<Booking, ServiceError>,
    describe: (ServiceError) -> String
  ) -> (dropped: Bool, output: Output?) {
    guard answered == asked,
      answered.question == .confirmation || answered.question == .changeConfirmation
    else { return (true, nil) }
    asked = nil
    switch result {
    case .success(let booking):
      root = answered.question == .confirmation ? .cancelled(booking) : .changed(booking)
      above = []
      return (false, .finished(booking))
    case .failure(let error):
      refuse(error, describe)
      return (false, nil)
    }
  }

  /// The flow opened again at its cancellation quote `quote` (a resume): on screen while it
  /// holds at `now`; expired, the flow stays at the booking and says `expired`.
  public mutating func resume(at quote: CancellationQuote, now: Date, expired: String) {
    guard standsAtRoot else { return }
    guard quote.isValid(at: now) else {
      problem = expired
      return
    }
    above = [.cancellation(quote)]
  }

  /// The flow opened again at a cancellation quote the airline no longer gives (`reason`): it
  /// stays at the booking and says why.
  public mutating func resume(refused reason: String) {
    guard case .booking = root else { return }
    problem = reason
  }

  /// The flow opened again in a change (a resume): at its end when the booking's history holds
  /// `quoteID` (confirmed before the process died); else at its search for `criteria`; at its
  /// offers when they were fetched again (the one of `quote`'s flight chosen); at `quote` while it
  /// holds at `now`. A quote that expired, or that the airline no longer gives, falls back to
  /// the offers (or the search), saying `expired` or why.
  public mutating func resume(
    change criteria: ChangeCriteria, at quoteID: ChangeQuoteID? = nil,
    offers: Result<[ChangeOffer], ServiceError>?, quote: Result<ChangeQuote, ServiceError>?,
    now: Date, expired: String, describe: (ServiceError) -> String
  ) {
    // A quote the booking's history holds was confirmed before the process died: its end (a
    // booking cancelled since stays at its cancellation).
    if case .cancelled = root { return }
    if let quoteID, booking.changes.contains(where: { $0.quote.id == quoteID }) {
      root = .changed(booking)
      above = []
      return
    }
    guard standsAtRoot, booking.offer.conditions.changeBeforeDeparture.allowed else { return }
    above = [.changeSearch(criteria)]
    switch offers {
    case .success(let offers)? where !offers.isEmpty:
      var selected = 0
      if case .success(let held)? = quote,
        let row = offers.firstIndex(where: {
          $0.newSlice.flightNumbers == held.newSlice.flightNumbers
        })
      {
        selected = row
      }
      above.append(.changeOffers(criteria, offers, selected: selected))
    case .failure(let error)?:
      problem = describe(error)
      return
    default:
      return
    }
    switch quote {
    case .success(let held)? where held.isValid(at: now):
      above.append(.changeQuote(held))
    case .success?:
      problem = expired
    case .failure(let error)?:
      problem = describe(error)
    case nil:
      break
    }
  }

  /// Whether the quote on screen has expired at `now`: then it cannot be confirmed, only asked
  /// for again.
  public func quoteHasExpired(at now: Date) -> Bool {
    held.map { now >= $0.expiresAt } ?? false
  }

  private mutating func refuse(_ error: ServiceError, _ describe: (ServiceError) -> String) {
    problem = describe(error)
    if case .cancellationQuoteExpired = error { quoteExpired = true }
    if case .cancellationQuoteSuperseded = error { quoteExpired = true }
    if case .changeQuoteExpired = error { quoteExpired = true }
    if case .changeQuoteSuperseded = error { quoteExpired = true }
  }
}
