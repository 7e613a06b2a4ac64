import Airline
import Domain

/// An airline for tests: every call answers with the closure a test sets, and a call no test set
/// is reported as unexpected and throws (the isowords `ApiClient.failing` habit), so a test says
/// exactly which replies it depends on and builds only its own input.
///
/// It imports no test framework: `init(unexpected:)` takes what fails the test, such as
/// `{ Issue.record(Comment(rawValue: $0)) }` with Swift Testing or `{ XCTFail($0) }` with XCTest.
public struct TestAirline: OfferService, DraftService, PricingService, PaymentService {
  /// Answers `offers(for:)`: the offers for a search.
  public var offers: @Sendable (SearchCriteria) async throws(ServiceError) -> [Offer]
  /// Answers `offer(id:)`: the offer with an ID.
  public var offer: @Sendable (OfferID) async throws(ServiceError) -> Offer
  /// Answers `seatMaps(for:)` with one map when `seatMaps` is nil.
  public var seatMap: @Sendable (OfferID) async throws(ServiceError) -> SeatMap
  /// The seat maps of every slice; nil: `seatMap`'s one map.
  public var seatMaps: (@Sendable (OfferID) async throws(ServiceError) -> [SeatMap])?
  /// Answers `lowestFares(for:days:filter:)`: the fare calendar for a search, the number of
  /// days either side of its day, and a filter.
  public var lowestFares:
    @Sendable (SearchCriteria, Int, FareFilter) async throws(ServiceError) -> FareCalendar
  /// Answers `createDraft(offer:passengers:contact:)`: the draft saved for an offer, its
  /// passengers and a contact.
  public var createDraft:
    @Sendable (Offer, [Passenger], Contact) async throws(ServiceError) -> BookingDraft
  /// Answers `draft(id:)`: the draft with an ID.
  public var draft: @Sendable (DraftID) async throws(ServiceError) -> BookingDraft
  /// Answers `price(draftID:extras:)`: the quote for a draft with extras.
  public var price: @Sendable (DraftID, Extras) async throws(ServiceError) -> Quote
  /// Answers `quote(id:)`: the quote with an ID.
  public var quote: @Sendable (QuoteID) async throws(ServiceError) -> Quote
  /// Answers `pay(quoteID:method:idempotencyKey:)`: the booking a payment makes.
  public var pay:
    @Sendable (QuoteID, PaymentCard, IdempotencyKey) async throws(ServiceError) -> Booking
  /// Answers `booking(reference:)`: the booking with a reference.
  public var booking: @Sendable (BookingReference) async throws(ServiceError) -> Booking
  /// Answers `bookingList()`: every booking kept.
  public var bookings: @Sendable () async throws(ServiceError) -> [BookingListing]
  /// Answers `paymentState(of:)`: whether a quote's draft is booked.
  public var paymentState: @Sendable (QuoteID) async throws(ServiceError) -> PaymentState
  /// Answers `recoverInterruptedPayments()`: the payments a crash cut off, as settled.
  public var recover: @Sendable () async throws(ServiceError) -> [RecoveredPayment]
  /// Answers `quoteCancellation(of:)`: a quote for cancelling a booking.
  public var quoteCancellation:
    @Sendable (BookingReference) async throws(ServiceError) -> CancellationQuote
  /// Answers `confirmCancellation(_:of:)`: the booking a confirmed cancellation quote cancels.
  public var confirmCancellation:
    @Sendable (CancellationQuoteID, BookingReference) async throws(ServiceError) -> Booking
  /// Answers `cancellationQuote(_:of:)`: a booking's cancellation quote by ID.
  public var cancellationQuote:
    @Sendable (CancellationQuoteID, BookingReference) async throws(ServiceError)
      -> CancellationQuote
  /// Answers `changeOffers(for:)`: the flights a booking's slice can move to.
  public var changeOffers: @Sendable (ChangeCriteria) async throws(ServiceError) -> [ChangeOffer]
  /// Answers `quoteChange(_:of:)`: a change offer locked.
  public var quoteChange:
    @Sendable (ChangeOfferID, BookingReference) async throws(ServiceError) -> ChangeQuote
  /// Answers `confirmChange(_:of:card:)`: the booking a confirmed change quote changes.
  public var confirmChange:
    @Sendable (ChangeQuoteID, BookingReference, PaymentCard?) async throws(ServiceError)
      -> Booking
  /// Answers `changeQuote(_:of:)`: a booking's change quote by ID.
  public var changeQuote:
    @Sendable (ChangeQuoteID, BookingReference) async throws(ServiceError) -> ChangeQuote

