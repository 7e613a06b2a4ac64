import Domain
import FoundationEssentials
import Persistence

/// The kinds of record the simulated airline keeps, one folder each.
enum AirlineRecords {
  static let offers = RecordKind(folder: "offers", schema: 1)
  static let drafts = RecordKind(folder: "drafts", schema: 1)
  static let quotes = RecordKind(folder: "quotes", schema: 1)
  static let bookings = RecordKind(folder: "bookings", schema: 1)
  /// One record per idempotency key: what the first payment attempt with that key did.
  static let payments = RecordKind(folder: "payments", schema: 1)
  /// One record per paid quote, so a quote is never booked twice even under another key.
  static let paidQuotes = RecordKind(folder: "paid-quotes", schema: 1)
}

/// What a payment attempt did, stored under its idempotency key. Holds no card number or code.
struct PaymentRecord: Codable, Sendable {
  enum Outcome: Codable, Sendable, Equatable {
    case booked(BookingReference)
    case declined
    case insufficientFunds
    case cardExpired
  }

  let quoteID: QuoteID
  /// Quote, brand, last four and expiry: enough to tell "the same payment" from another.
  let fingerprint: String
  let outcome: Outcome
  let at: Date
}

/// Which booking paid a quote, and under which key.
struct PaidQuote: Codable, Sendable {
  let reference: BookingReference
  let idempotencyKey: String
}
