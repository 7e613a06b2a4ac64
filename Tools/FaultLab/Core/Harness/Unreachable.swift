import Airline
import Domain
import FlowFaults
import Presentation

/// An airline no replay reaches: the reducers faultlab replays are driven by keys and by replies
/// it hands them, and never run their effects, so every call here only says it was made.
struct Unreachable: OfferService, DraftService, PricingService, PaymentService, AirportLookup,
  FareEstimator
{
  private static let refusal = ServiceError.storage("faultlab runs no airline")

  func offers(for criteria: SearchCriteria) async throws(ServiceError) -> [Offer] {
    throw Self.refusal
  }
  func offer(id: OfferID) async throws(ServiceError) -> Offer { throw Self.refusal }
  func seatMaps(for offerID: OfferID) async throws(ServiceError) -> [SeatMap] {
    throw Self.refusal
  }
  func lowestFares(for criteria: SearchCriteria, days: Int, filter: FareFilter)
    async throws(ServiceError) -> FareCalendar
  { throw Self.refusal }
  func createDraft(offer: Offer, passengers: [Passenger], contact: Contact)
    async throws(ServiceError) -> BookingDraft
  { throw Self.refusal }
  func draft(id: DraftID) async throws(ServiceError) -> BookingDraft { throw Self.refusal }
  func price(draftID: DraftID, extras: Extras) async throws(ServiceError) -> Quote {
    throw Self.refusal
  }
  func quote(id: QuoteID) async throws(ServiceError) -> Quote { throw Self.refusal }
  func pay(quoteID: QuoteID, method: PaymentCard, idempotencyKey: IdempotencyKey)
    async throws(ServiceError) -> Booking
  { throw Self.refusal }
  func booking(reference: BookingReference) async throws(ServiceError) -> Booking {
    throw Self.refusal
  }
  func bookingList() async throws(ServiceError) -> [BookingListing] { throw Self.refusal }
  func quoteCancellation(of reference: BookingReference) async throws(ServiceError)
    -> CancellationQuote
  { throw Self.refusal }
  func confirmCancellation(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> Booking
  { throw Self.refusal }
  func cancellationQuote(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> CancellationQuote
  { throw Self.refusal }
  func changeOffers(for criteria: ChangeCriteria) async throws(ServiceError) -> [ChangeOffer] {
    throw Self.refusal
  }
  func quoteChange(_ id: ChangeOfferID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
  { throw Self.refusal }
  func confirmChange(_ id: ChangeQuoteID, of reference: BookingReference, card: PaymentCard?)
    async throws(ServiceError) -> Booking
  { throw Self.refusal }
  func changeQuote(_ id: ChangeQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
  { throw Self.refusal }
  func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    throw Self.refusal
  }
  func recoverInterruptedPayments() async throws(ServiceError) -> [RecoveredPayment] {
    throw Self.refusal
  }

  func airport(_ code: IATACode) -> Airport? { nil }
  func search(_ query: String, limit: Int) -> [Airport] { [] }

  /// Three, as many as the `+` presses any replay makes.
  var maximumBags: Int { 3 }
  func lineItems(draft: BookingDraft, extras: Extras, seatMaps: [SeatMap]) -> [LineItem]? { nil }

  /// The environment the replayed reducers get: this airline, a clock stopped at the lab's now,
  /// and payment keys from `keys`' fixed seed.
  static func environment(keys: PaymentKeys) -> AppEnvironment {
    let airline = Unreachable()
    return AppEnvironment(
      services: BookingServices(
        offers: airline, drafts: airline, pricing: airline, payments: airline),
      airports: airline, fares: airline, clock: .fixed(LabFixtures.now), paymentKeys: keys)
  }
}
