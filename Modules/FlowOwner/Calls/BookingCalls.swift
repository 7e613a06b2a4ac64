import Airline
import Domain

/// The airline's calls for one booking, in the one order that works; both front ends (the
/// terminal app's steps and `booking-cli`) make them through this type.
///
/// The order, each call taking what the one before it returned:
/// - 0. `recoverInterruptedPayments()`, once per process start, before any payment: it settles
///   a payment a crash cut off, so the next one cannot charge twice.
/// - 1. `offers(for:)`: the offers for a search. Each holds for a while (30 minutes at the
///   simulated airline); after that it is `offerNoLongerAvailable` and a new search is needed.
/// - 2. `createDraft(offer:passengers:contact:)`: the passengers and contact, saved against an
///   offer that still holds.
/// - 3. `seatMaps(for:heldFor:)`: the seats of the draft's offer, one map per slice, to choose
///   from: a seat another traveller's quote holds, or a booking bought, is taken.
/// - 4. `price(draftID:extras:)`: a quote for the draft with its seats, bags and insurance. Its
///   price is locked until `expiresAt` (15 minutes at the simulated airline unless the app
///   sets another lifetime); an expired quote is priced again with `reprice(_:)`.
/// - 5. `pay(quoteID:card:idempotencyKey:)`: the booking.
/// - After it, `quoteCancellation(of:)` then `confirmCancellation(_:of:)`: the booking
///   cancelled, with the quote's refund. Or `changeOffers(for:)`, `quoteChange(_:of:)` then
///   `confirmChange(_:of:card:)`: the booking at its next version, on another flight.
///
/// The airline's rules (a call that breaks one throws a `ServiceError` naming it; the simulated
/// airline's figures are given):
/// - A search is one way or a round trip (a return day, not before the departure), between two
///   different airports the airline knows, for a `Party`: 1 to 9 seats (adults and children),
///   at least one adult, at most one infant per adult (`SearchCriteria`). Its days must not have
///   passed where the flights leave (`dayPassed`) and must be at most
///   `SearchCriteria.bookingWindowDays` (355) days ahead (`beyondBookingWindow`). A round trip's
///   offers price both ways together, as one offer with two slices.
/// - The airline may re-price an offer as it quotes it (`Quote.priceChange`, old → new): the
///   traveller accepts it before paying (`BookingFlow.acceptPriceChange`).
/// - Sales cut-off: a flight leaving within 30 minutes is no longer offered.
/// - A draft's passengers must be exactly the offer's `party` (the party searched
///   for); each date of birth must be in the past and less than 120 years before departure.
/// - Age counts on the day of departure: 12 or older is an adult, 2 to 11 a child, under 2 an
///   infant. At least one passenger must be an adult, and there may be no more infants than
///   adults (an infant travels on an adult's lap and has no seat).
/// - Names are letters, spaces, `-`, `'` and `.`; the email and phone must be valid (`Contact`).
/// - A quote holds its seats until it expires, and paying it sells them: a seat sold, or held by
///   another draft's live quote, is `seatTaken` (at quoting, or at paying an older quote).
/// - Extras: a free seat from the seat map per passenger at most, no seat for two passengers,
///   no seat for an infant, and at most `FareEstimator.maximumBags` (3) checked bags each.
/// - A quote is paid once: its draft is booked at most once (`quoteAlreadyPaid`), an expired
///   quote is `quoteExpired`, and the same idempotency key with other details is
///   `idempotencyKeyReused`. Retry a payment whose answer was lost with the same key.
public struct BookingCalls: Sendable {
  /// The airline.
  public let services: BookingServices

  /// The calls, made to `services`.
  public init(_ services: BookingServices) { self.services = services }

  /// Step 0: settles every payment a crash cut off; call it once at start, before paying.
  public func recoverInterruptedPayments() async throws(ServiceError) -> [RecoveredPayment] {
    try await services.payments.recoverInterruptedPayments()
  }

  /// Step 1: the offers for `criteria`.
  public func offers(for criteria: SearchCriteria) async throws(ServiceError) -> [Offer] {
    try await services.offers.offers(for: criteria)
  }

  /// Beside step 1: the party's lowest total of each day around the search's day among the
  /// offers `filter` admits, with the scale of the whole booking window.
  public func lowestFares(
    for criteria: SearchCriteria, days: Int, filter: FareFilter = FareFilter()
  ) async throws(ServiceError) -> FareCalendar {
    try await services.offers.lowestFares(for: criteria, days: days, filter: filter)
  }

  /// An offer from step 1 by its ID, while it still holds.
  public func offer(id: OfferID) async throws(ServiceError) -> Offer {
    try await services.offers.offer(id: id)
  }