  /// An airline whose every call is unexpected: it tells `unexpected` which call was made (a
  /// sentence naming it), then throws `ServiceError.storage`. Set the closures the test expects.
  public init(unexpected report: @escaping @Sendable (String) -> Void) {
    let unexpected: @Sendable (String) -> ServiceError = { call in
      report("the test airline was asked \(call), which this test did not expect")
      return .storage("unexpected call: \(call)")
    }
    offers = { _ throws(ServiceError) in throw unexpected("offers(for:)") }
    offer = { _ throws(ServiceError) in throw unexpected("offer(id:)") }
    seatMap = { _ throws(ServiceError) in throw unexpected("seatMaps(for:)") }
    seatMaps = nil
    lowestFares = { _, _, _ throws(ServiceError) in
      throw unexpected("lowestFares(for:days:filter:)")
    }
    createDraft = { _, _, _ throws(ServiceError) in throw unexpected("createDraft") }
    draft = { _ throws(ServiceError) in throw unexpected("draft(id:)") }
    price = { _, _ throws(ServiceError) in throw unexpected("price(draftID:extras:)") }
    quote = { _ throws(ServiceError) in throw unexpected("quote(id:)") }
    pay = { _, _, _ throws(ServiceError) in throw unexpected("pay") }
    booking = { _ throws(ServiceError) in throw unexpected("booking(reference:)") }
    bookings = { () throws(ServiceError) in throw unexpected("bookingList()") }
    paymentState = { _ throws(ServiceError) in throw unexpected("paymentState(of:)") }
    recover = { () throws(ServiceError) in throw unexpected("recoverInterruptedPayments") }
    quoteCancellation = { _ throws(ServiceError) in throw unexpected("quoteCancellation(of:)") }
    confirmCancellation = { _, _ throws(ServiceError) in
      throw unexpected("confirmCancellation(_:of:)")
    }
    cancellationQuote = { _, _ throws(ServiceError) in
      throw unexpected("cancellationQuote(_:of:)")
    }
    changeOffers = { _ throws(ServiceError) in throw unexpected("changeOffers(for:)") }
    quoteChange = { _, _ throws(ServiceError) in throw unexpected("quoteChange(_:of:)") }
    confirmChange = { _, _, _ throws(ServiceError) in
      throw unexpected("confirmChange(_:of:card:)")
    }
    changeQuote = { _, _ throws(ServiceError) in throw unexpected("changeQuote(_:of:)")
    }
  }

  /// The four services, all answered by this airline.
  public var services: BookingServices {
    BookingServices(offers: self, drafts: self, pricing: self, payments: self)
  }

