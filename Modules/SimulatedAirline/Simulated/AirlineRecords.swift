import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The kinds of record the simulated airline keeps, one folder each.
public enum AirlineRecords {
  public static let offers = RecordKind(folder: "offers", schema: 1)
  public static let drafts = RecordKind(folder: "drafts", schema: 1)
  public static let quotes = RecordKind(folder: "quotes", schema: 1)
  /// The bookings: the truth of what was paid.
  static let bookings = RecordKind(folder: "bookings", schema: 1)
  /// One record per idempotency key: the charge that key made, or why it made none.
  static let payments = RecordKind(folder: "payments", schema: 1)
  /// The write-ahead log of the ledger: one record per draft with a payment under way, named by
  /// the draft, present only until that payment is settled.
  public static let intents = RecordKind(folder: "intents", schema: 1)
  /// One record per draft with a payment, naming its booking: written before the charge, so that
  /// from then on two records named by the draft (this and the intent, then this and the claim)
  /// say the draft is taken, and losing either one is noticed.
  static let orders = RecordKind(folder: "orders", schema: 1)
  /// The settled payment of a booked draft: its intent, kept under the draft's name once the
  /// booking is written. Never removed.
  static let claims = RecordKind(folder: "claims", schema: 1)
  /// The ledger's own bookkeeping (that `orders` was built from the bookings of older versions).
  static let ledger = RecordKind(folder: "ledger", schema: 1)
  /// Which booking paid a quote, written by versions before the ledger; read when `orders` is
  /// first built, never written.
  static let paidQuotes = RecordKind(folder: "paid-quotes", schema: 1)

  /// The seats of each flight's cabin that quotes hold and bookings bought, one record per
  /// cabin of a flight (`FlightKey`): written under the ledger lock, in the write orders of
  /// `SimulatedAirline+Inventory.swift`.
  static let inventory = RecordKind(folder: "inventory", schema: 1)

  /// A sealed copy of each charge (`PaymentRecord`, by idempotency key), written right after
  /// `payments/<key>`: when that cannot be read, the copy says whether the card was charged.
  static let charges = RecordKind(folder: "charges", schema: 1)

  /// Whose each draft is (`DraftOwner`, by draft): written before the draft, on an airline that
  /// tells its travellers apart.
  static let owners = RecordKind(folder: "owners", schema: 1)

  /// Each booking's cancellation (`CancellationRecord`, by reference): its latest cancellation
  /// quote, and once confirmed, when. Written under the ledger lock, in the write order of
  /// `SimulatedAirline+Cancelling.swift`.
  static let cancellations = RecordKind(folder: "cancellations", schema: 1)
  /// The refunds, one per cancelled booking (`RefundRecord`, by reference): the money that went
  /// back, written once, after the cancellation's commit.
  static let refunds = RecordKind(folder: "refunds", schema: 1)
  /// Cancellations under way (by reference), present from before the commit until the refund and
  /// the seats' release are written: what the next start settles.
  static let cancelling = RecordKind(folder: "cancelling", schema: 1)

  /// The change offers given (`ChangeOffer`, by ID): what a change quote locks.
  static let changeOffers = RecordKind(folder: "changeOffers", schema: 1)
  /// Each booking's changes (`ChangeRecord`, by reference): its confirmed changes and its open
  /// change quote. Written under the ledger lock, in the write order of
  /// `SimulatedAirline+ChangeConfirming.swift`.
  static let changes = RecordKind(folder: "changes", schema: 1)
  /// The money each change moved (`ChangeMoneyRecord`, by reference and version): written once,
  /// after the change's commit.
  static let changeMoney = RecordKind(folder: "changeMoney", schema: 1)
  /// Changes under way (by reference), present from before the commit until the money and the
  /// seats are written: what the next start settles.
  static let changing = RecordKind(folder: "changing", schema: 1)

  /// The bookings, newest written last (`ledger/bookings.listing`): what the trips list reads.
  static let bookingsIndex = ListingIndex(of: bookings, in: ledger)

  /// Every folder the airline writes, for cleaning up temp files of writes cut short.
  static let all = [
    offers, drafts, quotes, bookings, payments, intents, orders, claims, ledger, inventory,
    owners, charges, cancellations, refunds, cancelling, changeOffers, changes, changeMoney,
    changing,
  ]
}

/// What one idempotency key did, stored under the key: the charge (with the booking it paid
/// for) or the refusal. Holds no card number or security code.
struct PaymentRecord: Codable, Sendable {
  enum Outcome: Codable, Sendable, Equatable {
    /// The card was charged for this booking.
    case booked(BookingReference)
    case declined
    case insufficientFunds
    case cardExpired
    /// A crash cut the attempt off before any charge: the key may pay again.
    case interrupted
  }

  let quoteID: QuoteID
  /// Quote, brand, last four and expiry: enough to tell "the same payment" from another.
  let fingerprint: String
  let outcome: Outcome
  let at: Date
  /// The draft paid for, the card (brand and last four) and the amount: with them a charge
  /// whose booking was never written can be booked at the next start. Absent in records
  /// written before the ledger.
  var draftID: DraftID?
  var method: PaymentMethod?
  var amount: Money?
}

/// A payment under way for a draft (`intents/<draft>.json`), written before the card is charged.
struct PaymentIntent: Codable, Sendable {
  let key: IdempotencyKey
  let fingerprint: String
  /// The booking this payment makes, complete before the charge (its reference chosen now, so
  /// the charge can name it): the next start can write it from this record alone.
  let booking: Booking

  var quoteID: QuoteID { booking.quoteID }
  var draftID: DraftID { booking.draftID }
  var reference: BookingReference { booking.reference }
}

/// The settled payment of a booked draft (`claims/<draft>.json`): what its charge was, with no
/// name, contact or card number in it. The booking can be written again from it, the draft and
/// the quote.
struct Claim: Codable, Sendable {
  let key: IdempotencyKey
  /// The charge's fingerprint; empty when the claim was written again without its charge.
  let fingerprint: String
  let reference: BookingReference
  let quoteID: QuoteID
  let draftID: DraftID
  let method: PaymentMethod
  let amount: Money
  let paidAt: Date

  init(_ intent: PaymentIntent) {
    self.init(intent.booking, key: intent.key, fingerprint: intent.fingerprint)
  }

  init(_ booking: Booking, key: IdempotencyKey, fingerprint: String) {
    self.key = key
    self.fingerprint = fingerprint
    reference = booking.reference
    quoteID = booking.quoteID
    draftID = booking.draftID
    method = booking.paymentMethod
    amount = booking.totalPaid
    paidAt = booking.paidAt
  }
}

/// The booking of a draft (`orders/<draft>.json`).
struct Order: Codable, Sendable {
  let reference: BookingReference
  let quoteID: QuoteID
  /// The key that paid it; nil for orders rebuilt from older bookings.
  let key: IdempotencyKey?
}

/// Which booking paid a quote, as versions before the ledger kept it (`paid-quotes/<quote>`).
struct PaidQuote: Codable, Sendable {
  let reference: BookingReference
}

/// The traveller a draft belongs to (`owners/<draft>.json`), and so its quotes and its booking.
struct DraftOwner: Codable, Sendable {
  let traveller: TravellerID
}

/// That `orders/` holds an entry for every booking (`ledger/orders-index.json`).
struct OrdersIndex: Codable, Sendable {
  let builtAt: Date
}
