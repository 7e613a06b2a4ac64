import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds offers for a search and the seats of an offer.
public protocol OfferService: Sendable {
  /// The offers for `criteria`.
  func offers(for criteria: SearchCriteria) async throws(ServiceError) -> [Offer]
  /// The offer with `id`, or `offerNoLongerAvailable` once it has expired or gone.
  func offer(id: OfferID) async throws(ServiceError) -> Offer
  /// The seats of the first flight of each of the offer's slices, in order, with which are taken.
  func seatMaps(for offerID: OfferID) async throws(ServiceError) -> [SeatMap]
  /// The same maps as the draft `draft` sees them: the seats its latest quote holds are free
  /// for it and marked `heldByYou`; everyone else sees them taken.
  func seatMaps(for offerID: OfferID, heldFor draft: DraftID?) async throws(ServiceError)
    -> [SeatMap]
  /// The lowest total for the search's party, among the offers `filter` admits, of each day
  /// from `days` before the search's day to `days` after it (a fare calendar), in one answer;
  /// days that cannot be booked are marked so. A round trip keeps its length on every day. The
  /// calendar's scale spans the daily lowest totals of the whole booking window for `filter`.
  func lowestFares(for criteria: SearchCriteria, days: Int, filter: FareFilter)
    async throws(ServiceError) -> FareCalendar
}

extension OfferService {
  /// An airline with no holds: every traveller sees the same maps.
  public func seatMaps(for offerID: OfferID, heldFor draft: DraftID?) async throws(ServiceError)
    -> [SeatMap]
  {
    try await seatMaps(for: offerID)
  }
}

/// One day of a fare calendar.
public struct FareDay: Hashable, Sendable, Codable {
  /// The day of departure.
  public let day: CalendarDay
  /// The lowest total for the party that day (taxes included); nil when nothing flies.
  public let lowest: Money?
  /// Whether the day can be booked (not past, not beyond the booking window).
  public let bookable: Bool

  /// A day of the calendar.
  public init(day: CalendarDay, lowest: Money?, bookable: Bool) {
    self.day = day
    self.lowest = lowest
    self.bookable = bookable
  }
}

/// Saves passengers and contact against an offer.
public protocol DraftService: Sendable {
  /// Validates the passengers and contact for `offer` and saves them as a draft.
  func createDraft(offer: Offer, passengers: [Passenger], contact: Contact)
    async throws(ServiceError) -> BookingDraft
  /// The draft with `id`, or `draftNotFound`.
  func draft(id: DraftID) async throws(ServiceError) -> BookingDraft
}

/// Prices a draft with its extras into a quote that holds for a while.
public protocol PricingService: Sendable {
  /// Validates `extras` against the seat map and prices the draft with them.
  func price(draftID: DraftID, extras: Extras) async throws(ServiceError) -> Quote
  /// The quote with `id` (expired or not), or `quoteNotFound`.
  func quote(id: QuoteID) async throws(ServiceError) -> Quote
  /// Gives up the seats the quotes of `draft` hold: the traveller left the draft (went back
  /// past its extras). They would go when the quote expires anyway.
  func releaseHolds(of draft: DraftID) async throws(ServiceError)
}

extension PricingService {
  /// An airline whose quotes hold no seats has none to give up.
  public func releaseHolds(of draft: DraftID) async throws(ServiceError) {}
}

extension PaymentService {
  /// An airline that cannot tell both in one hold settles alone; the restore asks its own.
  public func recoverInterruptedPayments(tellingWhetherPaid quote: QuoteID)
    async throws(ServiceError) -> [RecoveredPayment]
  {
    try await recoverInterruptedPayments()
  }
}

