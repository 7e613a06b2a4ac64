import Airline
import Canvas
import Domain
import FlowOwner
import Persistence
import Presentation
import Program
import Recording
import Runtime
import Synchronization
import Words
import Zones

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One line of a journal (`--journal`): JSON, one per line. The first is the header (how the
/// program started); then every action the root reduced, in order, with its time, and every
/// answer the airline gave, by call. A job's reply is written as the job's number: the replay
/// runs the same jobs against the recorded answers and reduces their replies in the same order.
///
/// Personal data is written as placeholders, as in recordings (a name's letters as those of
/// "Ada Lovelace", e-mail letters as `a`, phone digits as 5, a birth date as 1990-01-01), in the
/// keys typed and in the airline's drafts and bookings alike; card digits as those of
/// 4242 4242 4242 4242, an expiry as 12/30 and a security code as 1234. Keys that did nothing
/// are left out.
public enum JournalEntry: Codable, Sendable {
  case header(JournalHeader)
  case action(at: Date, JournalAction)
  case call(key: String, n: Int, result: JournalAnswer)
}

/// How the program started: what the first state is made from.
public struct JournalHeader: Codable, Sendable {
  public var version = Options.version
  public var start: Date
  public var zone: String
  public var language: Language
  /// The snapshot being restored (a saved session or a link), if any.
  public var restoring: BookingSnapshot?
  /// The link opened, if a link (not a saved session) is restored.
  public var link: String?
  public var keptSession: StepKind?
  /// The snapshot on disk at the start.
  public var saved: BookingSnapshot?
  public var notice: String?
  public var saveProblem: String?
  public var paymentSeed: UInt64

  public init(
    start: Date, zone: String, language: Language, restoring: BookingSnapshot?,
    link: String?, keptSession: StepKind?, saved: BookingSnapshot?, notice: String?,
    saveProblem: String?, paymentSeed: UInt64
  ) {
    self.start = start
    self.zone = zone
    self.language = language
    self.restoring = restoring
    self.link = link
    self.keptSession = keptSession
    self.saved = saved
    self.notice = notice
    self.saveProblem = saveProblem
    self.paymentSeed = paymentSeed
  }
}

/// A key as a journal holds it.
public indirect enum JournalKey: Codable, Hashable, Sendable {
  /// `KeyCoding`'s word for it (`=a`, `enter`, `ctrl-c`, `f2`).
  case word(String)
  case paste(String)
  case resize(width: Int, height: Int)
  case alt(JournalKey)
  /// A mouse event whole: a release or a click with a modifier acts on nothing, and is journaled
  /// all the same, as every action is.
  case mouse(MouseEvent)

  public init(_ key: Key) {
    switch key {
    case .mouse(let event): self = .mouse(event)
    case .paste(let text): self = .paste(text)
    case .resize(let width, let height): self = .resize(width: width, height: height)
    case .alt(let inner): self = .alt(JournalKey(inner))
    default: self = .word(KeyCoding.word(key) ?? "")
    }
  }

  /// The key, or nil for a word no key has.
  public var key: Key? {
    switch self {
    case .word(let word): KeyCoding.key(word)
    case .paste(let text): .paste(text)
    case .resize(let width, let height): .resize(width: width, height: height)
    case .alt(let inner): inner.key.map(Key.alt)
    case .mouse(let event): .mouse(event)
    }
  }
}

/// An action as a journal holds it.
public enum JournalAction: Codable, Hashable, Sendable {
  /// The program's first frame was drawn (`RootFeature.Action.started`).
  case started
  case key(JournalKey)
  case tick(Date)
  case spin
  /// The saved session or the link restored, at `now`: the replay restores it again from the
  /// header's snapshot and the recorded answers. `saving`: the start's work saved its path.
  case restored(now: Date, saving: Bool)
  /// The reply of the job numbered `job`.
  case reply(job: Int)
  case snapshotSaved(BookingSnapshot, error: String?)
  /// How the start's work saved the restored path (nil: no save was made).
  case restoredPathSaved(BookingSnapshot?, error: String?)
  case snapshotRead(String)
  case announce(String, lasting: Bool)
}

/// What one airline call answered: its value as JSON, or its error.
public enum JournalAnswer: Codable, Hashable, Sendable {
  case value(String)
  case failure(ServiceError)
}

/// The journal's file: lines added from any thread, each whole. A write that fails stops it.
public final class JournalFile: Sendable {
  private let file: Mutex<LineFile?>
  private let failure: Mutex<String?> = Mutex(nil)

  /// A new journal at `path` (0600; one already there is refused unless `replacing`).
  public init(path: String, replacing: Bool) throws(SystemError) {
    file = Mutex(try LineFile(creating: path, replacing: replacing))
  }

  /// Why writing stopped, if it did.
  public var stopped: String? { failure.withLock { $0 } }

  /// Adds `entry` as one line; false once writing has failed.
  @discardableResult
  public func write(_ entry: JournalEntry) -> Bool {
    guard let data = try? JSONEncoder().encode(entry) else { return false }
    let line = String(decoding: data, as: UTF8.self)
    return file.withLock { file in
      guard let open = file else { return false }
      if let error = open.append(line) {
        file = nil
        failure.withLock { $0 = error.reason }
        return false
      }
      return true
    }
  }
}

/// The airline as a journal sees it: live, every answer is written (personal data as
/// placeholders) and passed on as it is; in a replay, every answer comes from the journal, by
/// call and by how many times that call was made before.
public final class JournalServices: OfferService, DraftService, PricingService, PaymentService,
  Sendable
{
  private let live: BookingServices?
  private let file: JournalFile?
  private let answers: [String: [Int: JournalAnswer]]
  private let counts = Mutex<[String: Int]>([:])

  /// Writes what `live` answers to `file`.
  public init(recording live: BookingServices, to file: JournalFile) {
    self.live = live
    self.file = file
    answers = [:]
  }

  /// Answers from a journal's calls.
  public init(replaying answers: [String: [Int: JournalAnswer]]) {
    live = nil
    file = nil
    self.answers = answers
  }

  /// These as the four services.
  public var services: BookingServices {
    BookingServices(offers: self, drafts: self, pricing: self, payments: self)
  }

  private func call<Value: Codable & Sendable>(
    _ key: String, scrub: @Sendable (Value) -> Value = { $0 },
    _ ask: @Sendable (BookingServices) async throws(ServiceError) -> Value
  ) async throws(ServiceError) -> Value {
    let n = counts.withLock { counts in
      defer { counts[key, default: 0] += 1 }
      return counts[key, default: 0]
    }
    if let live {
      do throws(ServiceError) {
        let value = try await ask(live)
        if let data = try? JSONEncoder().encode(scrub(value)) {
          file?.write(.call(key: key, n: n, result: .value(String(decoding: data, as: UTF8.self))))
        }
        return value
      } catch {
        file?.write(.call(key: key, n: n, result: .failure(error)))
        throw error
      }
    }
    guard let answer = answers[key]?[n] else {
      throw .storage("the journal has no answer for \(key) #\(n + 1)")
    }
    switch answer {
    case .failure(let error): throw error
    case .value(let json):
      guard let value = try? JSONDecoder().decode(Value.self, from: Data(json.utf8)) else {
        throw .storage("the journal's answer for \(key) #\(n + 1) cannot be read")
      }
      return value
    }
  }

  private static func search(_ criteria: SearchCriteria) -> String {
    "\(criteria.origin)-\(criteria.destination)-\(criteria.departure.iso)"
      + (criteria.returning.map { "-\($0.iso)" } ?? "") + "-\(criteria.party)"
  }

  public func offers(for criteria: SearchCriteria) async throws(ServiceError) -> [Offer] {
    try await call("offers \(Self.search(criteria))") { services throws(ServiceError) in
      try await services.offers.offers(for: criteria)
    }
  }
  public func offer(id: OfferID) async throws(ServiceError) -> Offer {
    try await call("offer \(id)") { services throws(ServiceError) in
      try await services.offers.offer(id: id)
    }
  }
  /// Given up on the live airline; a replay has nothing to give up.
  public func releaseHolds(of draft: DraftID) async throws(ServiceError) {
    try await live?.pricing.releaseHolds(of: draft)
  }
  public func seatMaps(for offerID: OfferID) async throws(ServiceError) -> [SeatMap] {
    try await seatMaps(for: offerID, heldFor: nil)
  }
  public func seatMaps(for offerID: OfferID, heldFor draft: DraftID?) async throws(ServiceError)
    -> [SeatMap]
  {
    try await call("seatMaps \(offerID)") { services throws(ServiceError) in
      try await services.offers.seatMaps(for: offerID, heldFor: draft)
    }
  }
  public func lowestFares(for criteria: SearchCriteria, days: Int, filter: FareFilter)
    async throws(ServiceError) -> FareCalendar
  {
    try await call("fares \(Self.search(criteria)) \(days) \(filter)") {
      services throws(ServiceError) in
      try await services.offers.lowestFares(for: criteria, days: days, filter: filter)
    }
  }
  public func createDraft(offer: Offer, passengers: [Passenger], contact: Contact)
    async throws(ServiceError) -> BookingDraft
  {
    try await call("createDraft \(offer.id)", scrub: JournalScrub.draft) {
      services throws(ServiceError) in
      try await services.drafts.createDraft(offer: offer, passengers: passengers, contact: contact)
    }
  }
  public func draft(id: DraftID) async throws(ServiceError) -> BookingDraft {
    try await call("draft \(id)", scrub: JournalScrub.draft) { services throws(ServiceError) in
      try await services.drafts.draft(id: id)
    }
  }
  public func price(draftID: DraftID, extras: Extras) async throws(ServiceError) -> Quote {
    try await call("price \(draftID)") { services throws(ServiceError) in
      try await services.pricing.price(draftID: draftID, extras: extras)
    }
  }
  public func quote(id: QuoteID) async throws(ServiceError) -> Quote {
    try await call("quote \(id)") { services throws(ServiceError) in
      try await services.pricing.quote(id: id)
    }
  }
  public func pay(quoteID: QuoteID, method: PaymentCard, idempotencyKey: IdempotencyKey)
    async throws(ServiceError) -> Booking
  {
    try await call("pay \(quoteID)", scrub: JournalScrub.booking) {
      services throws(ServiceError) in
      try await services.payments.pay(
        quoteID: quoteID, method: method, idempotencyKey: idempotencyKey)
    }
  }
  public func booking(reference: BookingReference) async throws(ServiceError) -> Booking {
    try await call("booking \(reference)", scrub: JournalScrub.booking) {
      services throws(ServiceError) in
      try await services.payments.booking(reference: reference)
    }
  }
  public func quoteCancellation(of reference: BookingReference) async throws(ServiceError)
    -> CancellationQuote
  {
    try await call("quoteCancellation \(reference)") { services throws(ServiceError) in
      try await services.payments.quoteCancellation(of: reference)
    }
  }
  public func confirmCancellation(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> Booking
  {
    try await call("confirmCancellation \(id)", scrub: JournalScrub.booking) {
      services throws(ServiceError) in
      try await services.payments.confirmCancellation(id, of: reference)
    }
  }
  public func cancellationQuote(_ id: CancellationQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> CancellationQuote
  {
    try await call("cancellationQuote \(id)") { services throws(ServiceError) in
      try await services.payments.cancellationQuote(id, of: reference)
    }
  }
  public func changeOffers(for criteria: ChangeCriteria) async throws(ServiceError)
    -> [ChangeOffer]
  {
    try await call("changeOffers \(criteria.reference) \(criteria.slice) \(criteria.departure)") {
      services throws(ServiceError) in
      try await services.payments.changeOffers(for: criteria)
    }
  }
  public func quoteChange(_ id: ChangeOfferID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
  {
    try await call("quoteChange \(id)") { services throws(ServiceError) in
      try await services.payments.quoteChange(id, of: reference)
    }
  }
  public func confirmChange(
    _ id: ChangeQuoteID, of reference: BookingReference, card: PaymentCard?
  ) async throws(ServiceError) -> Booking {
    try await call("confirmChange \(id)", scrub: JournalScrub.booking) {
      services throws(ServiceError) in
      try await services.payments.confirmChange(id, of: reference, card: card)
    }
  }
  public func changeQuote(_ id: ChangeQuoteID, of reference: BookingReference)
    async throws(ServiceError) -> ChangeQuote
  {
    try await call("changeQuote \(id)") { services throws(ServiceError) in
      try await services.payments.changeQuote(id, of: reference)
    }
  }
  public func bookingList() async throws(ServiceError) -> [BookingListing] {
    try await call("bookingList") { services throws(ServiceError) in
      try await services.payments.bookingList()
    }
  }
  public func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    try await call("paymentState \(quoteID)") { services throws(ServiceError) in
      try await services.payments.paymentState(of: quoteID)
    }
  }
  public func recoverInterruptedPayments() async throws(ServiceError) -> [RecoveredPayment] {
    try await call("recover") { services throws(ServiceError) in
      try await services.payments.recoverInterruptedPayments()
    }
  }
}

/// Personal data as a journal writes it: the placeholders of `KeyRecording`, so that keys typed
/// and the airline's answers agree.
public struct JournalScrub: Sendable {
  private var field: SensitiveText?
  private var letters = 0
  private var digits = 0

  public init() {}

  /// `key`, which did `use`, as the journal writes it; nil when it is left out (it did nothing).
  public mutating func key(_ key: Key, use: KeyUse) -> JournalKey? {
    let target: SensitiveText? = if case .typed(let text) = use { text } else { nil }
    if target != field {
      field = target
      letters = 0
      digits = 0
    }
    switch (use, key) {
    case (.ignored, .character), (.ignored, .paste):
      return nil
    case (.typed(let text), .character(let character)):
      return JournalKey(.character(placeholder(character, text)))
    case (.typed(let text), .paste(let pasted)):
      return .paste(String(pasted.map { placeholder($0, text) }))
    default:
      return JournalKey(key)
    }
  }

  private mutating func placeholder(_ character: Character, _ text: SensitiveText) -> Character {
    let index = character.isLetter ? letters : digits
    if character.isLetter { letters += 1 }
    if character.isNumber { digits += 1 }
    if text == .cardNumber {
      guard character.isNumber else { return character }
      let card = Array("4242424242424242")
      return card[index % card.count]
    }
    return KeyRecording.placeholder(for: character, in: text, at: index)
  }

  /// `text` as typed into a field of kind `kind` from its start.
  static func text(_ text: String, _ kind: SensitiveText) -> String {
    var scrub = JournalScrub()
    scrub.field = kind
    return String(text.map { scrub.placeholder($0, kind) })
  }

  static func passenger(_ passenger: Passenger) -> Passenger {
    let born = text(passenger.dateOfBirth.iso, .birthDate)
    guard let day = try? CalendarDay(iso: born),
      let scrubbed = try? Passenger(
        id: passenger.id, title: passenger.title,
        givenName: text(passenger.givenName, .name),
        familyName: text(passenger.familyName, .name), dateOfBirth: day)
    else { return passenger }
    return scrubbed
  }

  static func contact(_ contact: Contact) -> Contact {
    (try? Contact(email: text(contact.email, .email), phone: text(contact.phone, .phone)))
      ?? contact
  }

  @Sendable static func draft(_ draft: BookingDraft) -> BookingDraft {
    (try? BookingDraft(
      id: draft.id, offer: draft.offer, passengers: draft.passengers.map(passenger),
      contact: contact(draft.contact))) ?? draft
  }

  @Sendable static func booking(_ booking: Booking) -> Booking {
    Booking(
      reference: booking.reference, draftID: booking.draftID, quoteID: booking.quoteID,
      offer: booking.offer, passengers: booking.passengers.map(passenger),
      contact: contact(booking.contact), extras: booking.extras, totalPaid: booking.totalPaid,
      paymentMethod: booking.paymentMethod, paidAt: booking.paidAt)
  }
}