  /// The offers the `offers` closure gives for `criteria`.
  public func offers(for criteria: SearchCriteria) async throws(ServiceError) -> [Offer] {
    try await offers(criteria)
  }
  /// The offer the `offer` closure gives for `id`.
  public func offer(id: OfferID) async throws(ServiceError) -> Offer { try await offer(id) }
  /// The maps the `seatMaps` closure gives for `offerID`, or, when it is nil, the one map of
  /// the `seatMap` closure.
  public func seatMaps(for offerID: OfferID) async throws(ServiceError) -> [SeatMap] {
    if let seatMaps { return try await seatMaps(offerID) }
    return [try await seatMap(offerID)]
  }
  /// The calendar the `lowestFares` closure gives for `criteria`, `days` and `filter`.
  public func lowestFares(for criteria: SearchCriteria, days: Int, filter: FareFilter)
    async throws(ServiceError) -> FareCalendar
  {
    try await lowestFares(criteria, days, filter)
  }
  /// The draft the `createDraft` closure gives for `offer`, `passengers` and `contact`.
  public func createDraft(offer: Offer, passengers: [Passenger], contact: Contact)
    async throws(ServiceError) -> BookingDraft
  {
    try await createDraft(offer, passengers, contact)
  }
  /// The draft the `draft` closure gives for `id`.
  public func draft(id: DraftID) async throws(ServiceError) -> BookingDraft { try await draft(id) }
  /// The quote the `price` closure gives for `draftID` with `extras`.
  public func price(draftID: DraftID, extras: Extras) async throws(ServiceError) -> Quote {
    try await price(draftID, extras)
  }
  /// The quote the `quote` closure gives for `id`.
  public func quote(id: QuoteID) async throws(ServiceError) -> Quote { try await quote(id) }
  /// The booking the `pay` closure gives for `quoteID`, `method` and `idempotencyKey`.
  public func pay(quoteID: QuoteID, method: PaymentCard, idempotencyKey: IdempotencyKey)
    async throws(ServiceError) -> Booking
  {
    try await pay(quoteID, method, idempotencyKey)
  }
  /// The booking the `booking` closure gives for `reference`.
  public func booking(reference: BookingReference) async throws(ServiceError) -> Booking {
    try await booking(reference)
  }
  /// The listings the `bookings` closure gives.
  public func bookingList() async throws(ServiceError) -> [BookingListing] {
    try await bookings()
  }
  /// The state the `paymentState` closure gives for `quoteID`.
  public func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    try await paymentState(quoteID)
  }
  /// The payments the `recover` closure gives.
  public func recoverInterruptedPayments() async throws(ServiceError) -> [RecoveredPayment] {
    try await recover()
  }
  /// The quote the `quoteCancellation` closure gives for `reference`.
  public func quoteCancellation(of reference: BookingReference) async throws(ServiceError)
    -> CancellationQuote
  {
    try await quoteCancellation(reference)
  }
  /// The booking the `confirmCancellation` closure gives for `id` and `reference`.
  public func confirmCancellation(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> Booking
  {
    try await confirmCancellation(id, reference)
  }
  /// The quote the `cancellationQuote` closure gives for `id` and `reference`.
  public func cancellationQuote(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> CancellationQuote
  {
    try await cancellationQuote(id, reference)
  }
  /// The offers the `changeOffers` closure gives for `criteria`.
  public func changeOffers(for criteria: ChangeCriteria) async throws(ServiceError)
    -> [ChangeOffer]
  {
    try await changeOffers(criteria)
  }
  /// The quote the `quoteChange` closure gives for `id` and `reference`.
  public func quoteChange(_ id: ChangeOfferID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
  {
    try await quoteChange(id, reference)
  }
  /// The booking the `confirmChange` closure gives for `id`, `reference` and `card`.
  public func confirmChange(
    _ id: ChangeQuoteID, of reference: BookingReference, card: PaymentCard?
  ) async throws(ServiceError) -> Booking {
    try await confirmChange(id, reference, card)
  }
  /// The quote the `changeQuote` closure gives for `id` and `reference`.
  public func changeQuote(_ id: ChangeQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
  {
    try await changeQuote(id, reference)
  }
}

/// The two fixture airports (IST and AMS), for autocomplete in screen tests.
public struct FixtureAirports: AirportLookup {
  /// A lookup of IST and AMS.
  public init() {}

  private var all: [Airport] {
    [try? Fixture.istanbul(), try? Fixture.amsterdam()].compactMap { $0 }
  }

  /// Istanbul Airport or Schiphol when `code` is IST or AMS, else nil.
  public func airport(_ code: IATACode) -> Airport? { all.first { $0.code == code } }

  /// The fixture airports whose code or city starts with `query` in lower case, IST first, at
  /// most `limit`; none for an empty `query`. Accents count: `istanbul` does not find İstanbul.
  public func search(_ query: String, limit: Int) -> [Airport] {
    let needle = query.lowercased()
    guard !needle.isEmpty else { return [] }
    return Array(
      all.filter {
        $0.code.description.lowercased().hasPrefix(needle) || $0.city.lowercased().hasPrefix(needle)
      }
      .prefix(limit))
  }
}

/// The fixture airline's prices before a quote: each seat at its seat map price, a bag 25 EUR
/// (at most 3 a passenger), insurance 20 EUR; no tax. `Fixture.quote` prices the same way.
public struct FixtureFares: FareEstimator {
  /// The fixture airline's prices.
  public init() {}

  /// The most checked bags a passenger may take: 3.
  public var maximumBags: Int { 3 }

  /// The quote's lines: Fare (the offer's total), then Seats at their map prices, Bags at 25 EUR
  /// each and Insurance at 20 EUR, each only when chosen. Nil when a chosen seat is not on its
  /// slice's map, is taken, or is chosen for two passengers.
  public func lineItems(draft: BookingDraft, extras: Extras, seatMaps: [SeatMap]) -> [LineItem]? {
    var seatPrices: [Money] = []
    for (slice, seatMap) in seatMaps.enumerated() {
      let chosen = extras.seats(onSlice: slice)
      for designator in chosen.values {
        guard let seat = seatMap.seat(designator), !seat.occupied else { return nil }
        seatPrices.append(seat.price)
      }
      guard Set(chosen.values).count == chosen.count else { return nil }
    }
    guard
      let bag = try? Money("25", "EUR"), let insurance = try? Money("20", "EUR"),
      let seats = try? Money.sum(seatPrices, in: .euro),
      let bags = try? Money.sum(
        Array(repeating: bag, count: extras.bags.values.reduce(0, +)), in: .euro)
    else { return nil }
    var lines = [LineItem(kind: .fare, label: "Fare", amount: draft.offer.total)]
    if !seatPrices.isEmpty { lines.append(LineItem(kind: .seat, label: "Seats", amount: seats)) }
    if bags.amount > 0 { lines.append(LineItem(kind: .bag, label: "Bags", amount: bags)) }
    if extras.insurance {
      lines.append(LineItem(kind: .insurance, label: "Insurance", amount: insurance))
    }
    return lines
  }
}
