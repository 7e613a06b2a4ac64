import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The simulated airline: offers, seat maps, drafts, quotes and payments on top of JSON records,
/// with an injected clock and latency. It implements every service protocol, so the app runs for
/// real without a network, and a real backend would replace it without changes above Services.
public actor SimulatedAirline: OfferService, DraftService, PricingService, PaymentService {
  /// How long offers and quotes hold, and how slow answers are.
  public struct Configuration: Sendable {
    /// How long an offer is honoured (30 minutes by default).
    public var offerLifetime: TimeInterval
    /// How long a quote's price is locked (15 minutes by default).
    public var quoteLifetime: TimeInterval
    /// How long each answer takes.
    public var latency: Latency
    /// Why this process must not pay (it could not lock its data directory); nil: it may.
    /// Every payment is then refused with `paymentsUnavailable` and this reason.
    public var paymentsOff: String?
    /// Which offers the airline re-prices when it quotes them.
    public var priceChanges: PriceChanges
    /// The traveller this airline answers (`Ownership`); nil: every record is everyone's (a
    /// tool or a test with the airline to itself).
    public var traveller: Ownership?
    /// Where the airline's own tasks (a payment, run to its end whoever waits for it) run; nil:
    /// Swift's global concurrent executor. The app gives its serial work queue, whose worker
    /// libdispatch does not monitor: a task on the global executor starts a monitor that wakes
    /// the process every second from then on.
    public var executor: (any TaskExecutor)?
    /// Whether reading may write: the bookings' index written again when it is out of date, a
    /// record that cannot be read set aside (an unreadable booking written again from the
    /// ledger), the data directory's key made, a payment a crash cut off settled. False for a
    /// process that only reads (`booking-cli`'s read commands): the bookings are then listed
    /// from their folder, a record that cannot be read is reported where it is, a directory
    /// without a key has nothing readable (its records are not sealed), and a payment's state
    /// is what the records on disk say.
    public var repairs: Bool

    /// Whose drafts, quotes and bookings a process may see and use: its traveller's, and, where
    /// the airline is the traveller's own data directory, records no traveller claims (written
    /// before travellers were told apart). Another traveller's is "not found", never "not
    /// yours".
    public struct Ownership: Sendable, Equatable {
      /// The traveller.
      public var id: TravellerID
      /// Whether records no traveller claims are this traveller's: true where the airline's
      /// directory is the traveller's own data directory, false on an airline shared by many.
      public var ownsUnclaimed: Bool

      /// The traveller `id`, owning unclaimed records when `ownsUnclaimed`.
      public init(id: TravellerID, ownsUnclaimed: Bool) {
        self.id = id
        self.ownsUnclaimed = ownsUnclaimed
      }
    }

    /// The longest a quote's price is ever held (a day): a quote whose record holds it longer
    /// was not written by the airline, and is not paid.
    public static let longestPriceHold: TimeInterval = 86_400

    /// A configuration; the defaults are the airline's. `quoteLifetime` is at most
    /// `longestPriceHold`.
    public init(
      offerLifetime: TimeInterval = 30 * 60, quoteLifetime: TimeInterval = 15 * 60,
      latency: Latency = .none, paymentsOff: String? = nil, priceChanges: PriceChanges = .never,
      traveller: Ownership? = nil, executor: (any TaskExecutor)? = nil, repairs: Bool = true
    ) {
      self.offerLifetime = offerLifetime
      self.quoteLifetime = min(quoteLifetime, Self.longestPriceHold)
      self.latency = latency
      self.paymentsOff = paymentsOff
      self.priceChanges = priceChanges
      self.traveller = traveller
      self.executor = executor
      self.repairs = repairs
    }
  }

  let store: RecordStore
  let clock: WallClock
  let configuration: Configuration
  let offerGenerator: OfferGenerator
  let airports: any AirportLookup
  /// No flight is sold in its last half hour before departure.
  static let salesCutoff: TimeInterval = 30 * 60
  let seatMaps = SeatMapGenerator()
  /// Payments under way, by idempotency key, with what they pay (quote and card): a second call
  /// with the key and the same details waits for the first; other details are refused.
  var paymentsInFlight:
    [IdempotencyKey: (fingerprint: String, task: Task<Result<Booking, ServiceError>, Never>)] = [:]
  /// Keys of attempts a crash cut off before any charge, by quote, found since this start: the
  /// payment form pays with the same key again.
  var interruptedKeys: [QuoteID: IdempotencyKey] = [:]
  /// Whether a quote is paid, as the start's recovery found it in its hold of the ledger
  /// (`recoverInterruptedPayments(tellingWhetherPaid:)`): the next `paymentState(of:)` of that
  /// quote is answered with it, once. Any other taking of the ledger forgets it.
  var paymentStatesFound: [QuoteID: PaymentState] = [:]
  /// The quote that hold read to tell it, by ID: the next `quote(id:)` of it is answered with
  /// it, once, so a start reads its quote once. Cleared with `paymentStatesFound` whenever this
  /// airline takes the ledger.
  var quotesFound: [QuoteID: Quote] = [:]
  /// Whether `orders/` is known to hold every booking's draft (checked once per start).
  var ordersIndexed = false
  /// Whether the charges were scanned for bookings to write again (once per process).
  var ledgerScanned = false
  /// What fare calendars read of each day's offers, by search (route, party, trip length): a
  /// day's offers are the same on every ask (only their expiry follows the clock), so each is
  /// generated once and every filter reads the same entries (`SimulatedAirline+Fares.swift`).
  var fareDays: [FareRoute: [CalendarDay: [FareEntry]]] = [:]
  /// The routes whose days are being made, and the asks waiting for them (so a second ask does
  /// not make them again).
  var fareDaysMaking: Set<FareRoute> = []
  var fareDaysWaiting: [FareRoute: [CheckedContinuation<Void, Never>]] = [:]
  /// What the payment records needed that a person should hear about.
  public nonisolated let ledgerNotices: AsyncStream<LedgerNotice>
  let notices: AsyncStream<LedgerNotice>.Continuation

  /// An airline keeping its records in `store`, reading time from `clock`. The airports default to the built-in list,
  /// built at the first question (`BuiltInAirports`), not when the airline is made: a start
  /// that asks nothing of them before its first frame does not read their 70 zone files first.
  public init(
    store: RecordStore, clock: WallClock, configuration: Configuration = Configuration(),
    airports: any AirportLookup = BuiltInAirports()
  ) {
    self.store = AirlineSeal.sealing(store, makesKey: configuration.repairs)
    self.clock = clock
    self.configuration = configuration
    self.offerGenerator = OfferGenerator(airports: airports, lifetime: configuration.offerLifetime)
    self.airports = airports
    (ledgerNotices, notices) = AsyncStream.makeStream(
      of: LedgerNotice.self, bufferingPolicy: .bufferingNewest(32))
  }

  /// The airline's records as it writes them, sealed with its key: for a workshop or a test that
  /// stages a state by writing a record the airline then takes as its own (it still meets every
  /// other check). Anything written beside it, by another store, is refused when read.
  public nonisolated var sealedRecords: RecordStore { store }

  /// The airline as the bundle the flow uses.
  public nonisolated var services: BookingServices {
    BookingServices(offers: self, drafts: self, pricing: self, payments: self)
  }

  // MARK: - Offers

  public func offers(for criteria: SearchCriteria) async throws(ServiceError) -> [Offer] {
    await configuration.latency.pause()
    guard let origin = airports.airport(criteria.origin) else {
      throw .unknownAirport(criteria.origin)
    }
    guard airports.airport(criteria.destination) != nil else {
      throw .unknownAirport(criteria.destination)
    }
    let now = clock.now()
    guard criteria.departure.adding(days: 1).start(in: origin.zone) > now else {
      throw .dayPassed(criteria.departure)
    }
    if let day = criteria.dayBeyondBookingWindow(at: now) { throw .beyondBookingWindow(day) }
    // Flights that have left, or leave within the cut-off, are not for sale; each is sold at
    // the fare of the cheapest bucket with room for the party (`FareBuckets`).
    let offers = offerGenerator.offers(for: criteria, now: now).filter {
      $0.departure.instant > now.addingTimeInterval(Self.salesCutoff)
    }.map { offer($0, atLevel: fareLevel(of: $0)) }
    for offer in offers { try save(offer, id: offer.id.rawValue, kind: AirlineRecords.offers) }
    return offers
  }

  public func offer(id: OfferID) async throws(ServiceError) -> Offer {
    await configuration.latency.pause()
    return try availableOffer(id)
  }

  func availableOffer(_ id: OfferID) throws(ServiceError) -> Offer {
    let offer = try load(
      Offer.self, id: id.rawValue, kind: AirlineRecords.offers,
      missing: .offerNoLongerAvailable(id))
    let now = clock.now()
    // An offer record beyond the window was never sold by this airline: a file from elsewhere.
    guard now < offer.expiresAt,
      SearchCriteria.isWithinBookingWindow(offer.departure.day, at: now)
    else { throw .offerNoLongerAvailable(id) }
    return offer
  }

  // MARK: - Drafts

  public func createDraft(offer: Offer, passengers: [Passenger], contact: Contact)
    async throws(ServiceError) -> BookingDraft
  {
    await configuration.latency.pause()
    let current = try availableOffer(offer.id)
    try DraftRules.check(passengers, for: current, today: CalendarDay(clock.now(), in: .utc))
    let draft: BookingDraft
    do {
      draft = try BookingDraft(
        id: DraftID.random(prefix: "dr"), offer: current, passengers: passengers, contact: contact)
    } catch {
      throw .invalid(error)
    }
    // Its traveller first: a draft is never anyone's but theirs, even after a crash between.
    if let traveller = configuration.traveller {
      try save(
        DraftOwner(traveller: traveller.id), id: draft.id.rawValue, kind: AirlineRecords.owners)
    }
    try save(draft, id: draft.id.rawValue, kind: AirlineRecords.drafts)
    return draft
  }

  public func draft(id: DraftID) async throws(ServiceError) -> BookingDraft {
    await configuration.latency.pause()
    guard isMine(id) else { throw .draftNotFound(id) }
    return try load(
      BookingDraft.self, id: id.rawValue, kind: AirlineRecords.drafts, missing: .draftNotFound(id))
  }

  /// Whether `draft` (and so its quotes and its booking) belongs to this airline's traveller.
  func isMine(_ draft: DraftID) -> Bool {
    guard let traveller = configuration.traveller else { return true }
    guard
      let owner = try? store.loadIfPresent(
        DraftOwner.self, id: draft.rawValue, kind: AirlineRecords.owners, policy: .report)
    else { return traveller.ownsUnclaimed }
    return owner.traveller == traveller.id
  }

  // MARK: - Quotes

  /// Prices the draft with `extras` and holds the chosen seats for the quote's lifetime
  /// (`SimulatedAirline+Inventory.swift` gives the write order), under the ledger lock: a seat
  /// sold, or held by another draft's live quote, is `seatTaken`.
  public func price(draftID: DraftID, extras: Extras) async throws(ServiceError) -> Quote {
    await configuration.latency.pause()
    // Its published fare worked out before the lock: the lock is held only to read and write.
    let published = publishedFare(draft: draftID)
    let lock: LedgerLock
    do {
      lock = try await lockAirline()
    } catch {
      if case .paymentsUnavailable(let reason) = error { throw .cannotWrite(reason) }
      throw error
    }
    return try withExtendedLifetime(lock) { () throws(ServiceError) -> Quote in
      try priceUnderLock(draftID, extras, published: published)
    }
  }

  private func priceUnderLock(_ draftID: DraftID, _ extras: Extras, published: Money?)
    throws(ServiceError) -> Quote
  {
    guard isMine(draftID) else { throw .draftNotFound(draftID) }
    let draft = try load(
      BookingDraft.self, id: draftID.rawValue, kind: AirlineRecords.drafts,
      missing: .draftNotFound(draftID))
    let offer = try availableOffer(draft.offer.id)
    let now = clock.now()
    // The last seats at the draft's fare sold since it was chosen: the next bucket's fare, and
    // why. Else the workshop's forced re-pricing: a draft re-priced once stays at its new price,
    // and every later quote of it says so again.
    let change =
      bucketChange(for: draft, published: published ?? publishedFare(of: draft.offer))
      ?? Repricing.change(for: draft.offer, configuration.priceChanges)
    let lines = try QuotePricing.lineItems(
      draft: draft, extras: extras, seatMaps: seatMaps.seatMaps(for: offer),
      pricePerAdult: change?.pricePerAdult)
    let quote: Quote
    do {
      quote = try Quote(
        id: QuoteID.random(prefix: "qt"), draftID: draft.id, extras: extras, lineItems: lines,
        total: Money.sum(lines.map(\.amount), in: offer.pricePerAdult.currency),
        expiresAt: now.addingTimeInterval(configuration.quoteLifetime), issuedAt: now,
        priceChange: change)
    } catch {
      throw .invalid(error)
    }
    let holds = try plannedHolds(
      extras, quote: quote.id, expiresAt: quote.expiresAt, draft: draft)
    // 1. The quote, then 2. its holds.
    try save(quote, id: quote.id.rawValue, kind: AirlineRecords.quotes)
    try write(holds)
    return quote
  }

  public func quote(id: QuoteID) async throws(ServiceError) -> Quote {
    // Read by the start's recovery in its hold of the ledger, just before this question (taken
    // before the pause, as `paymentState(of:)` takes what that hold found).
    let found = quotesFound.removeValue(forKey: id)
    await configuration.latency.pause()
    if let found { return found }
    let quote = try load(
      Quote.self, id: id.rawValue, kind: AirlineRecords.quotes, missing: .quoteNotFound(id))
    guard isMine(quote.draftID) else { throw .quoteNotFound(id) }
    return quote
  }

  /// Deletes temp files of writes a crash cut short, older than `age` seconds, in every folder
  /// the airline writes; returns how many went.
  @discardableResult
  public nonisolated func removeStaleTemporaryFiles(olderThan age: TimeInterval) -> Int {
    AirlineRecords.all.reduce(0) { count, kind in
      count + ((try? store.removeStaleTemporaryFiles(of: kind, olderThan: age)) ?? 0)
    }
  }

  // MARK: - Records

  func load<Value: Decodable>(
    _ type: Value.Type, id: String, kind: RecordKind, missing: ServiceError
  ) throws(ServiceError) -> Value {
    do {
      return try store.load(type, id: id, kind: kind, policy: readPolicy)
    } catch {
      if case .notFound = error { throw missing }
      throw .storage(error.description)
    }
  }

  func loadIfPresent<Value: Decodable>(_ type: Value.Type, id: String, kind: RecordKind)
    throws(ServiceError) -> Value?
  {
    do {
      return try store.loadIfPresent(type, id: id, kind: kind, policy: readPolicy)
    } catch {
      throw .store(error)
    }
  }

  /// What a record that cannot be read becomes: moved aside, or, for an airline that only
  /// reads, reported where it is.
  var readPolicy: CorruptRecordPolicy { configuration.repairs ? .moveAside : .report }

  func save<Value: Encodable>(_ value: Value, id: String, kind: RecordKind) throws(ServiceError) {
    do {
      try store.save(value, id: id, kind: kind)
    } catch {
      throw .store(error)
    }
  }
}

extension ServiceError {
  /// A store's failure as the airline reports it: a data directory that cannot be written is
  /// `cannotWrite`, anything else `storage`.
  static func store(_ error: StoreError) -> ServiceError {
    if case .io(_, _, let code) = error, Self.writeFailures.contains(code) {
      return .cannotWrite(error.description)
    }
    return .storage(error.description)
  }

  /// The system calls' failures that say the data directory cannot be written, not that a
  /// record is unreadable.
  static let writeFailures: Set<Int32> = [
    ENOSPC, EDQUOT, EROFS, EFBIG, EIO, EACCES, EPERM, ENOTDIR,
  ]
}