/// Takes payment for a quote and books it: at most one booking per draft, whatever crashes.
public protocol PaymentService: Sendable {
  /// Charges `method` for the quote. The same `idempotencyKey` returns the first result and never
  /// books twice; the same key with other details is `idempotencyKeyReused`; a quote whose draft
  /// is booked already (paid with it or with another quote of the draft) is `quoteAlreadyPaid`.
  func pay(quoteID: QuoteID, method: PaymentCard, idempotencyKey: IdempotencyKey)
    async throws(ServiceError) -> Booking
  /// The booking with `reference`, or `bookingNotFound`.
  func booking(reference: BookingReference) async throws(ServiceError) -> Booking
  /// Every booking kept, newest first, without reading one: a list of trips reads only the rows
  /// it shows, with `booking(reference:)`.
  func bookingList() async throws(ServiceError) -> [BookingListing]
  /// Whether the quote's draft is booked; `paymentUnresolved` when that cannot be told yet.
  func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState
  /// Settles every payment a crash cut off (a payment under way when the process died), and
  /// every cancellation: call it once at start, before restoring a flow.
  func recoverInterruptedPayments() async throws(ServiceError) -> [RecoveredPayment]
  /// `recoverInterruptedPayments()`, for a start about to restore a step holding `quote`: an
  /// airline may tell in the same hold of its ledger whether that quote is paid, and answer the
  /// restore's `paymentState(of: quote)` with it and its `quote(id: quote)` with the quote that
  /// hold read, so the start takes the ledger once and, unless a payment of it was cut off, reads
  /// the quote once. Ask it right before those questions.
  func recoverInterruptedPayments(tellingWhetherPaid quote: QuoteID) async throws(ServiceError)
    -> [RecoveredPayment]
  /// A quote for cancelling booking `reference`: the refund (what was paid less the fare's
  /// penalty, or its taxes only for a fare that refunds nothing), the card it goes back to, and
  /// until when it holds. It replaces the booking's earlier quotes: only the most recent can be
  /// confirmed. `bookingCancelled` once cancelled; `departed` once its first flight has left.
  func quoteCancellation(of reference: BookingReference) async throws(ServiceError)
    -> CancellationQuote
  /// Cancels booking `reference` with its quote `id`: the refund is recorded exactly once and
  /// the seats go back on sale. Answers with the booking, cancelled; the same quote confirmed
  /// again answers the same, and refunds nothing more. `cancellationQuoteExpired`,
  /// `cancellationQuoteSuperseded` by a newer quote, `bookingCancelled` by another quote.
  func confirmCancellation(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> Booking
  /// Booking `reference`'s cancellation quote `id` (expired or not), or
  /// `cancellationQuoteNotFound` once a newer one replaced it.
  func cancellationQuote(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> CancellationQuote
  /// The flights booking `criteria.reference`'s slice can move to on `criteria.departure`, on
  /// the same route and cabin, each with what the change costs or gives back (the fare
  /// difference plus the fare's change penalty). `notChangeable` for a fare that allows no
  /// change; `bookingCancelled`, `departed`, `noSuchSlice`, and the search's own refusals.
  func changeOffers(for criteria: ChangeCriteria) async throws(ServiceError) -> [ChangeOffer]
  /// Locks change offer `id` of booking `reference`: its price, and seats on the new flight for
  /// the booking's seated travellers, until it expires. It replaces the booking's earlier change
  /// quotes (and lets their seats go): only the most recent can be confirmed.
  func quoteChange(_ id: ChangeOfferID, of reference: BookingReference) async throws(ServiceError)
    -> ChangeQuote
  /// Changes booking `reference` with its change quote `id`: a positive total is charged to
  /// `card` (required then; a declined card changes nothing), a negative one goes back to the
  /// booking's card, exactly once; the new flight's seats are sold and the old ones go back on
  /// sale. Answers with the booking at its new version; the same quote confirmed again answers
  /// the same and moves no money. `changeQuoteExpired`, `changeQuoteSuperseded`,
  /// `bookingCancelled`, `changeNeedsPayment`.
  func confirmChange(_ id: ChangeQuoteID, of reference: BookingReference, card: PaymentCard?)
    async throws(ServiceError) -> Booking
  /// Booking `reference`'s change quote `id` (expired or not), or `changeQuoteNotFound` once a
  /// newer one replaced it or it was confirmed.
  func changeQuote(_ id: ChangeQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
}

/// A booking in a list of trips: its reference and when it was recorded, nothing else.
public struct BookingListing: Hashable, Sendable, Codable {
  public let reference: BookingReference
  /// When the airline recorded the booking (its payment time, or later for a booking written
  /// after a crash).
  public let recordedAt: Date

  /// A listed booking.
  public init(reference: BookingReference, recordedAt: Date) {
    self.reference = reference
    self.recordedAt = recordedAt
  }
}

/// Whether a quote can still be paid.
public enum PaymentState: Hashable, Sendable, Codable {
  /// Not booked: it may be paid. `retryKey` is the idempotency key of an attempt a crash cut off
  /// before any charge, for the payment form to pay with again.
  case unpaid(retryKey: IdempotencyKey?)
  /// The quote's draft is booked, with this quote or another of the same draft.
  case booked(BookingReference)
}

/// A payment a crash cut off, as settled at the next start.
public struct RecoveredPayment: Hashable, Sendable, Codable {
  /// What became of it.
  public enum Outcome: Hashable, Sendable, Codable {
    /// The card was charged: the booking exists (written now if the crash came before it).
    case booked(BookingReference)
    /// No charge was made: the quote may be paid again, with the same key.
    case notCharged
    /// A record it needs cannot be read, so whether the card was charged is unknown: the quote
    /// cannot be paid until it is (the reason names the file).
    case unresolved(String)
  }

  /// The quote being paid, when its record says so.
  public let quoteID: QuoteID?
  /// The attempt's idempotency key, when its record says so.
  public let key: IdempotencyKey?
  /// What became of it.
  public let outcome: Outcome
  /// The draft being paid.
  public let draftID: DraftID?
  /// Whether only a person's word settles it (`resolvePayment`): it is `unresolved` because its
  /// charge record cannot be read and its booking was never written.
  public let awaitsWord: Bool

  /// A settled payment.
  public init(
    quoteID: QuoteID?, key: IdempotencyKey?, outcome: Outcome, draftID: DraftID? = nil,
    awaitsWord: Bool = false
  ) {
    self.quoteID = quoteID
    self.key = key
    self.outcome = outcome
    self.draftID = draftID
    self.awaitsWord = awaitsWord
  }

  private enum CodingKeys: String, CodingKey {
    case quoteID, key, outcome, draftID, awaitsWord
  }

  /// A recorded one; a recording made before `draftID` and `awaitsWord` has neither.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    quoteID = try container.decodeIfPresent(QuoteID.self, forKey: .quoteID)
    key = try container.decodeIfPresent(IdempotencyKey.self, forKey: .key)
    outcome = try container.decode(Outcome.self, forKey: .outcome)
    draftID = try container.decodeIfPresent(DraftID.self, forKey: .draftID)
    awaitsWord = try container.decodeIfPresent(Bool.self, forKey: .awaitsWord) ?? false
  }
}

/// Names one traveller (one data directory) among those who book on one airline: their drafts,
/// quotes and bookings are theirs alone.
public typealias TravellerID = Identifier<AirlineTraveller>

/// The owner type of a `TravellerID`.
public enum AirlineTraveller {}

/// Names one payment attempt, so a retry after a lost reply cannot charge twice.
public typealias IdempotencyKey = Identifier<PaymentAttempt>

/// The owner type of an `IdempotencyKey`.
public enum PaymentAttempt {}