  /// Step 2: saves the passengers and contact against `offer` as a draft.
  public func createDraft(offer: Offer, passengers: [Passenger], contact: Contact)
    async throws(ServiceError) -> BookingDraft
  {
    try await services.drafts.createDraft(offer: offer, passengers: passengers, contact: contact)
  }

  /// Step 3: the seats of the first flight of each slice of the offer being booked, in order,
  /// with which are taken; with `draft`, the seats its latest quote holds are free for it
  /// (`Seat.heldByYou`).
  public func seatMaps(for offerID: OfferID, heldFor draft: DraftID? = nil)
    async throws(ServiceError) -> [SeatMap]
  {
    try await services.offers.seatMaps(for: offerID, heldFor: draft)
  }

  /// Beside step 4: the seats the quotes of `draft` hold given up, when the traveller leaves it.
  public func releaseHolds(of draft: DraftID) async throws(ServiceError) {
    try await services.pricing.releaseHolds(of: draft)
  }

  /// Step 4: a quote for the draft with `extras`, its price locked until its `expiresAt`.
  public func price(draftID: DraftID, extras: Extras) async throws(ServiceError) -> Quote {
    try await services.pricing.price(draftID: draftID, extras: extras)
  }

  /// Step 4 again for an expired quote: the same draft and extras, a new price and lock.
  public func reprice(_ quote: Quote) async throws(ServiceError) -> Quote {
    try await services.pricing.price(draftID: quote.draftID, extras: quote.extras)
  }

  /// Steps 2 to 4 at once, for a front end that has every answer up front: the draft, the
  /// seat maps, one per slice (the seats in `extras` are checked against them by the pricing)
  /// and the quote.
  public func quote(
    offer: Offer, passengers: [Passenger], contact: Contact, extras: Extras
  ) async throws(ServiceError) -> (draft: BookingDraft, seatMaps: [SeatMap], quote: Quote) {
    let draft = try await createDraft(offer: offer, passengers: passengers, contact: contact)
    let seatMaps = try await seatMaps(for: draft.offer.id)
    let quote = try await price(draftID: draft.id, extras: extras)
    return (draft, seatMaps, quote)
  }

  /// Whether the quote can still be paid, and the key to pay it with again after a crash.
  public func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    try await services.payments.paymentState(of: quoteID)
  }

  /// Step 5: charges `card` for the quote and books it. The same `idempotencyKey` returns the
  /// first answer and never books twice.
  public func pay(quoteID: QuoteID, card: PaymentCard, idempotencyKey: IdempotencyKey)
    async throws(ServiceError) -> Booking
  {
    try await services.payments.pay(quoteID: quoteID, method: card, idempotencyKey: idempotencyKey)
  }

  /// After step 5: the booking with `reference`.
  public func booking(reference: BookingReference) async throws(ServiceError) -> Booking {
    try await services.payments.booking(reference: reference)
  }

  /// Every booking kept, newest first, without reading one: read the ones shown with
  /// `booking(reference:)`.
  public func bookingList() async throws(ServiceError) -> [BookingListing] {
    try await services.payments.bookingList()
  }

  /// After the booking: a quote for cancelling it (the refund, the card, until when it holds),
  /// replacing its earlier ones.
  public func quoteCancellation(of reference: BookingReference) async throws(ServiceError)
    -> CancellationQuote
  {
    try await services.payments.quoteCancellation(of: reference)
  }

  /// Then the booking cancelled with its most recent quote `id`: refunded once, its seats back
  /// on sale.
  public func confirmCancellation(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> Booking
  {
    try await services.payments.confirmCancellation(id, of: reference)
  }

  /// The booking's cancellation quote `id`, to show it again (a resume).
  public func cancellationQuote(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> CancellationQuote
  {
    try await services.payments.cancellationQuote(id, of: reference)
  }

  /// After the booking: the flights a slice can move to on another day, each with what the
  /// change costs or gives back.
  public func changeOffers(for criteria: ChangeCriteria) async throws(ServiceError)
    -> [ChangeOffer]
  {
    try await services.payments.changeOffers(for: criteria)
  }

  /// Then one of them locked: its price, and seats held on the new flight until it expires.
  public func quoteChange(_ id: ChangeOfferID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
  {
    try await services.payments.quoteChange(id, of: reference)
  }

  /// Then the booking changed with its most recent change quote `id`: a positive total paid
  /// with `card`, a negative one refunded, once; the new seats sold, the old ones let go.
  public func confirmChange(
    _ id: ChangeQuoteID, of reference: BookingReference, card: PaymentCard?
  ) async throws(ServiceError) -> Booking {
    try await services.payments.confirmChange(id, of: reference, card: card)
  }

  /// The booking's change quote `id`, to show it again (a resume).
  public func changeQuote(_ id: ChangeQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
  {
    try await services.payments.changeQuote(id, of: reference)
  }
}
