import Airline
import Domain

/// An airline in memory that answers restore's lookups from dictionaries: no network, no disk.
public struct MemoryLookup: BookingLookup {
  /// Offers by ID.
  public var offers: [OfferID: Offer]
  /// Drafts by ID.
  public var drafts: [DraftID: BookingDraft]
  /// Quotes by ID, expired or not.
  public var quotes: [QuoteID: Quote]

  /// An airline holding these records.
  public init(offers: [Offer], drafts: [BookingDraft], quotes: [Quote]) {
    self.offers = Dictionary(offers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.drafts = Dictionary(drafts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.quotes = Dictionary(quotes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The offer, or `offerNoLongerAvailable`.
  public func offer(id: OfferID) async throws(ServiceError) -> Offer {
    guard let offer = offers[id] else { throw .offerNoLongerAvailable(id) }
    return offer
  }

  /// The draft, or `draftNotFound`.
  public func draft(id: DraftID) async throws(ServiceError) -> BookingDraft {
    guard let draft = drafts[id] else { throw .draftNotFound(id) }
    return draft
  }

  /// The quote, expired or not, or `quoteNotFound`.
  public func quote(id: QuoteID) async throws(ServiceError) -> Quote {
    guard let quote = quotes[id] else { throw .quoteNotFound(id) }
    return quote
  }

  /// Unpaid: the lab's scenarios restore before anything is paid.
  public func paymentState(of quoteID: QuoteID) async throws(ServiceError) -> PaymentState {
    .unpaid(retryKey: nil)
  }
}
